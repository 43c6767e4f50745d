// The four pre-treat lists (/staged-pre-treat, /scheduled-pre-treat, /review-pre-treat,
// /completed-pre-treat; docs/decisions/0036): one definition, each list its part of the pre-treats
// (db/queries/pretreat-lists.ts says which). Columns Date Created, Pre-Treat #, Owner (the
// company), Storage, Status, CWT (the first chemical's), Chemical (the names), Assigned To (the
// applicator). Sortable: date (newest first by default), number, owner, storage, status; filterable:
// number by contained text, owner and storage by part of the name.
import { sql } from 'kysely'
import { PRETREAT_STATE_SETS } from '#core/pretreat-states.ts'
import type { Executor } from '#db/client.server.ts'
import { pretreatMine } from '#db/queries/notices.ts'
import { mineFilter } from './mine-filter.server.ts'
import { onPretreatList, pretreatListRows, pretreatsAsP, type PretreatListName } from '#db/queries/pretreat-lists.ts'
import { inStates } from '#db/queries/states.ts'
import { defineList } from './list-engine.server.ts'
import { listScreen } from './list-screen.server.ts'

function pretreatList(list: PretreatListName) {
  return defineList({
    from: (db: Executor) => pretreatsAsP(db).where(onPretreatList(list)),
    // the row's joins and columns are the query layer's (its co and st are what the sorts below name)
    joins: (qb) => qb,
    select: pretreatListRows,
    primaryKey: 'p.id',
    sortable: {
      created_at: 'p.created_at',
      pre_treat_number: { expr: 'p.pre_treat_number', unique: true },
      company: { expr: 'co.company_name', join: (qb) => qb.innerJoin('companies as co', 'co.id', 'p.company_id') },
      storage: { expr: 'st.name', join: (qb) => qb.innerJoin('storages as st', 'st.id', 'p.storage_id') },
      status: 'p.status',
    },
    filterable: {
      pre_treat_number: { kind: 'contains', column: 'p.pre_treat_number' },
      company: { kind: 'name', table: 'companies', nameColumn: 'company_name', foreignKey: 'p.company_id' },
      storage: { kind: 'name', table: 'storages', nameColumn: 'name', foreignKey: 'p.storage_id' },
    },
    dateColumn: 'p.created_at',
    defaultSort: { key: 'created_at', order: 'desc' },
    // The completed list is most of the table: its row count less the others (a small indexed set).
    // The other three are small parts, counted on their partial indexes.
    rowCount:
      list === 'completed' ? { table: 'pretreats', minus: (db: Executor) => db.selectFrom('pretreats').where(sql<boolean>`not ${inStates('status', PRETREAT_STATE_SETS.completed)}`) } : undefined,
  })
}

export const PRETREAT_LIST_ENGINES = {
  staged: pretreatList('staged'),
  scheduled: pretreatList('scheduled'),
  review: pretreatList('review'),
  completed: pretreatList('completed'),
} as const

export type PretreatListKey = (typeof PRETREAT_LIST_ENGINES.staged.spec.sortable)[number]
export type PretreatListRow = Awaited<ReturnType<typeof PRETREAT_LIST_ENGINES.staged.load>>['rows'][number]

const screenOf = (list: PretreatListName) => listScreen({ list: PRETREAT_LIST_ENGINES[list], choices: ['company', 'storage'], userFilter: mineFilter(pretreatMine) })

/** Each list's screen (routes/<list>-pre-treat.tsx and its CSV). */
export const PRETREAT_LIST_SCREENS = {
  staged: screenOf('staged'),
  scheduled: screenOf('scheduled'),
  review: screenOf('review'),
  completed: screenOf('completed'),
} as const
