// The server side of a sheet's review chain, through the one workflow runner
// (transition.server.ts): it resolves the sheet's stored state, asks the same machine the browser
// runs, and saves the step, its history row and the effects of the state entered (opening and
// approving review levels, the tracker, the bell's counts) in one transaction. What is left here
// is what the machine cannot know: the review's existence, a stale editor, input checks, and the
// words a refusal is told in.
import { ConflictError, ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import { editableNcLevels, levelValueProblems, levelValues, removalOf, type LevelValues } from '#core/service-hours.ts'
import { hasPermission, type SessionUser } from '#core/permissions.ts'
import { PLACE_MESSAGES } from '#core/schemas/place.ts'
import { partLineProblem } from '#core/schemas/service-sheet.ts'
import { jobById, storageById } from '#db/queries/registry.ts'
import {
  addReviewPartLines,
  approveReview,
  carryLevel,
  deletePartLine,
  insertTrackerRow,
  lockSheet,
  markLevelDone,
  openReview,
  partLinesOf,
  saveLevelHours,
  saveReviewComments,
  saveServiceDetails,
  setPartLineFlags,
  sheetPlaceNames,
  sheetServiceTypes,
  shiftOpenReviewCounts,
  startLevelOneHours,
  touchReview,
  type LockedSheet,
} from '#db/queries/review-chain.ts'
import { reviewById, type ReviewRow } from '#db/queries/service-reviews.ts'
import { activePartsById } from '#db/queries/service-sheets.ts'
import { lastWorkflowEvent } from '#db/queries/workflow-events.ts'
import { reviewRefusal, serviceReviewMachine, type ServiceReviewEvent, type SheetState } from './service-review.machine.ts'
import { defineWorkflow, NOT_POSSIBLE, runTransition, type Transition } from './transition.server.ts'
import { REVIEW_LEVELS, type ReviewLevel, type ServiceType } from '#core/enums.ts'
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
const passLevel = (level: ReviewLevel) => async (trx: Executor, { id, actorId }: Transition<SheetState>): Promise<void> => {
  await approveReview(trx, id, level, actorId)
  await markLevelDone(trx, id, level)
  if (level < 3) {
    await carryLevel(trx, id, level as 1 | 2)
    await openReview(trx, id, (level + 1) as ReviewLevel)
  }
  await shiftOpenReviewCounts(trx, level < 3 ? { [level]: -1, [level + 1]: 1 } : { 3: -1 })
}

const sheetWorkflow = defineWorkflow(serviceReviewMachine, {
  entity: ENTITY,
  table: 'service_sheets',
  effects: {
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
  await runTransition(trx, sheetWorkflow, await lockSheet(trx, sheetId), { type: 'SUBMIT' }, { actorId })
}

// ---- Saving and approving a review ------------------------------------------------------------

export interface ReviewPartInput {
  id: number
  nc1: boolean
  nc2: boolean
  nc3: boolean
  /** the reviewer's removal: for an older line, this level's deletion mark; for a line added at this level, delete it */
  removed: boolean
}

export interface NewPartInput {
  partId: number
  quantity: number
  description: string
  nc: boolean
}

export interface ReviewInput {
  /** the review's version the editor was showing */
  version: number
  values: LevelValues
  comments: string
  parts: readonly ReviewPartInput[]
  newParts: readonly NewPartInput[]
}

export interface Reviewer {
  id: number
  /** the levels the user may review (superusers: all) */
  levels: readonly ReviewLevel[]
}

export type ReviewOutcome = { outcome: 'saved' } | { outcome: 'approved'; completed: boolean } | { outcome: 'already-approved' }

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
  if (refusal === 'invalid-values') {
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

/** The review a reviewer changes and its sheet, both locked until the transaction ends. */
async function openForChange(trx: Executor, reviewId: number): Promise<{ review: ReviewRow; sheet: LockedSheet }> {
  const review = await reviewById(trx, reviewId, { lock: true })
  if (!review) throw new NotFoundError()
  return { review, sheet: await lockSheet(trx, review.service_sheet_id) }
}

async function checkNewParts(trx: Executor, newParts: readonly NewPartInput[]): Promise<void> {
  if (newParts.length === 0) return
  const known = await activePartsById(trx, newParts.map((p) => p.partId))
  for (const part of newParts) {
    // the sheet form's Add Part rule
    const problem = partLineProblem(known.find((k) => k.id === part.partId), part.quantity, part.description)
    if (problem) throw new InputError({ new_part: problem.message })
  }
}

/** Applies the reviewer's part changes at `level` (only the NC flags the level may edit). */
async function saveParts(trx: Executor, sheetId: number, level: ReviewLevel, input: ReviewInput): Promise<void> {
  const lines = await partLinesOf(trx, sheetId)
  const editable = editableNcLevels(level)
  for (const sent of input.parts) {
    const line = lines.find((l) => l.id === sent.id)
    if (!line) throw new InputError({ '': 'A part line does not belong to this sheet. Reload the review and try again.' })
    if (sent.removed && removalOf(line, level) === 'delete') {
      await deletePartLine(trx, line.id)
      continue
    }
    const flags: Record<string, boolean> = {}
    for (const l of editable) flags[`nc${l}`] = sent[`nc${l}`]
    if (removalOf(line, level) === 'toggle-mark') flags[`marked_for_deletion${level}`] = sent.removed
    await setPartLineFlags(trx, line.id, flags)
  }
  await addReviewPartLines(trx, sheetId, level, input.newParts.map((p) => ({ ...p, description: p.description.trim() })))
}

/** This user's approval of this review, sent again (a double click, a resent form): nothing more to do. */
function isResentApproval(review: ReviewRow, reviewer: Reviewer, intent: 'save' | 'approve', version: number): boolean {
  return intent === 'approve' && review.status === 'approved' && review.reviewed_by === reviewer.id && review.version === version + 1
}

/**
 * Saves a review (intent 'save', the machine's SAVE: the level stays open) or saves and approves
 * it ('approve', APPROVE: the next level opens from this one's values; level 3's completes the
 * sheet). The review's version guards against a silent overwrite; approving again what this user
 * just approved changes nothing.
 */
export async function submitReview(db: Executor, reviewId: number, reviewer: Reviewer, intent: 'save' | 'approve', input: ReviewInput): Promise<ReviewOutcome> {
  return db.transaction().execute(async (trx) => {
    const { review, sheet } = await openForChange(trx, reviewId)
    if (isResentApproval(review, reviewer, intent, input.version)) return { outcome: 'already-approved' }
    const level = review.review_level
    const event = { type: intent === 'approve' ? ('APPROVE' as const) : ('SAVE' as const), level, reviewerLevels: reviewer.levels, values: input.values }
    const done = await runTransition(trx, sheetWorkflow, sheet, event, {
      actorId: reviewer.id,
      details: { level, reviewId: review.id, values: input.values },
      refusal: (state, e) => reviewRefused(review, state, e),
      apply: async (trx) => {
        await checkUnchanged(trx, review, sheet, input.version)
        await checkNewParts(trx, input.newParts)
        await saveParts(trx, sheet.id, level, input)
        await saveLevelHours(trx, sheet.id, level, input.values)
        await saveReviewComments(trx, review.id, input.comments.trim())
      },
    })
    return intent === 'approve' ? { outcome: 'approved', completed: done.to === 'complete' } : { outcome: 'saved' }
  })
}

export interface ServiceDetailsInput {
  version: number
  companyId: number
  storageId: number
  jobId: number | null
  /** needed when the sheet leaves its job and has no service type yet */
  serviceRendered: readonly ServiceType[]
  otherService: string
}

/** The company, storage and job the details name, checked: a job fixes both; a storage must be the company's. */
async function placeOf(trx: Executor, input: ServiceDetailsInput): Promise<{ company_id: number; storage_id: number; job_id: number | null }> {
  if (input.jobId !== null) {
    const job = await jobById(trx, input.jobId)
    if (!job) throw new InputError({ job: PLACE_MESSAGES.job })
    return { company_id: job.company_id, storage_id: job.storage_id, job_id: job.id }
  }
  const storage = await storageById(trx, input.storageId)
  if (!storage || storage.company_id !== input.companyId) throw new InputError({ storage_id: "That storage is not one of this customer's storages." })
  return { company_id: input.companyId, storage_id: storage.id, job_id: null }
}

/**
 * 'Select Service Details': moves the sheet to another company and storage, or to a job (which
 * fixes both). For the machine it is a SAVE of the review's level, with the level's values as they are.
 */
export async function changeServiceDetails(db: Executor, reviewId: number, reviewer: Reviewer, input: ServiceDetailsInput): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { review, sheet } = await openForChange(trx, reviewId)
    const level = review.review_level
    const event = { type: 'SAVE' as const, level, reviewerLevels: reviewer.levels, values: levelValues(sheet.hours, level) }
    await runTransition(trx, sheetWorkflow, sheet, event, {
      actorId: reviewer.id,
      refusal: (state, e) => reviewRefused(review, state, e),
      apply: async (trx) => {
        await checkUnchanged(trx, review, sheet, input.version)
        const place = await placeOf(trx, input)
        const current = await sheetServiceTypes(trx, sheet.id)
        const leavesJob = input.jobId === null
        const service_rendered = leavesJob && input.serviceRendered.length > 0 ? [...input.serviceRendered] : current.service_rendered
        const other_service = leavesJob && input.serviceRendered.length > 0 ? input.otherService.trim() : current.other_service
        if (leavesJob && service_rendered.length === 0) throw new InputError({ service_rendered: 'Choose the service type.' })
        if (service_rendered.includes('Other') && !other_service) throw new InputError({ other_service: 'Other service is required when Other is picked.' })
        const before = await sheetPlaceNames(trx, sheet.id)
        await saveServiceDetails(trx, sheet.id, { ...place, service_rendered, other_service })
        await touchReview(trx, review.id)
        return { kind: 'service-details', level, reviewId: review.id, from: before, to: await sheetPlaceNames(trx, sheet.id) }
      },
    })
  })
}
