// Parts (/manage-part): part number, description, special, active and the day it was added; all
// sortable, by part number first; part number and description filter by contained text, Special
// and Active by 'Yes' or 'No'.
import type { Executor } from '#db/client.server.ts'
import { defineList, yesNoFilter } from './list-engine.server.ts'
import { listScreen } from './list-screen.server.ts'

export const partList = defineList({
  from: (db: Executor) => db.selectFrom('parts as p'),
  joins: (qb) => qb,
  select: (qb) => qb.select(['p.id', 'p.part_number', 'p.description', 'p.is_special', 'p.active', 'p.created_at']),
  primaryKey: 'p.id',
  sortable: {
    part_number: 'p.part_number',
    description: 'p.description',
    is_special: 'p.is_special',
    active: 'p.active',
    created_at: 'p.created_at',
  },
  filterable: {
    part_number: { kind: 'contains', column: 'p.part_number' },
    description: { kind: 'contains', column: 'p.description' },
    is_special: yesNoFilter('p.is_special'),
    active: yesNoFilter('p.active'),
  },
  dateColumn: 'p.created_at',
  defaultSort: { key: 'part_number', order: 'asc' },
  rowCount: 'parts',
})

export type PartListRow = Awaited<ReturnType<typeof partList.load>>['rows'][number]

/** Parts' screen (routes/manage-part.tsx and its CSV, manage-part[.]csv.ts). */
export const parts = listScreen({ list: partList })
