// Checks due (/checks-due): the storages whose check is due (db/queries/storage-checks.ts
// checksDue: who is due and how the age counts), on the list engine: storage, grower, last check,
// days overdue; most overdue first; sortable on each, filterable by storage and grower name, the
// date range on the last check. The base "table" is the due storages themselves (one row per
// storage, a few thousand at most), so every total is counted.
import type { Executor } from '#db/client.server.ts'
import { checksDue } from '#db/queries/storage-checks.ts'
import { defineList } from './list-engine.server.ts'
import { listScreen } from './list-screen.server.ts'

export const checksDueList = defineList({
  from: (db: Executor) => db.selectFrom(checksDue(db).as('d')),
  joins: (qb) => qb,
  select: (qb) => qb.select(['d.storage_id as id', 'd.storage_name', 'd.owner_id', 'd.grower_name', 'd.last_check', 'd.days_overdue', 'd.storage_check_interval']),
  primaryKey: 'd.storage_id',
  sortable: {
    days_overdue: 'd.days_overdue',
    storage: 'd.storage_name',
    grower: 'd.grower_name',
    last_check: 'd.last_check',
  },
  filterable: {
    storage: { kind: 'name', table: 'storages', nameColumn: 'name', foreignKey: 'd.storage_id' },
    grower: { kind: 'name', table: 'companies', nameColumn: 'company_name', foreignKey: 'd.grower_id' },
  },
  dateColumn: 'd.last_check',
  defaultSort: { key: 'days_overdue', order: 'desc' },
})

export type ChecksDueRow = Awaited<ReturnType<typeof checksDueList.load>>['rows'][number]

/** The Checks due screen (routes/checks-due.tsx and its CSV). */
export const checksDueScreen = listScreen({ list: checksDueList, choices: ['grower'] })
