// The pre-treat form's schema (spec storages-and-pretreats.md §2 "Pre-treat form", §5), used by the
// browser (conform) and the server alike. Besides Save to Staging the form has buttons that only
// change the form itself (add or remove a billable company, choose or remove the product, insert a
// pre-written message, recalculate): with JavaScript they act in the page, without it they post the
// form back (`intent`) and it comes back changed, nothing saved. The facts that need the database
// (the storage is the company's, the licence on the day, the dose against the label) are checked
// again by commands/pretreat-form.ts.
import { z } from 'zod'
import { doseWarnings, type DoseWarning, type LabelLimits, type StorageSeasonSoFar } from '#core/season-check.ts'
import { CWT_MIN, parseCwt, quantityFor, type QuantityInputs } from '#core/pretreat-quantities.ts'
import { STOCK_TYPES, TREATED_FOR, VARIETIES } from '#core/enums.ts'
import { decimal, id, matching, multiLineText, oneLineText, uuid, wholeNumber } from './fields.ts'
import { COMPANY_CHOICE_MESSAGE } from './place.ts'

export const PRETREAT_FORM_MESSAGES = {
  company: COMPANY_CHOICE_MESSAGE,
  storage: 'Choose a storage of this company.',
  recommendedBy: 'Choose who recommended it.',
  licence: 'This applicator’s licence is expired on the application day: choose another.',
  requestedBy: 'Choose who requested it.',
  otherName: 'Other name is required when Requested By is Other.',
  destination: 'Choose a destination from the list.',
  product: 'Choose a product.',
  productGone: 'This product is no longer offered: choose another.',
  cwt: `CWT must be a number of at least ${CWT_MIN}, like 12,500.`,
  chemicals: 'Choose a product to fill the chemicals.',
  quantity: 'Enter the quantity for each chemical.',
  billToTwice: 'This company is already billed.',
  billToOwner: 'The company itself is billed already: choose another company.',
  billToUnknown: COMPANY_CHOICE_MESSAGE,
  billToService: 'The service company itself is never billed: choose a customer.',
  voidNotes: 'Void notes are required when VOID is checked.',
  message: 'Choose a message to insert.',
  notEditable: 'This pre-treat is completed: it can no longer be edited.',
} as const

/** The buttons that change the form only (without JavaScript they post it back; nothing is saved). */
export const FORM_INTENTS = ['add-bill-to', 'choose-application', 'remove-application', 'insert-message', 'recalculate'] as const
export type FormIntent = (typeof FORM_INTENTS)[number] | `remove-bill-to:${number}`
export const SAVE_INTENT = 'save'
const INTENT = /^(save|add-bill-to|choose-application|remove-application|insert-message|recalculate|remove-bill-to:\d{1,15})$/

/** Requested By's value for a name typed by hand. */
export const OTHER_REQUESTER = 'other'

export const PretreatChemicalLineSchema = z.object({
  product_id: id(PRETREAT_FORM_MESSAGES.chemicals),
  /** the cwt this line's quantity was worked out for: a line whose cwt is not the form's is worked out again */
  cwt: oneLineText('Line CWT', { max: 30, optional: true }),
  quantity_requested: decimal('Quantity', { min: 0, max: 9_999_999_999 }),
})

