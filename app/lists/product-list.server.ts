// Products (/manage-product): every product, active or not, by name. Filters: the name (part of it,
// case and accents ignored), the EPA registration number and the units. A short table (a few dozen
// chemicals): counted, without a row_counts entry, and without a date range.
import type { Executor } from '#db/client.server.ts'
import { numericAsTyped } from '#db/queries/products.ts'
import { defineList } from './list-engine.server.ts'
import { listScreen } from './list-screen.server.ts'

export const productList = defineList({
  from: (db: Executor) => db.selectFrom('products as p'),
  joins: (qb) => qb,
  select: (qb) =>
    qb.select([
      'p.id',
      'p.product_name',
      'p.registration',
      'p.units',
      numericAsTyped('p.ppm').as('ppm'),
      numericAsTyped('p.ppm_constant').as('ppm_constant'),
      numericAsTyped('p.per').as('per'),
      numericAsTyped('p.converter').as('converter'),
      numericAsTyped('p.min_qty').as('min_qty'),
      numericAsTyped('p.max_ppm_per_application').as('max_ppm_per_application'),
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
