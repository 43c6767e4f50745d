// The New Call Form's schema, used by the browser (conform) and the server alike.
import { z } from 'zod'
import { date, id, multiLineText, oneLineText, uuid } from './fields.ts'
import { PLACE_ID_MESSAGES, PLACE_MESSAGES } from './place.ts'

export const CallInSchema = z.object({
  submission_id: uuid(),
  company_id: id(PLACE_MESSAGES.company),
  storage_id: id(PLACE_ID_MESSAGES.noStorage),
  job_id: id(PLACE_MESSAGES.job).optional(),
  requested_by: oneLineText('Requested by'),
  call_in_date: date('Call date'),
  description: multiLineText('Reason for Service'),
  got_it: z.boolean().default(false),
})

export type CallInInput = z.output<typeof CallInSchema>