export const PretreatFormSchema = z
  .object({
    submission_id: uuid(),
    intent: matching(INTENT, 'Unknown button.').optional(),
    /** an edit: the pre-treat and the version the form shows */
    pretreat_id: id('This pre-treat does not exist.').optional(),
    version: wholeNumber('Version', { min: 1 }).optional(),
    company_id: id(PRETREAT_FORM_MESSAGES.company),
    storage_id: id(PRETREAT_FORM_MESSAGES.storage),
    bill_to: z.array(id(PRETREAT_FORM_MESSAGES.billToUnknown)).default([]),
    /** the Add Billable Company select (used by its Add button only) */
    bill_to_pick: oneLineText('Billable company', { max: 20, optional: true }),
    void: z.boolean().default(false),
    void_comments: multiLineText('Void notes', { optional: true }),
    recommended_by: id(PRETREAT_FORM_MESSAGES.recommendedBy),
    requested_by: matching(/^(\d{1,15}|other)$/, PRETREAT_FORM_MESSAGES.requestedBy),
    other_name: oneLineText('Other name', { optional: true }),
    // required: the application sheet needs it and shows it read-only (decision 0049)
    destination: oneLineText('Destination'),
    variety: z.enum(VARIETIES, { error: 'Choose a variety.' }),
    treated_for: z.enum(TREATED_FOR, { error: 'Choose what it is treating for.' }),
    stock_type: z.enum(STOCK_TYPES, { error: 'Choose a stock type.' }),
    application_id: id(PRETREAT_FORM_MESSAGES.product),
    cwt: oneLineText('CWT', { max: 30 }),
    chemicals: z.array(PretreatChemicalLineSchema, { error: PRETREAT_FORM_MESSAGES.chemicals }).min(1, PRETREAT_FORM_MESSAGES.chemicals),
    /** the Pre Written Messages select (used by its Insert button only) */
    message_id: oneLineText('Message', { max: 20, optional: true }),
    application_notes: multiLineText('Notes'),
    purge: z.boolean().default(false),
    /** why a dose that passes the label is saved anyway (required then; checked on the server) */
    dose_reason: multiLineText('Reason', { optional: true }),
  })
  .superRefine((value, ctx) => {
    const cwt = parseCwt(value.cwt)
    if (cwt === null || cwt < CWT_MIN) ctx.addIssue({ code: 'custom', path: ['cwt'], message: PRETREAT_FORM_MESSAGES.cwt })
    if (value.requested_by === OTHER_REQUESTER && value.other_name === '') ctx.addIssue({ code: 'custom', path: ['other_name'], message: PRETREAT_FORM_MESSAGES.otherName })
    if (value.void && value.void_comments === '') ctx.addIssue({ code: 'custom', path: ['void_comments'], message: PRETREAT_FORM_MESSAGES.voidNotes })
    const seen = new Set<number>()
    for (const company of value.bill_to) {
      if (company === value.company_id) ctx.addIssue({ code: 'custom', path: ['bill_to'], message: PRETREAT_FORM_MESSAGES.billToOwner })
      else if (seen.has(company)) ctx.addIssue({ code: 'custom', path: ['bill_to'], message: PRETREAT_FORM_MESSAGES.billToTwice })
      seen.add(company)
    }
  })

export type PretreatFormInput = z.output<typeof PretreatFormSchema>
export type PretreatChemicalLine = z.output<typeof PretreatChemicalLineSchema>

// ---- the form's rules, run by the page as it is typed and by the server on save ----------------

/** A product as the form works out its line: quantity inputs and label limits. */
export type FormProduct = QuantityInputs & LabelLimits & { id: number }

export interface WorkedLine {
  product_id: number
  cwt: number
  /** null: the product has no rule for it and none was typed */
  quantity_requested: number | null
}

/**
 * The chemical lines of an application's `products` for `cwt`: a line typed for this same cwt keeps
 * its quantity (a person may change one); any other gets quantityFor(product, cwt).
 */
export function workLines(products: readonly FormProduct[], typed: readonly { product_id: number; cwt: string; quantity_requested: number | null }[], cwt: number): WorkedLine[] {
  return products.map((product) => {
    const line = typed.find((t) => t.product_id === product.id)
    const same = line !== undefined && parseCwt(line.cwt) === cwt && line.quantity_requested !== null && Number.isFinite(line.quantity_requested)
    return { product_id: product.id, cwt, quantity_requested: same ? line.quantity_requested : quantityFor(product, cwt) }
  })
}

/** The label limits the lines pass at this storage on `day`, given what its season holds so far. */
export function linesDoseWarnings(products: readonly FormProduct[], lines: readonly WorkedLine[], soFar: StorageSeasonSoFar, season: { label: string; day: string }): DoseWarning[] {
  return lines.flatMap((line) => {
    const product = products.find((p) => p.id === line.product_id)
    if (!product || line.quantity_requested === null) return []
    const { count = 0, ...sofar } = soFar.products[product.id] ?? { load_per_cwt: 0, applied: [] }
    return doseWarnings({ product, cwt: line.cwt, quantity: line.quantity_requested, applicationsThisSeason: count, seasonLabel: season.label, day: season.day, storage: soFar, soFar: sofar })
  })
}
