// Products (chemicals) and applications, the admin forms' schemas (spec §3 Chemical/product, §5
// Chemical quantity from cwt). The quantity formula reads either ppm and the ppm constant, or per
// and the converter, so a product gives at least one of those pairs, with per and the constant
// above 0 (they divide). The label's limits (max ppm per application, and for the season ledger
// the total, the applications, the days between them and before removal, the re-entry interval,
// not for seed) are optional: null means the label sets none.
import { z } from 'zod'
import { PRODUCT_UNITS } from '#core/enums.ts'
import { tooLargeMessage } from '#core/field-messages.ts'
import { decimal, id, oneLineText, uuid, wholeNumber } from './fields.ts'

/** What a season total is counted per: a cwt or a ton (2,000 lb) of potatoes. */
export const TOTAL_BASES = ['cwt', 'ton'] as const
/** A label's waits fit in ten years; its re-entry interval in a year. */
const DAYS_MAX = 3650
const REENTRY_HOURS_MAX = 8760

export const PRODUCT_MESSAGES = {
  duplicate: 'A product with this name already exists.',
  unknown: 'Choose a product from the list.',
  units: 'Choose the units: oz, gal or other.',
  formula: 'Give ppm and the ppm constant, or per and the converter: the quantity is worked out from one of these pairs.',
} as const

export const APPLICATION_MESSAGES = {
  duplicate: 'An application with this name already exists.',
  unknown: 'Choose an application from the list.',
  noChemicals: 'Add at least one chemical.',
  twice: 'Each chemical can be on an application only once.',
} as const

/** numeric(12, 4) and numeric(14, 4) hold more; no label or price comes near this. */
export const AMOUNT_MAX = 10_000_000
/** Quantities, ppm and prices are kept to 4 decimals (spec §9: price precision 4 decimals). */
export const AMOUNT_STEP = 0.0001

const hasAtMost4Decimals = (value: number) => Math.abs(Math.round(value * 10_000) - value * 10_000) < 1e-6

/** A decimal with at most 4 decimals, above 0 (`above: 0`) or at least 0 (`atLeast: 0`). */
export function amount(label: string, bound: { above: 0 } | { atLeast: 0 }) {
  return decimal(label, (value) => {
    if ('above' in bound && value <= 0) return `${label} must be above 0.`
    if ('atLeast' in bound && value < 0) return `${label} must be 0 or more.`
    if (value > AMOUNT_MAX) return tooLargeMessage(label, AMOUNT_MAX)
    if (!hasAtMost4Decimals(value)) return `${label} can have at most 4 decimals.`
    return null
  })
}

export const ProductSchema = z
  .object({
    submission_id: uuid(),
    /** present when editing */
    product_id: id(PRODUCT_MESSAGES.unknown).optional(),
    product_name: oneLineText('Product name'),
    registration: oneLineText('EPA registration number', { max: 100, optional: true }),
    units: z.enum(PRODUCT_UNITS, { error: PRODUCT_MESSAGES.units }),
    ppm: amount('PPM', { atLeast: 0 }).optional(),
    ppm_constant: amount('PPM constant', { above: 0 }).optional(),
    per: amount('Per', { above: 0 }).optional(),
    converter: amount('Converter', { atLeast: 0 }).optional(),
    min_qty: amount('Minimum quantity', { atLeast: 0 }),
    max_ppm_per_application: amount('Maximum ppm per application', { above: 0 }).optional(),
    max_applications_per_season: wholeNumber('Maximum applications per season', { min: 1, max: 1000 }).optional(),
    max_total_per_season: amount('Maximum total per season', { above: 0 }).optional(),
    max_total_basis: z.enum(TOTAL_BASES, { error: 'Choose per cwt or per ton.' }).default('cwt'),
    min_days_between: wholeNumber('Minimum days between applications', { min: 1, max: DAYS_MAX }).optional(),
    min_days_before_removal: wholeNumber('Minimum days before removal', { min: 1, max: DAYS_MAX }).optional(),
    reentry_hours: decimal('Re-entry interval', { min: 0.25, max: REENTRY_HOURS_MAX, step: 0.25 }).optional(),
    not_for_seed: z.boolean().default(false),
    supplier: oneLineText('Supplier', { max: 100, optional: true }),
    active: z.boolean().default(false),
  })
  .superRefine(
    (value, ctx) => {
      // runs even when other fields are wrong (every message at once): a pair counts when both are
      // filled in (a wrong number has its own message)
      const given = (n: unknown) => n !== undefined && n !== ''
      const byPpm = given(value.ppm) && given(value.ppm_constant)
      const byPer = given(value.per) && given(value.converter)
      if (!byPpm && !byPer) ctx.addIssue({ code: 'custom', path: ['ppm'], message: PRODUCT_MESSAGES.formula })
    },
    { when: () => true },
  )

export type ProductInput = z.output<typeof ProductSchema>

export const ApplicationLineSchema = z.object({
  product_id: id(PRODUCT_MESSAGES.unknown),
})

export const ApplicationSchema = z
  .object({
    submission_id: uuid(),
    /** present when editing */
    application_id: id(APPLICATION_MESSAGES.unknown).optional(),
    name: oneLineText('Application name'),
    base_price: amount('Base price', { atLeast: 0 }),
    // no default: no lines posted is no chemicals
    products: z.array(ApplicationLineSchema, { error: APPLICATION_MESSAGES.noChemicals }).min(1, APPLICATION_MESSAGES.noChemicals).max(20, 'Too many chemicals (at most 20).'),
    active: z.boolean().default(false),
  })
  .superRefine(
    (value, ctx) => {
      const ids = (Array.isArray(value.products) ? value.products : []).map((line) => line?.product_id).filter((n) => typeof n === 'number')
      if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['products'], message: APPLICATION_MESSAGES.twice })
    },
    { when: () => true },
  )

export type ApplicationInput = z.output<typeof ApplicationSchema>
