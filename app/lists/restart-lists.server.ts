// The two restart lists (docs/decisions/0041): Pending Restarts (/pending-restarts, the restarts not
// yet confirmed, oldest questions at the top of nobody's mind: newest opened first) and Completed
// Restarts (/completed-restarts, newest completed first). Columns Pre-Treat #, Owner, Storage,
// Application Date, Applicator, then Opened (pending) or Completed and Completed By. Sortable: the
// list's date, number, owner, storage; filterable: number by contained text, owner and storage by
// part of the name. The base is restarts joined to its pre-treat (a NOT NULL key, one each), so the
// owner and storage filters go through the pre-treats' indexed keys; the default sorts walk
// restarts_pending_idx / restarts_completed_idx.
import type { Executor } from '#db/client.server.ts'
import { restartListRows, restartsWithPretreat } from '#db/queries/restarts.ts'
import { defineList } from './list-engine.server.ts'
import { listScreen } from './list-screen.server.ts'

function restartList(completed: boolean) {
  const date = completed ? 'r.completed_at' : 'r.created_at'
  return defineList({
    from: (db: Executor) => restartsWithPretreat(db).where('r.completed_at', completed ? 'is not' : 'is', null),
    // the row's joins and columns are the query layer's (its co and st are what the sorts below name)
    joins: (qb) => qb,
    select: restartListRows,
    primaryKey: 'r.id',
    sortable: {
      date,
      pre_treat_number: { expr: 'p.pre_treat_number', unique: true },
      company: { expr: 'co.company_name', join: (qb) => qb.innerJoin('companies as co', 'co.id', 'p.company_id') },
      storage: { expr: 'st.name', join: (qb) => qb.innerJoin('storages as st', 'st.id', 'p.storage_id') },
    },
    filterable: {
      pre_treat_number: { kind: 'contains', column: 'p.pre_treat_number' },
      company: { kind: 'name', table: 'companies', nameColumn: 'company_name', foreignKey: 'p.company_id' },
      storage: { kind: 'name', table: 'storages', nameColumn: 'name', foreignKey: 'p.storage_id' },
    },
    dateColumn: date,
    defaultSort: { key: 'date', order: 'desc' },
    // Completed restarts are nearly the whole table: its row count less the pending few (migration
    // 0027). The pending ones are a small set, counted on their partial index.
    rowCount: completed ? { table: 'restarts', minus: (db: Executor) => db.selectFrom('restarts').where('completed_at', 'is', null) } : undefined,
  })
}

export const pendingRestartList = restartList(false)
export const completedRestartList = restartList(true)

export type RestartListKey = (typeof pendingRestartList.spec.sortable)[number]
export type RestartListRow = Awaited<ReturnType<typeof pendingRestartList.load>>['rows'][number]

/** Pending Restarts' screen (routes/pending-restarts.tsx and its CSV). */
export const pendingRestarts = listScreen({ list: pendingRestartList, choices: ['company', 'storage'] })
/** Completed Restarts' screen (routes/completed-restarts.tsx and its CSV). */
export const completedRestarts = listScreen({ list: completedRestartList, choices: ['company', 'storage'] })
