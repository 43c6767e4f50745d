// Products (chemicals) and applications: the admin screens' reads and their saves (spec §3
// Chemical/product; the application's chemicals are application_products lines, in order).
// Nothing is deleted: a product or application is deactivated (active = false), so the pre-treats
// that name it keep it, and the pickers stop offering it.
import { sql } from 'kysely'
import { InputError } from '#core/errors.ts'
import type { ProductUnit } from '#core/enums.ts'
import { APPLICATION_MESSAGES, PRODUCT_MESSAGES, type ApplicationInput, type ProductInput } from '#core/schemas/product.ts'
import { inTransaction, uniqueConstraint, type Executor } from '../client.server.ts'

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
  active: boolean
}

/** A product with every field the form shows (numbers as typed, without trailing zeros). */
export async function productForEdit(db: Executor, id: number): Promise<ProductRecord | undefined> {
  if (!isId(id)) return undefined
  const row = await db
    .selectFrom('products')
    .select([
      'id',
      'product_name',
      'registration',
      'units',
      numericAsTyped('ppm').as('ppm'),
      numericAsTyped('ppm_constant').as('ppm_constant'),
      numericAsTyped('per').as('per'),
      numericAsTyped('converter').as('converter'),
      numericAsTyped('min_qty').as('min_qty'),
      numericAsTyped('max_ppm_per_application').as('max_ppm_per_application'),
      'max_applications_per_season',
      'active',
    ])
    .where('id', '=', id)
    .executeTakeFirst()
  return row ? { ...row, min_qty: row.min_qty ?? '0' } : undefined
}

function productFields(value: ProductInput) {
  return {
    product_name: value.product_name,
    registration: value.registration,
    units: value.units,
    ppm: value.ppm ?? null,
    ppm_constant: value.ppm_constant ?? null,
    per: value.per ?? null,
    converter: value.converter ?? null,
    min_qty: value.min_qty,
    max_ppm_per_application: value.max_ppm_per_application ?? null,
    max_applications_per_season: value.max_applications_per_season ?? null,
    active: value.active,
  }
}

/**
 * Adds a product (no product_id) or saves an edit. Idempotent: an add sent twice finds its row by
 * submission id; an edit sent twice writes the same values. A name another product has (case
 * ignored) is a field message. Returns the product's id.
 */
export async function saveProduct(db: Executor, value: ProductInput): Promise<number> {
  const fields = productFields(value)
  try {
    if (value.product_id === undefined) {
      const inserted = await db
        .insertInto('products')
        .values({ submission_id: value.submission_id, ...fields })
        .onConflict((oc) => oc.column('submission_id').doNothing())
        .returning('id')
        .executeTakeFirst()
      return inserted?.id ?? (await idOfSubmission(db, 'products', value.submission_id))!
    }
    const updated = await db.updateTable('products').set(fields).where('id', '=', value.product_id).returning('id').executeTakeFirst()
    if (!updated) throw new InputError({ product_id: PRODUCT_MESSAGES.unknown })
    return updated.id
  } catch (error) {
    if (uniqueConstraint(error) === 'products_name_uq') {
      // the same add sent twice at once: the other request's row is this one
      const mine = value.product_id === undefined ? await idOfSubmission(db, 'products', value.submission_id) : undefined
      if (mine) return mine
      throw new InputError({ product_name: PRODUCT_MESSAGES.duplicate })
    }
    throw error
  }
}

async function idOfSubmission(db: Executor, table: 'products' | 'applications', submissionId: string): Promise<number | undefined> {
  return (await db.selectFrom(table).select('id').where('submission_id', '=', submissionId).executeTakeFirst())?.id
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
  const row = await db.selectFrom('applications').select(['id', 'name', numericAsTyped('base_price').as('base_price'), 'active']).where('id', '=', id).executeTakeFirst()
  if (!row) return undefined
  const lines = await db.selectFrom('application_products').select('product_id').where('application_id', '=', id).orderBy('position').orderBy('product_id').execute()
  return { ...row, base_price: row.base_price ?? '0', products: lines }
}

/**
 * Adds an application (no application_id) or saves an edit, with its chemicals in the order given,
 * in one transaction. A line must name a product that exists and is active, or one the application
 * already has (a deactivated product stays on the applications that use it). Idempotent like
 * saveProduct. Returns the application's id.
 */
export async function saveApplication(db: Executor, value: ApplicationInput): Promise<number> {
  const work = async (trx: Executor): Promise<number> => {
    const productIds = value.products.map((line) => line.product_id)
    if (productIds.length === 0) throw new InputError({ products: APPLICATION_MESSAGES.noChemicals })
    if (new Set(productIds).size !== productIds.length) throw new InputError({ products: APPLICATION_MESSAGES.twice })
    const kept = value.application_id === undefined ? [] : await trx.selectFrom('application_products').select('product_id').where('application_id', '=', value.application_id).execute()
    const active = productIds.length === 0 ? [] : await trx.selectFrom('products').select('id').where('id', 'in', productIds).where('active', '=', true).execute()
    const known = new Set([...active.map((p) => p.id), ...kept.map((k) => k.product_id)])
    if (productIds.some((id) => !known.has(id))) throw new InputError({ products: PRODUCT_MESSAGES.unknown })

    const fields = { name: value.name, base_price: value.base_price, active: value.active }
    let id: number
    if (value.application_id === undefined) {
      const inserted = await trx
        .insertInto('applications')
        .values({ submission_id: value.submission_id, ...fields })
        .onConflict((oc) => oc.column('submission_id').doNothing())
        .returning('id')
        .executeTakeFirst()
      // sent before: that save stands as it was
      if (!inserted) return (await idOfSubmission(trx, 'applications', value.submission_id))!
      id = inserted.id
    } else {
      const updated = await trx.updateTable('applications').set(fields).where('id', '=', value.application_id).returning('id').executeTakeFirst()
      if (!updated) throw new InputError({ application_id: APPLICATION_MESSAGES.unknown })
      id = updated.id
      await trx.deleteFrom('application_products').where('application_id', '=', id).execute()
    }
    await trx
      .insertInto('application_products')
      .values(productIds.map((product_id, position) => ({ application_id: id, product_id, position })))
      .execute()
    return id
  }
  try {
    return await inTransaction(db, work)
  } catch (error) {
    if (uniqueConstraint(error) === 'applications_name_uq') {
      const mine = value.application_id === undefined ? await idOfSubmission(db, 'applications', value.submission_id) : undefined
      if (mine) return mine
      throw new InputError({ name: APPLICATION_MESSAGES.duplicate })
    }
    throw error
  }
}
