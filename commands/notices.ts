// Send Back, the author's answer, and Mark as seen (issue 24, decision 0069). A reviewer sends a
// service sheet or a pre-treat sheet back to its author with a reason: a step of the record's
// machine (SEND_BACK, through the one transition runner: history row, guard), which raises the
// author's notice. The author sees the reason on the sheet, fixes it and submits it again (the
// service sheet here; the pre-treat sheet through its own Submit, commands/pretreat-sheet.ts), which
// ends the send-back's notice. "Changed" notices are raised by the reviewers' own steps
// (commands/service-reviews.ts, commands/pretreat-review.ts: noticeIfChanged). Mark as seen is a POST.
import { z } from 'zod'
import { NOTICE_ENTITIES, type NoticeEntity } from '#core/enums.ts'
import { MarkSeenSchema, sendBackReason, ServiceResubmitSchema, ServiceSendBackSchema } from '#core/schemas/notices.ts'
import { INTEGER_MAX, wholeNumber } from '#core/schemas/fields.ts'
import type { Executor } from '#db/client.server.ts'
import { markNoticesSeen, raiseNotice } from '#db/queries/notices.ts'
import { lockPretreatStanding } from '#db/queries/pretreat-workflow.ts'
import { saveAuthorFixes, sheetAuthor } from '#db/queries/review-chain.ts'
import { runPretreatStep } from '#workflows/pretreat.server.ts'
import { reviewerLevels, resubmitSheet, runReviewStep } from '#workflows/service-review.server.ts'
import { NotFoundError } from '#core/errors.ts'
import { defineCommand } from './command.ts'

/** A reviewer's step changed the author's values: their "changed" notice (none when they changed nothing, or are the author). */
export async function noticeIfChanged(trx: Executor, entity: NoticeEntity, recordId: number, authorId: number | null, changed: boolean, reviewerId: number): Promise<void> {
  if (!changed || authorId === null) return
  await raiseNotice(trx, { userId: authorId, entity, recordId, kind: 'changed', raisedBy: reviewerId })
}

/** Sent back: the author's notice with the reason; an unseen "changed" one is part of it now (they open the sheet anyway). */
async function noticeSentBack(trx: Executor, entity: NoticeEntity, recordId: number, authorId: number | null, reason: string, reviewerId: number): Promise<void> {
  if (authorId === null) return
  await markNoticesSeen(trx, { entity, recordId, userId: authorId, kinds: ['changed'] })
  await raiseNotice(trx, { userId: authorId, entity, recordId, kind: 'sent_back', reason, raisedBy: reviewerId })
}

/** Send Back on the service review editor: a reviewer of the level waiting, with a reason; the sheet goes back to its author. */
export const sendBackServiceSheet = defineCommand({
  name: 'notices.send-back-service-sheet',
  schema: ServiceSendBackSchema.safeExtend({ review_id: z.number().int() }),
  async run(trx, actor, input): Promise<{ outcome: 'sent-back' }> {
    await runReviewStep(
      trx,
      input.review_id,
      { id: actor.id, levels: reviewerLevels(actor) },
      {
        type: 'SEND_BACK',
        reason: input.reason,
        version: input.version,
        apply: async (t, { sheet }) => {
          await noticeSentBack(t, 'service_sheet', sheet.id, await sheetAuthor(t, sheet.id), input.reason, actor.id)
        },
      },
    )
    return { outcome: 'sent-back' }
  },
})

/** The author's fixes to a service sheet sent back to them, submitted again (only by its author: the machine's guard). */
export const resubmitServiceSheet = defineCommand({
  name: 'notices.resubmit-service-sheet',
  schema: ServiceResubmitSchema.safeExtend({ sheet_id: z.number().int() }),
  async run(trx, actor, input): Promise<{ outcome: 'resubmitted' }> {
    const author = await sheetAuthor(trx, input.sheet_id).catch(() => null)
    if (author === null) throw new NotFoundError()
    await resubmitSheet(trx, input.sheet_id, { id: actor.id, isAuthor: author === actor.id }, input.version, async (t) => {
      await saveAuthorFixes(t, input.sheet_id, { travel_hours: input.travel_hours, labor_hours: input.labor_hours, description: input.description })
      await markNoticesSeen(t, { entity: 'service_sheet', recordId: input.sheet_id, kinds: ['sent_back'] })
      return { fixes: { travel_hours: input.travel_hours, labor_hours: input.labor_hours } }
    })
    return { outcome: 'resubmitted' }
  },
})

/** Send Back on the pre-treat review sheet: a reviewer, with a reason; the sheet goes back to its applicator (in progress). */
export const sendBackPretreat = defineCommand({
  name: 'notices.send-back-pretreat',
  schema: z.object({ pretreat_id: z.number().int(), version: wholeNumber('Version', { min: 1, max: INTEGER_MAX }), reason: sendBackReason() }),
  async run(trx, actor, input): Promise<{ outcome: 'sent-back' }> {
    const standing = await lockPretreatStanding(trx, input.pretreat_id)
    if (!standing) throw new NotFoundError('No such pre-treat.')
    await runPretreatStep(
      trx,
      input.pretreat_id,
      { type: 'SEND_BACK', reason: input.reason },
      {
        actor,
        version: input.version,
        details: { reason: input.reason },
        apply: async (t) => noticeSentBack(t, 'pretreat', input.pretreat_id, standing.assigned_user_id, input.reason, actor.id),
      },
    )
    return { outcome: 'sent-back' }
  },
})

/** Mark as seen: the user's own unseen notices on one record stop counting. */
export const markNoticeSeen = defineCommand({
  name: 'notices.mark-seen',
  schema: MarkSeenSchema.safeExtend({ entity: z.enum(NOTICE_ENTITIES) }),
  async run(trx, actor, input): Promise<{ seen: number }> {
    return { seen: await markNoticesSeen(trx, { entity: input.entity, recordId: input.record_id, userId: actor.id }) }
  },
})
