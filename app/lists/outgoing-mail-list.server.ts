// Outgoing Mail (/outgoing-mail, issue 23, decision 0065): every grower's report asked for, newest
// first, with what became of it; filterable by pre-treat number and status. Reports are few (one a
// completion, and the resends), so the total is a count of the table.
import { sql } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import { userDisplayName } from '#db/queries/users.ts'
import { defineList } from './list-engine.server.ts'
import { listScreen } from './list-screen.server.ts'

/** A timestamp as ISO text: the row reaches the page as JSON either way, and its type says so. */
const iso = (column: string) => sql<string | null>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`

export const outgoingMailList = defineList({
  from: (db: Executor) => db.selectFrom('grower_reports as r'),
  joins: (qb) =>
    qb
      .innerJoin('pretreats as p', 'p.id', 'r.pretreat_id')
      .innerJoin('storages as s', 's.id', 'p.storage_id')
      .innerJoin('companies as g', (join) => join.on(sql`g.id`, '=', sql`coalesce(s.grower_id, p.company_id)`))
      .leftJoin('users as u', 'u.id', 'r.requested_by')
      .leftJoin('application_records as ar', 'ar.pretreat_id', 'r.pretreat_id'),
  select: (qb) =>
    qb.select([
      'r.id',
      'r.pretreat_id',
      'r.reason',
      'r.status',
      'r.recipients',
      'r.transport',
      'r.eml_file',
      'r.error',
      'p.pre_treat_number',
      'g.company_name as grower_name',
      'ar.id as record_id',
      iso('r.requested_at').$notNull().as('requested_at'),
      iso('r.sent_at').as('sent_at'),
      sql<string | null>`case when u.id is null then null else ${userDisplayName('u')} end`.as('requested_by_name'),
    ]),
  primaryKey: 'r.id',
  sortable: {
    requested_at: 'r.requested_at',
    // pre-treat numbers are given in id order
    pretreat: 'r.pretreat_id',
    status: 'r.status',
  },
  filterable: {
    pretreat: { kind: 'contains', column: sql`(select pn.pre_treat_number from pretreats pn where pn.id = r.pretreat_id)` },
    status: { kind: 'contains', column: 'r.status' },
  },
  dateColumn: 'r.requested_at',
  defaultSort: { key: 'requested_at', order: 'desc' },
})

export type OutgoingMailRow = Awaited<ReturnType<typeof outgoingMailList.load>>['rows'][number]

export const outgoingMail = listScreen({ list: outgoingMailList })
