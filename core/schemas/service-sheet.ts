// The service sheet form's schema and the parts picker's rule, used by the browser (conform, the
// picker) and the server alike. What needs the database (is the part in the list, is it special,
// is the storage the company's) is checked by workflows/service-sheet.server.ts.
import { z } from 'zod'
import { hoursProblem } from '#core/service-hours.ts'
import { SERVICE_TYPES } from '#core/enums.ts'

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

export function quantityProblem(quantity: number | null | undefined): string | null {
  if (quantity === null || quantity === undefined || Number.isNaN(quantity) || quantity <= 0) return PART_MESSAGES.quantity
  if (quantity < QUANTITY_MIN) return PART_MESSAGES.atLeastOne
  if (Math.round(quantity * 100) !== quantity * 100) return PART_MESSAGES.decimals
  if (quantity > 99_999) return 'Quantity is too large.'
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

const hours = (label: string) =>
  z.number({ error: `${label} is required.` }).superRefine((value, ctx) => {
    const problem = hoursProblem(value, label)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

const text = (label: string, max = 4000) => z.string({ error: `${label} is required.` }).trim().min(1, `${label} is required.`).max(max, `${label} is too long.`)

export const PartLineSchema = z.object({
  part_id: z.number({ error: PART_MESSAGES.unknown }).int(PART_MESSAGES.unknown).positive(PART_MESSAGES.unknown),
  quantity: z.number({ error: PART_MESSAGES.quantity }).superRefine((value, ctx) => {
    const problem = quantityProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  }),
  description: z.string().trim().max(1000, 'The part description is too long.').default(''),
})

export const ServiceSheetSchema = z
  .object({
    submission_id: z.uuid(),
    sheet_number: z.number({ error: 'The sheet number is missing. Please open the form again.' }).int().positive(),
    company_id: z.number({ error: 'Choose a customer from the list.' }).int().positive(),
    storage_id: z.number({ error: 'Choose a storage.' }).int().positive(),
    job_id: z.number().int().positive().optional(),
    call_in_id: z.number().int().positive().optional(),
    requested_by: text('Requested by', 200),
    po_number: z.string().trim().max(100, 'PO number is too long.').default(''),
    service_rendered: z.array(z.enum(SERVICE_TYPES, { error: 'Choose a service type from the list.' })).default([]),
    other_service: z.string().trim().max(200, 'Other service is too long.').default(''),
    service_date: z.iso.date({ error: 'Service date must be a valid date.' }),
    travel_hours: hours('Travel hours'),
    labor_hours: hours('Labor hours'),
    parts: z.array(PartLineSchema).max(200, 'Too many part lines.').default([]),
    images: z.array(z.uuid()).max(20, 'Too many images (max 20).').default([]),
    description: text('Call Description'),
    notes: text('Detailed notes'),
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
