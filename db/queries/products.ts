// Products (chemicals) and applications: the admin screens' reads, and an application's chemicals
// (spec §3 Chemical/product; application_products lines, in order). Their saves: commands/products.ts.
// Nothing is deleted: a product or application is deactivated (active = false), so the pre-treats
// that name it keep it, and the pickers stop offering it.
import { sql, type Insertable, type Updateable } from 'kysely'
import type { ProductUnit } from '#core/enums.ts'
import type { Executor } from '../client.server.ts'
import type { Database } from '../schema.ts'

const isId = (id: number) => Number.isSafeInteger(id) && id > 0

/** A numeric as typed: '84000', not '84000.0000' (null stays null); the admin lists show it so too. */
export const numericAsTyped = (column: string) => sql<string | null>`trim_scale(${sql.ref(column)})::text`

// ---- products ------------------------------------------------------------------------------

export interface ProductOption {
  id: number
  product_name: string
  units: ProductUnit
  active: boolean
}

/** Products for a picker, by name: every one, or the active ones. */
export function productOptions(db: Executor, { activeOnly }: { activeOnly: boolean }): Promise<ProductOption[]> {
  let query = db.selectFrom('products').select(['id', 'product_name', 'units', 'active'])
  if (activeOnly) query = query.where('active', '=', true)
  return query.orderBy('product_name').orderBy('id').execute()
}

export interface ProductRecord {
  id: number
  product_name: string
  registration: string
  units: ProductUnit
  ppm: string | null
  ppm_constant: string | null
  per: string | null
  converter: string | null
  min_qty: string
  max_ppm_per_application: string | null
  max_applications_per_season: number | null
  max_total_per_season: string | null
  max_total_basis: 'cwt' | 'ton'
  min_days_between: number | null
  min_days_before_removal: number | null
  reentry_hours: string | null
  not_for_seed: boolean
  supplier: string
  active: boolean
}

/** The products, aliased `p` as productColumns names them. */
export const productsAsP = (db: Executor) => db.selectFrom('products as p')

/** Every field of each product `products` selects, numbers as typed: the edit form's and the Products list's row. */
export function productColumns(products: ReturnType<typeof productsAsP>) {
  return products.select([
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
    numericAsTyped('p.max_total_per_season').as('max_total_per_season'),
    'p.max_total_basis',
    'p.min_days_between',
    'p.min_days_before_removal',
    numericAsTyped('p.reentry_hours').as('reentry_hours'),
    'p.not_for_seed',
    'p.supplier',
    'p.active',
  ])
}

/** A product with every field the form shows (numbers as typed, without trailing zeros). */
export async function productForEdit(db: Executor, id: number): Promise<ProductRecord | undefined> {
  if (!isId(id)) return undefined
  const row = await productColumns(productsAsP(db)).where('p.id', '=', id).executeTakeFirst()
  return row ? { ...row, min_qty: row.min_qty ?? '0' } : undefined
}

// ---- applications --------------------------------------------------------------------------

export interface ApplicationRecord {
  id: number
  name: string
  base_price: string
  active: boolean
  /** its chemicals, in order */
  products: { product_id: number }[]
}

export async function applicationForEdit(db: Executor, id: number): Promise<ApplicationRecord | undefined> {
  if (!isId(id)) return undefined
  const row = await db
    .selectFrom('applications')
    .select(['id', 'name', numericAsTyped('base_price').as('base_price'), 'active'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) return undefined
  const lines = await db.selectFrom('application_products').select('product_id').where('application_id', '=', id).orderBy('position').orderBy('product_id').execute()
  return { ...row, base_price: row.base_price ?? '0', products: lines }
}

/** A new product or application row (checked by commands/products.ts); returns its id. */
export async function insertCatalogRow<T extends 'products' | 'applications'>(trx: Executor, table: T, row: Insertable<Database[T]>): Promise<number> {
  return (
    await trx
      .insertInto(table)
      .values(row as never)
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
}

/** Saves product or application `id`; false when there is none. */
export async function updateCatalogRow<T extends 'products' | 'applications'>(trx: Executor, table: T, id: number, fields: Updateable<Database[T]>): Promise<boolean> {
  const query = trx.updateTable(table as 'products').set(fields as Updateable<Database['products']>)
  return (await query.where('id', '=', id).returning('id').executeTakeFirst()) !== undefined
}

/** Replaces an application's chemicals by `productIds`, in that order. */
export async function setApplicationProducts(trx: Executor, applicationId: number, productIds: readonly number[]): Promise<void> {
  await trx.deleteFrom('application_products').where('application_id', '=', applicationId).execute()
  await trx
    .insertInto('application_products')
    .values(productIds.map((product_id, position) => ({ application_id: applicationId, product_id, position })))
    .execute()
}

/** Of `ids`, the active products and those the application already has (a deactivated product stays on the applications that use it). */
export async function usableProductIds(db: Executor, applicationId: number | undefined, ids: readonly number[]): Promise<Set<number>> {
  const kept = applicationId === undefined ? [] : await db.selectFrom('application_products').select('product_id').where('application_id', '=', applicationId).execute()
  const active =
    ids.length === 0
      ? []
      : await db
          .selectFrom('products')
          .select('id')
          .where('id', 'in', [...ids])
          .where('active', '=', true)
          .execute()
  return new Set([...active.map((p) => p.id), ...kept.map((k) => k.product_id)])
}
