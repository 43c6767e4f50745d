// The review editor's forms, used by the browser (conform) and the server alike. The hours rules
// and NC caps are the domain's (app/domain/service-hours.ts), so both sides say the same thing.
import { z } from 'zod'
import { levelValueProblems, type LevelValues } from '#core/service-hours.ts'
import { SERVICE_TYPES } from '#core/enums.ts'

const hours = (label: string) => z.number({ error: `${label} is required.` }).min(0, `${label} must be 0 or more.`).multipleOf(0.25, `${label} must be in steps of 0.25.`)

const VALUE_FIELDS = { travel: 'travel_hours', labor: 'labor_hours', ncTravel: 'nc_travel', ncLabor: 'nc_labor' } as const

/** save, approve, or (without JavaScript, where they are round trips) add-part and remove-part:{line id} */
export const REVIEW_INTENT = /^(save|approve|add-part|remove-part:\d+)$/

export const ReviewSchema = z
  .object({
    intent: z.string().regex(REVIEW_INTENT, 'Choose Save or Approve.'),
    version: z.number().int().min(1),
    travel_hours: hours('Travel hours'),
    labor_hours: hours('Labor hours'),
    nc_travel: hours('NC travel hours'),
    nc_labor: hours('NC labor hours'),
    comments: z.string().max(4000, 'Comments are too long.').default(''),
    parts: z
      .array(z.object({ id: z.number().int().positive(), nc1: z.boolean().default(false), nc2: z.boolean().default(false), nc3: z.boolean().default(false), removed: z.boolean().default(false) }))
      .max(500)
      .default([]),
    new_parts: z
      .array(z.object({ part_id: z.number().int().positive(), quantity: z.number().positive('Quantity must be above 0.'), description: z.string().max(500).default(''), nc: z.boolean().default(false) }))
      .max(100)
      .default([]),
    // the Add Part picker's own fields (read when the intent is add-part)
    new_part: z.string().max(200).optional(),
    new_quantity: z.number().optional(),
    new_description: z.string().max(500).optional(),
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
  version: z.number().int().min(1),
  company: z.string().trim().max(200).optional(),
  storage_id: z.number().int().positive().optional(),
  job: z.string().trim().max(200).optional(),
  service_rendered: z.array(z.enum(SERVICE_TYPES)).default([]),
  other_service: z.string().trim().max(200).default(''),
})
