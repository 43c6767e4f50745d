// Products (/manage-product): every product, active or not, by name. Filters: the name (part of it,
// case and accents ignored), the EPA registration number and the units. A short table (a few dozen
// chemicals): counted, without a row_counts entry, and without a date range.
import { productColumns, productsAsP } from '#db/queries/products.ts'
import { defineList } from './list-engine.server.ts'
import { listScreen } from './list-screen.server.ts'

export const productList = defineList({
  from: productsAsP,
  joins: (qb) => qb,
  // a row is every field, as the edit form reads them (the query layer's)
  select: productColumns,
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
