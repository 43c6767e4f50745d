// The New Call Form's schema, used by the browser (conform) and the server alike.
import { z } from 'zod'
import { date, id, multiLineText, oneLineText, uuid } from './fields.ts'

export const CallInSchema = z.object({
  submission_id: uuid(),
  company_id: id('Choose a customer from the list.'),
  storage_id: id('Choose a storage.'),
  job_id: id('Choose a job number from the list.').optional(),
  requested_by: oneLineText('Requested by'),
  call_in_date: date('Call date'),
  description: multiLineText('Reason for Service'),
  got_it: z.boolean().default(false),
})

export type CallInInput = z.output<typeof CallInSchema>
