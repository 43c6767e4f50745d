// The service sheet form's schema and the parts picker's rule, used by the browser (conform, the
// picker) and the server alike. What needs the database (is the part in the list, is it special,
// is the storage the company's) is checked by commands/service-sheets.ts.
import { z } from 'zod'
import { SERVICE_TYPES } from '#core/enums.ts'
import { tooLargeMessage } from '#core/field-messages.ts'
import { date, decimal, hours, id, multiLineText, oneLineText, uuid } from './fields.ts'
import { PLACE_MESSAGES } from './place.ts'

export const PART_MESSAGES = {
  unknown: 'Choose a part from the parts list.',
  quantity: 'Quantity must be above 0.',
  atLeastOne: 'Quantity must be at least 1.',
  decimals: 'Quantity can have at most two decimals.',
  special: 'A special part needs a description.',
} as const

/**
 * Part quantities: the spec gives a minimum of 1 (default 1) and, on the customer form, a minimum
 * of 0. Both readings are met this way: the input's min is 1, and a 0 (or less) is refused with its
 * own message ('Quantity must be above 0.'), so a line never has a quantity of 0.
 */
export const QUANTITY_MIN = 1
export const QUANTITY_MAX = 99_999

export function quantityProblem(quantity: number | null | undefined): string | null {
  if (quantity === null || quantity === undefined || Number.isNaN(quantity) || quantity <= 0) return PART_MESSAGES.quantity
  if (quantity < QUANTITY_MIN) return PART_MESSAGES.atLeastOne
  if (Math.round(quantity * 100) !== quantity * 100) return PART_MESSAGES.decimals
  if (quantity > QUANTITY_MAX) return tooLargeMessage('Quantity', QUANTITY_MAX)
  return null
}

/** Why a picked line is refused (and which picker field it concerns), or null: the Add Part rule. */
export function partLineProblem(part: { is_special: boolean } | undefined, quantity: number, description: string): { field: 'part' | 'quantity' | 'description'; message: string } | null {
  if (!part) return { field: 'part', message: PART_MESSAGES.unknown }
  const q = quantityProblem(quantity)
  if (q) return { field: 'quantity', message: q }
  if (part.is_special && !description.trim()) return { field: 'description', message: PART_MESSAGES.special }
  return null
}

export const PartLineSchema = z.object({
  part_id: id(PART_MESSAGES.unknown),
  quantity: decimal('Quantity', quantityProblem),
  description: oneLineText('The part description', { max: 1000, optional: true }),
})

export const ServiceSheetSchema = z
  .object({
    submission_id: uuid(),
    // absent on a form opened with no signal: the server gives the number when the sheet arrives
    sheet_number: id('The sheet number is missing. Please open the form again.').optional(),
    company_id: id(PLACE_MESSAGES.company),
    storage_id: id('Choose a storage.'),
    job_id: id(PLACE_MESSAGES.job).optional(),
    call_in_id: id('That call does not exist.').optional(),
    requested_by: oneLineText('Requested by'),
    po_number: oneLineText('PO number', { max: 100, optional: true }),
    service_rendered: z.array(z.enum(SERVICE_TYPES, { error: 'Choose a service type from the list.' })).default([]),
    other_service: oneLineText('Other service', { optional: true }),
    service_date: date('Service date'),
    travel_hours: hours('Travel hours'),
    labor_hours: hours('Labor hours'),
    parts: z.array(PartLineSchema).max(200, 'Too many part lines.').default([]),
    images: z.array(uuid('An image was not uploaded. Please add it again.')).max(20, 'Too many images (max 20).').default([]),
    description: multiLineText('Call Description'),
    notes: multiLineText('Detailed notes'),
  })
  .superRefine(
    (value, ctx) => {
      // Runs even when other fields are wrong (so every message shows at once): read defensively.
      const types: readonly string[] = Array.isArray(value.service_rendered) ? value.service_rendered : []
      // A job sheet shows its service type as N/A; a customer sheet names one or more.
      if (value.job_id === undefined && types.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['service_rendered'], message: 'Choose at least one service type.' })
      }
      if (types.includes('Other') && !(typeof value.other_service === 'string' && value.other_service.trim())) {
        ctx.addIssue({ code: 'custom', path: ['other_service'], message: 'Describe the other service.' })
      }
    },
    { when: () => true },
  )

export type ServiceSheetInput = z.output<typeof ServiceSheetSchema>
export type PartLineInput = z.output<typeof PartLineSchema>
