// Backups (/backups, issue 25, decision 0071): each finished `npm run backup`, newest first. A
// backup a day: the table stays small, so the total is a count of it.
import { sql } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import { defineList } from './list-engine.server.ts'
import { listScreen } from './list-screen.server.ts'

const iso = (column: string) => sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`

export const backupList = defineList({
  from: (db: Executor) => db.selectFrom('backups as b'),
  joins: (qb) => qb,
  select: (qb) =>
    qb.select([
      'b.id',
      'b.name',
      'b.location',
      'b.tables',
      'b.rows',
      'b.files',
      'b.bytes',
      'b.missing_files',
      'b.app_version',
      iso('b.started_at').as('started_at'),
      iso('b.finished_at').as('finished_at'),
    ]),
  primaryKey: 'b.id',
  sortable: { finished_at: 'b.finished_at', location: 'b.location', bytes: 'b.bytes' },
  filterable: { location: { kind: 'contains', column: 'b.location' } },
  dateColumn: 'b.finished_at',
  defaultSort: { key: 'finished_at', order: 'desc' },
})

export type BackupRow = Awaited<ReturnType<typeof backupList.load>>['rows'][number]

export const backups = listScreen({ list: backupList })
