// The grower's report sent again (issue 23, decision 0065): an explicit step, logged as a report row
// of its own (who asked, when, their submission id), only for a completed pre-treat's record, only
// by a pre-treat reviewer. The page's `then` makes the PDF and queues the e-mail, as at completion.
import { z } from 'zod'
import { ConflictError, ForbiddenError, NotFoundError } from '#core/errors.ts'
import { hasAnyPermission } from '#core/permissions.ts'
import { ResendReportSchema } from '#core/schemas/grower-report.ts'
import { insertGrowerReport } from '#db/queries/grower-reports.ts'
import { defineCommand, type Actor } from './command.ts'

export const NOT_A_REPORT_SENDER = 'Only pre-treat reviewers may send the grower’s report; nothing was sent.'
export const NOT_COMPLETED = 'Only a completed pre-treat’s report can be sent; nothing was sent.'

/** Who may send a report again: the reviewers who complete pre-treats. */
export const maySendReports = (actor: Pick<Actor, 'is_superuser' | 'permissions'>) => hasAnyPermission(actor, ['api.pretreat_reviewer1', 'api.pretreat_reviewer2'])

export const resendGrowerReport = defineCommand({
  name: 'grower-report.resend',
  // record_id: the application record the page's address names, set by the route
  schema: ResendReportSchema.extend({ record_id: z.number().int() }),
  async run(trx, actor, input): Promise<{ report: number; pretreat: number }> {
    if (!maySendReports(actor)) throw new ForbiddenError(NOT_A_REPORT_SENDER)
    const record = await trx.selectFrom('application_records').select(['pretreat_id', 'state']).where('id', '=', input.record_id).executeTakeFirst()
    if (!record) throw new NotFoundError('No such application record.')
    if (record.state !== 'completed') throw new ConflictError(NOT_COMPLETED)
    const report = await insertGrowerReport(trx, { pretreat_id: record.pretreat_id, reason: 'resend', requested_by: actor.id, submission_id: input.submission_id })
    return { report: report!, pretreat: record.pretreat_id }
  },
})
