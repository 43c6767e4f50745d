// The review editor's forms, used by the browser (conform) and the server alike. The hours rules
// and NC caps are the domain's (app/domain/service-hours.ts), so both sides say the same thing.
import { z } from 'zod'
import { levelValueProblems, type LevelValues } from '#core/service-hours.ts'
import { SERVICE_TYPES } from '#core/enums.ts'
import { decimal, hours, id, INTEGER_MAX, matching, multiLineText, oneLineText, wholeNumber } from './fields.ts'
import { quantityProblem } from './service-sheet.ts'

const VALUE_FIELDS = { travel: 'travel_hours', labor: 'labor_hours', ncTravel: 'nc_travel', ncLabor: 'nc_labor' } as const

/** save, approve, or (without JavaScript, where they are round trips) add-part and remove-part:{line id} */
export const REVIEW_INTENT = /^(save|approve|add-part|remove-part:\d+)$/

export const ReviewSchema = z
  .object({
    intent: matching(REVIEW_INTENT, 'Choose Save or Approve.'),
    version: wholeNumber('Version', { min: 1, max: INTEGER_MAX }),
    travel_hours: hours('Travel hours'),
    labor_hours: hours('Labor hours'),
    nc_travel: hours('NC travel hours'),
    nc_labor: hours('NC labor hours'),
    comments: multiLineText('Comments', { optional: true }),
    parts: z
      .array(
        z.object({
          id: id('That part line is not on this sheet.'),
          nc1: z.boolean().default(false),
          nc2: z.boolean().default(false),
          nc3: z.boolean().default(false),
          removed: z.boolean().default(false),
        }),
      )
      .max(500)
      .default([]),
    new_parts: z
      .array(
        z.object({
          part_id: id('Choose a part from the parts list.'),
          quantity: decimal('Quantity', quantityProblem),
          description: oneLineText('The part description', { max: 500, optional: true }),
          nc: z.boolean().default(false),
        }),
      )
      .max(100)
      .default([]),
    // the Add Part picker's own fields (read when the intent is add-part)
    new_part: oneLineText('Part', { optional: true }),
    new_quantity: decimal('Quantity', quantityProblem).optional(),
    new_description: oneLineText('The part description', { max: 500, optional: true }),
  })
  .superRefine((value, ctx) => {
    const problems = levelValueProblems(reviewValues(value))
    for (const key of ['ncTravel', 'ncLabor'] as const) {
      // only the caps: each value's own rule is above, beside its field
      if (problems[key]?.includes('cannot be more')) ctx.addIssue({ code: 'custom', path: [VALUE_FIELDS[key]], message: problems[key] })
    }
  })

export type ReviewFormValue = z.output<typeof ReviewSchema>

export function reviewValues(value: Pick<ReviewFormValue, 'travel_hours' | 'labor_hours' | 'nc_travel' | 'nc_labor'>): LevelValues {
  return { travel: value.travel_hours, labor: value.labor_hours, ncTravel: value.nc_travel, ncLabor: value.nc_labor }
}

export const ServiceDetailsSchema = z.object({
  intent: z.literal('details'),
  version: wholeNumber('Version', { min: 1, max: INTEGER_MAX }),
  company: oneLineText('Customer', { optional: true }),
  storage_id: id('Choose a storage.').optional(),
  job: oneLineText('Job number', { optional: true }),
  service_rendered: z.array(z.enum(SERVICE_TYPES)).default([]),
  other_service: oneLineText('Other service', { optional: true }),
})
