// Closing a restart follow-up by a note (issue 24, decision 0070): an assigner says how it was
// resolved. The note is required: a follow-up closed without saying how tells the next reader
// nothing. The follow-up the page's address names is set by the route.
import { z } from 'zod'
import { multiLineText, uuid } from './fields.ts'

export const CloseFollowUpSchema = z.object({
  submission_id: uuid(),
  note: multiLineText('How it was resolved', { max: 2000 }),
})

export type CloseFollowUpInput = z.output<typeof CloseFollowUpSchema>

/** Told after a follow-up is closed by a note. */
export const FOLLOW_UP_CLOSED = 'Follow-up closed.'
