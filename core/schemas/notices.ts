// Send Back and its answer (issue 24, decision 0069), for the browser (conform) and the server alike:
// a reviewer's reason (required), the author's fixed service sheet resubmitted, and Mark as seen.
import { z } from 'zod'
import { hours, id, INTEGER_MAX, multiLineText, uuid, wholeNumber } from './fields.ts'

export const SEND_BACK_REASON_REQUIRED = 'Say why the sheet goes back to its author.'

/** The reason a reviewer sends a sheet back with (the author reads it on the sheet). */
export const sendBackReason = () => multiLineText('Reason', { max: 2000 })

/** Send Back on the service review editor: the review's version the editor showed, and why. */
export const ServiceSendBackSchema = z.object({
  version: wholeNumber('Version', { min: 1, max: INTEGER_MAX }),
  reason: sendBackReason(),
})

/**
 * The author's answer to a sent-back service sheet: the sheet's hours and description as fixed,
 * then submitted again (its review chain opens at level 1).
 */
export const ServiceResubmitSchema = z.object({
  submission_id: uuid(),
  version: wholeNumber('Version', { min: 1, max: INTEGER_MAX }),
  travel_hours: hours('Travel hours'),
  labor_hours: hours('Labor hours'),
  description: multiLineText('Call Description'),
})

/** Mark as seen: the record the page shows (set by the route). */
export const MarkSeenSchema = z.object({ record_id: id('No such record.') })
