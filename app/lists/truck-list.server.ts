// Trucks (/manage-truck): number, make, model, active and the day it was added; all sortable, by
// number first; number, make and model filter by contained text, Active by 'Yes' or 'No'.
import type { Executor } from '#db/client.server.ts'
import { defineList, yesNoFilter } from './list-engine.server.ts'
import { listScreen } from './list-screen.server.ts'

export const truckList = defineList({
  from: (db: Executor) => db.selectFrom('trucks as t'),
  joins: (qb) => qb,
  select: (qb) => qb.select(['t.id', 't.number', 't.make', 't.model', 't.active', 't.created_at']),
  primaryKey: 't.id',
  sortable: {
    number: 't.number',
    make: 't.make',
    model: 't.model',
    active: 't.active',
    created_at: 't.created_at',
  },
  filterable: {
    number: { kind: 'contains', column: 't.number' },
    make: { kind: 'contains', column: 't.make' },
    model: { kind: 'contains', column: 't.model' },
    active: yesNoFilter('t.active'),
  },
  dateColumn: 't.created_at',
  defaultSort: { key: 'number', order: 'asc' },
  rowCount: 'trucks',
})

export type TruckListRow = Awaited<ReturnType<typeof truckList.load>>['rows'][number]

/** Trucks' screen (routes/manage-truck.tsx and its CSV, manage-truck[.]csv.ts). */
export const trucks = listScreen({ list: truckList })
