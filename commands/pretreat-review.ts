// The review sheet's steps (/review-pre-treat/{id}; docs/decisions/0039): Save (a reviewer's
// corrections and the price lines, SAVE: a self-transition in the review states) and Submit (the
// same saved, then REVIEW with the reviewer's level, in one transaction). The first review (level
// 1 or 2) sends it to to-review1; a level-2 review by someone else then completes it (decision
// 0078): the application record must have no gaps, and the record is
// kept in the same transaction (the page queues the sheet's PDF in it too: runCommand's `then`,
// when the answer's status is completed). The pre-treat is the one the page's address names
// (`pretreat_id`, set by the route). Only reviewers and superusers review; a completed pre-treat
// (and its prices) takes no more changes. The season check is read again with the sheet as saved
// (decision 0063): a warning no reason answers yet needs a reason to Submit (commands/season-reason.ts);
// a Save keeps one given. The reason is kept in the step's history row.
import type { z } from 'zod'
import { ConflictError, ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import { hasPermission } from '#core/permissions.ts'
import { cwtMismatch, type PriceLine } from '#core/pretreat-pricing.ts'
import { missingFieldsMessage, sheetFacts, sheetProblems } from '#core/pretreat-sheet.ts'
import { PretreatReviewSchema, type PretreatReviewValue } from '#core/schemas/pretreat-review.ts'
import type { PretreatState } from '#core/workflow-states.ts'
import type { Executor } from '#db/client.server.ts'
import { pretreatSubmittedWith, submitFactsOf } from '#db/queries/pretreat-sheet.ts'
import { firstReviewerOf, lockPretreatStanding } from '#db/queries/pretreat-workflow.ts'
import { insertGrowerReport } from '#db/queries/grower-reports.ts'
import { pricedCompanies, pricingBasis, replacePriceLines } from '#db/queries/pretreat-review.ts'
import { applicationRecordGaps, keepApplicationRecord } from '#workflows/application-record.server.ts'
import { isReviewState, type PretreatReviewerLevel } from '#workflows/pretreat.machine.ts'
import { runPretreatStep } from '#workflows/pretreat.server.ts'
import { CHANGED_MEANWHILE, NOT_POSSIBLE } from '#workflows/transition.server.ts'
import { localToday } from '#core/licence.ts'
import { defineCommand, type Actor } from './command.ts'
import { seasonReasonFor } from './season-reason.ts'
import { noticeIfChanged } from './notices.ts'
import { lockForSubmit, ON_PRETREAT, requireKnownTruck, saveFields, SUBMIT_ID_USED } from './pretreat-sheet.ts'

export const NOT_A_REVIEWER = 'Only pre-treat reviewers may review this sheet; nothing was changed.'
export const ALREADY_COMPLETED = 'This pre-treat is already completed.'
export const FOREIGN_COMPANY = 'That company is not on this pre-treat.'
export const PRICE_LINES_INCOMPLETE = 'Every company of this pre-treat needs one price line.'
export const RECORD_INCOMPLETE_PREFIX = 'Application record incomplete: '
/** A level-2 reviewer who made the level-1 review (decision 0078: two people complete a pre-treat): the sheet says it, the Submit refuses. */
export const FIRST_REVIEW_BY_YOU = 'You made the level-1 review of this pre-treat: another level-2 reviewer must complete it.'
export const FIRST_REVIEW_WAS_YOURS = `${FIRST_REVIEW_BY_YOU} Nothing was changed.`

export const ReviewStepSchema = PretreatReviewSchema.safeExtend(ON_PRETREAT)
export type ReviewStepInput = z.output<typeof ReviewStepSchema>

/** The level a user reviews at: 2 for a second-level reviewer (or a superuser), 1 for a first-level one, else null. */
export function reviewerLevel(user: Pick<Actor, 'is_superuser' | 'permissions'>): PretreatReviewerLevel {
  if (hasPermission(user, 'api.pretreat_reviewer2')) return 2
  if (hasPermission(user, 'api.pretreat_reviewer1')) return 1
  return null
}

/** Locks the sheet and checks it is a reviewer's to change now. */
async function lockForReview(trx: Executor, id: number, actor: Actor) {
  const sheet = await lockPretreatStanding(trx, id)
  if (!sheet) throw new NotFoundError('No such pre-treat.')
  const level = reviewerLevel(actor)
  if (level === null) throw new ForbiddenError(NOT_A_REVIEWER)
  if (sheet.status === 'completed') throw new ConflictError(ALREADY_COMPLETED)
  if (!isReviewState(sheet.status)) throw new ConflictError(NOT_POSSIBLE)
  return { sheet, level }
}

/**
 * The posted price lines checked against the pre-treat's companies (taken from the database, not
 * the post): exactly one line each, no other company. Returns them and the mismatch text, if any.
 */
async function checkedPrices(trx: Executor, id: number, posted: PretreatReviewValue['prices']): Promise<{ lines: PriceLine[]; mismatch: string | null }> {
  const companies = await pricedCompanies(trx, id)
  const ids = new Set(companies.map((c) => c.id))
  const seen = new Set<number>()
  for (const line of posted) {
    if (!ids.has(line.company_id)) throw new InputError({ '': FOREIGN_COMPANY })
    if (seen.has(line.company_id)) throw new InputError({ '': PRICE_LINES_INCOMPLETE })
    seen.add(line.company_id)
  }
  if (seen.size !== ids.size) throw new InputError({ '': PRICE_LINES_INCOMPLETE })
  const { cwt } = await pricingBasis(trx, id)
  const lines = posted.map((l) => ({ company_id: l.company_id, cwt_share: l.cwt_share, price: l.price }))
  return {
    lines,
    mismatch:
      cwt === null
        ? null
        : cwtMismatch(
            lines.map((l) => l.cwt_share),
            cwt,
          ),
  }
}

/** Save: a reviewer's corrections and the price lines (shares that do not add up yet are kept: Submit refuses them). */
export const saveReview = defineCommand({
  name: 'pretreat-review.save',
  schema: ReviewStepSchema,
  async run(trx, actor, input): Promise<{ version: number; savedAt: string }> {
    const id = input.pretreat_id
    const { sheet } = await lockForReview(trx, id, actor)
    await requireKnownTruck(trx, input.truck_id)
    const { lines } = await checkedPrices(trx, id, input.prices)
    await runPretreatStep(
      trx,
      id,
      { type: 'SAVE' },
      {
        actor,
        version: input.version,
        apply: async (t) => {
          const { changes } = await saveFields(t, id, input, actor.id)
          // the applicator's notice (decision 0069): the reviewer changed what they entered
          await noticeIfChanged(t, 'pretreat', id, sheet.assigned_user_id, Object.keys(changes).length > 0, actor.id)
          await replacePriceLines(t, id, lines)
          return { changes, ...(await seasonReasonFor(t, id, { today: localToday(), reason: input.season_reason, required: false })) }
        },
      },
    )
    return { version: input.version + 1, savedAt: new Date().toISOString() }
  },
})

/**
 * Submit: the fields and prices saved and REVIEW { level } taken, in one transaction; refused with
 * nothing saved for a non-reviewer, a completed or not-yet-submitted sheet, shares that do not add
 * up, a missing required field, or (completing) an application record with gaps. Answers the status
 * the pre-treat stands in (completed: the page's `then` queues the PDF) and, on completing it, the
 * grower's report asked for (its id; the same `then` makes its PDF and queues the e-mail).
 */
export const submitReview = defineCommand({
  name: 'pretreat-review.submit',
  schema: ReviewStepSchema,
  async run(trx, actor, input): Promise<{ status: PretreatState; report?: number | null }> {
    const id = input.pretreat_id
    const { standing: found, done } = await lockForSubmit(trx, input)
    if (done) return done
    const { level, sheet } = await lockForReview(trx, id, actor)
    // a page's submission id submits one pre-treat: sent for another, its key is another, so this stops it
    if (await pretreatSubmittedWith(trx, input.submission_id)) throw new InputError({ '': SUBMIT_ID_USED })
    if (found.version !== input.version) throw new ConflictError(CHANGED_MEANWHILE)
    await requireKnownTruck(trx, input.truck_id)
    const { lines, mismatch } = await checkedPrices(trx, id, input.prices)
    if (mismatch) throw new InputError({ '': mismatch })
    const { after, changes } = await saveFields(trx, id, input, actor.id, { sheet_submit_id: input.submission_id })
    await noticeIfChanged(trx, 'pretreat', id, sheet.assigned_user_id, Object.keys(changes).length > 0, actor.id)
    const problems = sheetProblems({ ...sheetFacts(await submitFactsOf(trx, id)), ...after })
    if (problems.length > 0) throw new InputError({ '': missingFieldsMessage(problems) })
    await replacePriceLines(trx, id, lines)
    // with the quantities and the date as the reviewer saved them
    const reason = await seasonReasonFor(trx, id, { today: localToday(), reason: input.season_reason, required: true })
    // two people complete a pre-treat (decision 0078): the machine refuses the level-1 reviewer's completion
    const reviewedFirst = (await firstReviewerOf(trx, id)) === actor.id
    const step = await runPretreatStep(
      trx,
      id,
      { type: 'REVIEW', level, reviewedFirst },
      {
        actor,
        version: input.version,
        details: { changes, level, ...reason },
        refusal: () => new ConflictError(reviewedFirst ? FIRST_REVIEW_WAS_YOURS : NOT_POSSIBLE),
      },
    )
    if (step.to !== 'completed') return { status: step.to }
    // completing: refused (all of it rolled back with this transaction) while the record has gaps
    const gaps = await applicationRecordGaps(trx, id)
    if (gaps.length > 0) throw new InputError({ '': `${RECORD_INCOMPLETE_PREFIX}${gaps.join(', ')}` })
    await keepApplicationRecord(trx, id)
    // the grower's report: asked for once (a retried completion finds it); the page's `then` makes its PDF and queues it
    return { status: step.to, report: await insertGrowerReport(trx, { pretreat_id: id, reason: 'completed', requested_by: actor.id }) }
  },
})
