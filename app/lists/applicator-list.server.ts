// Applicators (/manage-applicator): every applicator, active or not, by name, with the license and
// its expiration. Filters: the name (or username) and the license number; the date range is the
// license expiration (which licenses run out between two days). A short table: counted.
import { sql } from 'kysely'
import { applicatorListRows, applicatorsAsA } from '#db/queries/applicators.ts'
import { userDisplayName } from '#db/queries/users.ts'
import { defineList } from './list-engine.server.ts'
import { listScreen } from './list-screen.server.ts'

/** Filters test the base table only: the applicator's user's names, as one text. */
const userNames = sql<string>`(select concat_ws(' ', u.first_name, u.last_name, u.username) from users u where u.id = a.user_id)`

export const applicatorList = defineList({
  from: applicatorsAsA,
  // the row's join and columns are the query layer's (its u is what the name sort names)
  joins: (qb) => qb,
  select: applicatorListRows,
  primaryKey: 'a.id',
  sortable: {
    name: { expr: userDisplayName('u'), join: (qb) => qb.innerJoin('users as u', 'u.id', 'a.user_id') },
    license: 'a.license',
    expiration: 'a.expiration',
    active: 'a.active',
  },
  filterable: {
    name: { kind: 'contains', column: userNames },
    license: { kind: 'contains', column: 'a.license' },
  },
  dateColumn: 'a.expiration',
  defaultSort: { key: 'name', order: 'asc' },
})

export type ApplicatorListRow = Awaited<ReturnType<typeof applicatorList.load>>['rows'][number]

export const applicators = listScreen({ list: applicatorList })
