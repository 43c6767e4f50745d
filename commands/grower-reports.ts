// The grower's report sent again (issue 23, decision 0065): an explicit step, logged as a report row
// of its own (who asked, when, their submission id), only for a completed pre-treat's record, only
// by a pre-treat reviewer, and not while one waits to be sent or just after one was (the cooldown:
// twenty presses are one e-mail). The page's `then` makes the PDF and queues the e-mail, as at completion.
import { z } from 'zod'
import { ConflictError, ForbiddenError, NotFoundError } from '#core/errors.ts'
import { formatDateTime } from '#core/formats.ts'
import { hasAnyPermission } from '#core/permissions.ts'
import { ResendReportSchema } from '#core/schemas/grower-report.ts'
import { insertGrowerReport, reportsOfPretreat } from '#db/queries/grower-reports.ts'
import { defineCommand, type Actor } from './command.ts'

export const NOT_A_REPORT_SENDER = 'Only pre-treat reviewers may send the grower’s report; nothing was sent.'
export const NOT_COMPLETED = 'Only a completed pre-treat’s report can be sent; nothing was sent.'

/** After a report was sent, Send Report Again is refused for this long. */
export const RESEND_COOLDOWN_MINUTES = 5

export const REPORT_WAITING = 'A report for this record is waiting to be sent; nothing more was sent.'
export const reportJustSent = (openAt: Date) => `The report was sent less than ${RESEND_COOLDOWN_MINUTES} minutes ago; nothing more was sent. It can be sent again from ${formatDateTime(openAt)}.`

/** Where a record's reports stand for Send Report Again: shown beside the button, and the command's check. */
export interface ResendState {
  /** a report is queued, being sent, or failed and to be tried again (pg-boss retries it) */
  waiting: boolean
  /** when the last report was sent, or null */
  lastSent: Date | null
  /** until when a resend is refused for the cooldown, or null */
  openAt: Date | null
}

export function resendState(reports: readonly { status: string; sent_at: Date | string | null }[], now: Date): ResendState {
  const sent = reports.flatMap((r) => (r.sent_at ? [new Date(r.sent_at)] : []))
  const lastSent = sent.length ? new Date(Math.max(...sent.map(Number))) : null
  const openAt = lastSent && new Date(+lastSent + RESEND_COOLDOWN_MINUTES * 60_000)
  return { waiting: reports.some((r) => r.status === 'queued' || r.status === 'sending' || r.status === 'failed'), lastSent, openAt: openAt && openAt > now ? openAt : null }
}

/** Who may send a report again: the reviewers who complete pre-treats. */
export const maySendReports = (actor: Pick<Actor, 'is_superuser' | 'permissions'>) => hasAnyPermission(actor, ['api.pretreat_reviewer1', 'api.pretreat_reviewer2'])

export const resendGrowerReport = defineCommand({
  name: 'grower-report.resend',
  // record_id: the application record the page's address names, set by the route
  schema: ResendReportSchema.extend({ record_id: z.number().int() }),
  async run(trx, actor, input): Promise<{ report: number; pretreat: number }> {
    if (!maySendReports(actor)) throw new ForbiddenError(NOT_A_REPORT_SENDER)
    // locked: resends of one record at the same moment are checked one after the other
    const record = await trx.selectFrom('application_records').select(['pretreat_id', 'state']).where('id', '=', input.record_id).forUpdate().executeTakeFirst()
    if (!record) throw new NotFoundError('No such application record.')
    if (record.state !== 'completed') throw new ConflictError(NOT_COMPLETED)
    const state = resendState(await reportsOfPretreat(trx, record.pretreat_id), new Date())
    if (state.waiting) throw new ConflictError(REPORT_WAITING)
    if (state.openAt) throw new ConflictError(reportJustSent(state.openAt))
    const report = await insertGrowerReport(trx, { pretreat_id: record.pretreat_id, reason: 'resend', requested_by: actor.id, submission_id: input.submission_id })
    return { report: report!, pretreat: record.pretreat_id }
  },
})
