// The New Call Form's schema, used by the browser (conform) and the server alike.
import { z } from 'zod'

export const CallInSchema = z.object({
  submission_id: z.uuid(),
  company_id: z.number({ error: 'Choose a customer from the list.' }).int().positive(),
  storage_id: z.number({ error: 'Choose a storage.' }).int().positive(),
  job_id: z.number().int().positive().optional(),
  requested_by: z.string({ error: 'Requested by is required.' }).trim().min(1, 'Requested by is required.').max(200, 'Requested by is too long.'),
  call_in_date: z.iso.date({ error: 'Call date must be a valid date.' }),
  description: z.string({ error: 'Reason for Service is required.' }).trim().min(1, 'Reason for Service is required.').max(4000, 'Reason for Service is too long.'),
  got_it: z.boolean().default(false),
})

export type CallInInput = z.output<typeof CallInSchema>
