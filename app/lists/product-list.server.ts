// Products (/manage-product): every product, active or not, by name. Filters: the name (part of it,
// case and accents ignored), the EPA registration number and the units. A short table (a few dozen
// chemicals): counted, without a row_counts entry, and without a date range.
import { sql } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import { defineList } from './list-engine.server.ts'
import { listScreen } from './list-screen.server.ts'

/** A numeric as typed: '84000', not '84000.0000'. */
const plain = (column: string) => sql<string | null>`trim_scale(${sql.ref(column)})::text`

export const productList = defineList({
  from: (db: Executor) => db.selectFrom('products as p'),
  joins: (qb) => qb,
  select: (qb) =>
    qb.select([
      'p.id',
      'p.product_name',
      'p.registration',
      'p.units',
      plain('p.ppm').as('ppm'),
      plain('p.ppm_constant').as('ppm_constant'),
      plain('p.per').as('per'),
      plain('p.converter').as('converter'),
      plain('p.min_qty').as('min_qty'),
      plain('p.max_ppm_per_application').as('max_ppm_per_application'),
      'p.max_applications_per_season',
      'p.active',
    ]),
  primaryKey: 'p.id',
  sortable: {
    product: 'p.product_name',
    registration: 'p.registration',
    units: 'p.units',
    active: 'p.active',
  },
  filterable: {
    product: { kind: 'name', table: 'products', nameColumn: 'product_name', foreignKey: 'p.id' },
    registration: { kind: 'contains', column: 'p.registration' },
    units: { kind: 'contains', column: 'p.units' },
  },
  defaultSort: { key: 'product', order: 'asc' },
})

export type ProductListRow = Awaited<ReturnType<typeof productList.load>>['rows'][number]

export const products = listScreen({ list: productList, choices: ['product'] })
