// The products admin's saves: Add and Edit Product, Add and Edit Application. An edit saves the
// record its page's address names (the route sets product_id or application_id, never the form);
// a name another product or application has (case ignored) is a field message. An application's
// chemicals are products that are active, or ones it already has, each once, in the order given.
import { InputError, Refusal } from '#core/errors.ts'
import { APPLICATION_MESSAGES, ApplicationSchema, PRODUCT_MESSAGES, ProductSchema, type ProductInput } from '#core/schemas/product.ts'
import { uniqueConstraint } from '#db/client.server.ts'
import { insertCatalogRow, setApplicationProducts, updateCatalogRow, usableProductIds } from '#db/queries/products.ts'
import { defineCommand } from './command.ts'

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
    max_total_per_season: value.max_total_per_season ?? null,
    max_total_basis: value.max_total_basis,
    min_days_between: value.min_days_between ?? null,
    min_days_before_removal: value.min_days_before_removal ?? null,
    reentry_hours: value.reentry_hours ?? null,
    not_for_seed: value.not_for_seed,
    supplier: value.supplier,
    active: value.active,
  }
}

/** A unique name broken becomes its field's message. */
function duplicateAs(error: unknown, constraint: string, fieldErrors: Record<string, string>): never {
  if (!(error instanceof Refusal) && uniqueConstraint(error) === constraint) throw new InputError(fieldErrors)
  throw error
}

export const saveProduct = defineCommand({
  name: 'products.save',
  schema: ProductSchema,
  async run(trx, _actor, value) {
    const fields = productFields(value)
    try {
      if (value.product_id === undefined) return { id: await insertCatalogRow(trx, 'products', { submission_id: value.submission_id, ...fields }) }
      if (!(await updateCatalogRow(trx, 'products', value.product_id, fields))) throw new InputError({ product_id: PRODUCT_MESSAGES.unknown })
      return { id: value.product_id }
    } catch (error) {
      return duplicateAs(error, 'products_name_uq', { product_name: PRODUCT_MESSAGES.duplicate })
    }
  },
})

export const saveApplication = defineCommand({
  name: 'applications.save',
  schema: ApplicationSchema,
  async run(trx, _actor, value) {
    const productIds = value.products.map((line) => line.product_id)
    if (productIds.length === 0) throw new InputError({ products: APPLICATION_MESSAGES.noChemicals })
    if (new Set(productIds).size !== productIds.length) throw new InputError({ products: APPLICATION_MESSAGES.twice })
    const usable = await usableProductIds(trx, value.application_id, productIds)
    if (productIds.some((id) => !usable.has(id))) throw new InputError({ products: PRODUCT_MESSAGES.unknown })
    const fields = { name: value.name, base_price: value.base_price, active: value.active }
    try {
      const id = value.application_id ?? (await insertCatalogRow(trx, 'applications', { submission_id: value.submission_id, ...fields }))
      if (value.application_id !== undefined && !(await updateCatalogRow(trx, 'applications', id, fields))) throw new InputError({ application_id: APPLICATION_MESSAGES.unknown })
      await setApplicationProducts(trx, id, productIds)
      return { id }
    } catch (error) {
      return duplicateAs(error, 'applications_name_uq', { name: APPLICATION_MESSAGES.duplicate })
    }
  },
})
