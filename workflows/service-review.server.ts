// The server side of a sheet's review chain, through the one workflow runner
// (transition.server.ts): it resolves the sheet's stored state, asks the same machine the browser
// runs, and saves the step, its history row and the effects of the state entered (opening and
// approving review levels, the tracker, the bell's counts) in one transaction. What is left here
// is what the machine cannot know: the review's existence, a stale editor, and the words a refusal
// is told in. The reviewer's steps themselves (save, approve, Select Service Details: their input
// checks and changes) are commands (commands/service-reviews.ts) that run through runReviewStep.
import { ConflictError, ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import { levelValueProblems, levelValues, type LevelValues } from '#core/service-hours.ts'
import { hasPermission, type SessionUser } from '#core/permissions.ts'
import {
  approveReview,
  carryLevel,
  insertTrackerRow,
  lockSheet,
  markLevelDone,
  openReview,
  returnReviews,
  shiftOpenReviewCounts,
  startLevelOneHours,
  type LockedSheet,
} from '#db/queries/review-chain.ts'
import { reviewById, type ReviewRow } from '#db/queries/service-reviews.ts'
import { lastWorkflowEvent } from '#db/queries/workflow-events.ts'
import { reviewRefusal, serviceReviewMachine, type ServiceReviewEvent, type SheetState } from './service-review.machine.ts'
import { defineWorkflow, NOT_POSSIBLE, runTransition, type StepResult, type Transition } from './transition.server.ts'
import { REVIEW_LEVELS, type ReviewLevel } from '#core/enums.ts'
import { SEND_BACK_REASON_REQUIRED } from '#core/schemas/notices.ts'
import { levelOf } from './service-review.machine.ts'
import type { Executor } from '#db/client.server.ts'

const ENTITY = 'service_sheet'

/** Entering level 1 (the sheet was submitted): it starts from the sheet's hours, its review opens, the tracker gets the sheet's row. */
async function openFirstLevel(trx: Executor, { id }: Transition<SheetState>): Promise<void> {
  await startLevelOneHours(trx, id)
  await openReview(trx, id, 1)
  await insertTrackerRow(trx, id)
  await shiftOpenReviewCounts(trx, { 1: 1 })
}

/** Leaving `level` by approval: its review is approved and done in the tracker; the next level starts from its hours and flags (level 3's completes the sheet). */
const passLevel =
  (level: ReviewLevel) =>
  async (trx: Executor, { id, actorId }: Transition<SheetState>): Promise<void> => {
    await approveReview(trx, id, level, actorId)
    await markLevelDone(trx, id, level)
    if (level < 3) {
      await carryLevel(trx, id, level as 1 | 2)
      await openReview(trx, id, (level + 1) as ReviewLevel)
    }
    await shiftOpenReviewCounts(trx, level < 3 ? { [level]: -1, [level + 1]: 1 } : { 3: -1 })
  }

/** Back with its author (SEND_BACK from a level, decision 0069): its reviews are returned and the level's open count drops. */
async function backToAuthor(trx: Executor, { id, from }: Transition<SheetState>): Promise<void> {
  await returnReviews(trx, id)
  const level = levelOf(from)
  if (level) await shiftOpenReviewCounts(trx, { [level]: -1 })
}

const sheetWorkflow = defineWorkflow(serviceReviewMachine, {
  entity: ENTITY,
  table: 'service_sheets',
  effects: {
    submitted: backToAuthor,
    level_1_review: openFirstLevel,
    level_2_review: passLevel(1),
    level_3_review: passLevel(2),
    complete: passLevel(3),
  },
})

/**
 * Opens a new sheet's review chain (SUBMIT: submitted → level 1). Call it inside the transaction
 * that inserted the sheet. The tracker's call-in date is the sheet's call's, if it has one.
 */
export async function startReviewChain(trx: Executor, sheetId: number, actorId: number): Promise<void> {
  await runTransition(trx, sheetWorkflow, await lockSheet(trx, sheetId), { type: 'SUBMIT', byAuthor: true }, { actorId })
}

// ---- A reviewer's step ---------------------------------------------------------------------------

export interface Reviewer {
  id: number
  /** the levels the user may review (superusers: all) */
  levels: readonly ReviewLevel[]
}

/** The levels a user may review. */
export function reviewerLevels(user: Pick<SessionUser, 'is_superuser' | 'permissions'>): ReviewLevel[] {
  return REVIEW_LEVELS.filter((level) => hasPermission(user, `api.can_review_${level}`))
}

/** May the user open this review? Its own level's reviewers, and level-3 reviewers for approved ones (Completed Reviews). */
export function mayOpenReview(levels: readonly ReviewLevel[], review: { review_level: ReviewLevel; status: string }): boolean {
  return levels.includes(review.review_level) || (review.status === 'approved' && levels.includes(3))
}

const VALUE_FIELDS: Record<keyof LevelValues, string> = { travel: 'travel_hours', labor: 'labor_hours', ncTravel: 'nc_travel', ncLabor: 'nc_labor' }

function when(date: Date | null): string {
  return date ? new Date(date).toLocaleString('en-US', { timeZone: 'UTC', dateStyle: 'short', timeStyle: 'short' }) + ' UTC' : 'an unknown time'
}

/** The machine refused a reviewer's event: the message they see, and how the route answers it. */
function reviewRefused(review: ReviewRow, state: SheetState, event: ServiceReviewEvent): Error {
  if (event.type === 'SUBMIT') return new ConflictError(NOT_POSSIBLE)
  const refusal = reviewRefusal(state, event)
  if (refusal === 'not-your-level') return new ForbiddenError()
  if (refusal === 'no-reason') return new InputError({ reason: SEND_BACK_REASON_REQUIRED })
  if (refusal === 'invalid-values' && event.type !== 'SEND_BACK') {
    const problems = levelValueProblems(event.values)
    return new InputError(Object.fromEntries(Object.entries(problems).map(([k, message]) => [VALUE_FIELDS[k as keyof LevelValues], message])))
  }
  if (review.status === 'approved') {
    return new ConflictError(`This review was already approved by ${review.reviewed_by_name ?? 'another reviewer'} at ${when(review.reviewed_at)}; it can no longer be changed.`)
  }
  return new ConflictError(`This sheet is not waiting for a level ${event.level} review.`)
}

/** The editor showed the review at `version`; anything saved since then would be silently overwritten. */
async function checkUnchanged(trx: Executor, review: ReviewRow, sheet: LockedSheet, version: number): Promise<void> {
  if (review.version === version) return
  const v = levelValues(sheet.hours, review.review_level)
  const last = await lastWorkflowEvent(trx, ENTITY, sheet.id)
  throw new ConflictError(
    `This review was changed by ${last?.by ?? 'another reviewer'} at ${when(last?.at ?? null)} while you were editing, so your changes were not saved. ` +
      `Current values: travel ${v.travel}, labor ${v.labor}, NC travel ${v.ncTravel}, NC labor ${v.ncLabor}. Your values are still in the form: save again to replace the current ones.`,
  )
}

/** What a reviewer's step changes: the review and its sheet, both locked until the transaction ends. */
export interface ReviewAtStep {
  review: ReviewRow
  sheet: LockedSheet
  level: ReviewLevel
}

export interface ReviewStep {
  /** SAVE keeps the level open; APPROVE closes it and opens the next (level 3's completes the sheet); SEND_BACK returns the sheet to its author */
  type: 'SAVE' | 'APPROVE' | 'SEND_BACK'
  /** SEND_BACK's reason */
  reason?: string
  /** the review's version the editor was showing */
  version: number
  /** the level's values the step leaves (default: as they stand) */
  values?: LevelValues
  /** the step's own changes, once the machine allowed it and the editor was not stale; what it returns joins the history row */
  apply: (trx: Executor, at: ReviewAtStep) => Promise<Record<string, unknown> | void>
}

/**
 * A reviewer's step on review `reviewId`, inside `trx`: the review and its sheet locked (no such
 * review: NotFoundError), the machine asked (a reviewer of another level: ForbiddenError; values
 * the level refuses: InputError; a level no longer open: ConflictError saying why), an editor that
 * showed an older version refused with the current values, then the step's own changes.
 */
export async function runReviewStep(trx: Executor, reviewId: number, reviewer: Reviewer, step: ReviewStep): Promise<StepResult<SheetState>> {
  const review = await reviewById(trx, reviewId, { lock: true })
  if (!review) throw new NotFoundError()
  const sheet = await lockSheet(trx, review.service_sheet_id)
  const level = review.review_level
  const values = step.values ?? levelValues(sheet.hours, level)
  const event: ServiceReviewEvent =
    step.type === 'SEND_BACK' ? { type: 'SEND_BACK', level, reviewerLevels: reviewer.levels, reason: step.reason ?? '' } : { type: step.type, level, reviewerLevels: reviewer.levels, values }
  return runTransition(trx, sheetWorkflow, sheet, event, {
    actorId: reviewer.id,
    details: { level, reviewId: review.id, ...(step.values ? { values } : {}), ...(step.type === 'SEND_BACK' ? { reason: step.reason } : {}) },
    refusal: (state, e) => reviewRefused(review, state, e),
    apply: async (trx) => {
      await checkUnchanged(trx, review, sheet, step.version)
      return step.apply(trx, { review, sheet, level })
    },
  })
}

/**
 * The author submits a sheet sent back to them again (SUBMIT from submitted; the machine's guard:
 * only its author), with their fixes saved by `apply` in the step: level 1 opens again from the
 * sheet's hours. NotFoundError for no such sheet; a sheet not back with its author is a conflict.
 */
export async function resubmitSheet(
  trx: Executor,
  sheetId: number,
  author: { id: number; isAuthor: boolean },
  version: number,
  apply: (trx: Executor) => Promise<Record<string, unknown> | void>,
): Promise<StepResult<SheetState>> {
  const sheet = await lockSheet(trx, sheetId).catch(() => null)
  if (!sheet) throw new NotFoundError()
  return runTransition(
    trx,
    sheetWorkflow,
    { ...sheet, version },
    { type: 'SUBMIT', byAuthor: author.isAuthor },
    {
      actorId: author.id,
      details: { resubmitted: true },
      refusal: (state) => (state === 'submitted' && !author.isAuthor ? new ForbiddenError("Only the sheet's author submits it again.") : new ConflictError(NOT_POSSIBLE)),
      apply,
    },
  )
}
