// Applications (/manage-application): every application, active or not, by name, with its base
// price and its chemicals in order. Filters: the name, and a chemical (part of its name). A short
// table: counted, without a row_counts entry, and without a date range.
import { sql } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import { defineList } from './list-engine.server.ts'
import { listScreen } from './list-screen.server.ts'

/** The application's chemicals, in order, as one text ('CIPC, 1,4SIGHT'). */
const chemicals = sql<string>`(select coalesce(string_agg(p.product_name, ', ' order by ap.position, p.product_name), '') from application_products ap join products p on p.id = ap.product_id where ap.application_id = a.id)`

export const applicationList = defineList({
  from: (db: Executor) => db.selectFrom('applications as a'),
  joins: (qb) => qb,
  select: (qb) => qb.select(['a.id', 'a.name', sql<string>`trim_scale(a.base_price)::text`.as('base_price'), chemicals.as('chemicals'), 'a.active']),
  primaryKey: 'a.id',
  sortable: {
    name: 'a.name',
    base_price: 'a.base_price',
    chemical: chemicals,
    active: 'a.active',
  },
  filterable: {
    name: { kind: 'name', table: 'applications', nameColumn: 'name', foreignKey: 'a.id' },
    chemical: { kind: 'contains', column: chemicals },
  },
  defaultSort: { key: 'name', order: 'asc' },
})

export type ApplicationListRow = Awaited<ReturnType<typeof applicationList.load>>['rows'][number]

export const applications = listScreen({ list: applicationList, choices: ['name'] })
