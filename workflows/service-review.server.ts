// The server side of a sheet's review chain. It resolves the sheet's stored state, asks the same
// machine the browser runs whether the event may happen, and writes the change, its copies to the
// next level and its workflow-history row in one transaction.
import { sql } from 'kysely'
import { ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import { carriedHours, editableNcLevels, levelValueProblems, levelValues, removalOf, type LevelValues, type SheetHours } from '#core/service-hours.ts'
import { hasPermission, type SessionUser } from '#core/permissions.ts'
import { partLineProblem } from '#core/schemas/service-sheet.ts'
import { jobById, storageById } from '#db/queries/registry.ts'
import { hoursOf, HOUR_COLUMNS } from '#db/queries/service-reviews.ts'
import { activePartsById } from '#db/queries/service-sheets.ts'
import { userDisplayName } from '#db/queries/users.ts'
import { recordWorkflowEvent } from './history.server.ts'
import { nextState, reviewRefusal, type ServiceReviewEvent, type SheetState } from './service-review.machine.ts'
import { REVIEW_LEVELS, type ReviewLevel, type ServiceType } from '#core/enums.ts'
import type { Executor } from '#db/client.server.ts'

/**
 * Opens a new sheet's review chain: level 1 starts from the sheet's hours, its review opens, and
 * the tracker gets the sheet's row. Call it inside the transaction that inserted the sheet.
 * `calledInAt`: the call's date for a sheet made from a call, else null (the sheet's creation time).
 */
export async function startReviewChain(trx: Executor, sheet: { id: number; service_sheet_number: number }, calledInAt: string | Date | null, actorId: number): Promise<void> {
  const to = nextState('submitted', { type: 'SUBMIT' })!
  await trx
    .updateTable('service_sheets')
    .set({ travel_hours1: sql`travel_hours`, labor_hours1: sql`labor_hours`, status: to as Exclude<SheetState, 'submitted'> })
    .where('id', '=', sheet.id)
    .execute()
  await trx.insertInto('service_reviews').values({ service_sheet_id: sheet.id, review_level: 1 }).execute()
  await trx
    .insertInto('service_status')
    .values({ service_sheet_id: sheet.id, service_sheet_number: sheet.service_sheet_number, called_in_at: calledInAt ?? sql<Date>`now()` })
    .execute()
  await shiftOpenReviewCounts(trx, { 1: 1 })
  await recordWorkflowEvent(trx, { entity: 'service_sheet', entityId: sheet.id, from: 'submitted', event: 'SUBMIT', to, actorId })
}

/**
 * Keeps the bell's open-review counts current between the 5-minute recounts
 * (jobs/alert-aggregation.job.ts), which stay the truth: a count not yet made is left to them.
 * Levels in ascending order, as the recount writes them, so two changes never wait on each other.
 */
async function shiftOpenReviewCounts(trx: Executor, changes: Partial<Record<ReviewLevel, 1 | -1>>): Promise<void> {
  for (const level of REVIEW_LEVELS) {
    const delta = changes[level]
    if (!delta) continue
    await trx
      .updateTable('alert_counts')
      .set({ count: sql`greatest(count + ${delta}, 0)`, computed_at: sql`now()` })
      .where('type', '=', `level_${level}_reviews`)
      .execute()
  }
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

type LockedReview = NonNullable<Awaited<ReturnType<typeof lockReview>>>

async function lockReview(trx: Executor, reviewId: number) {
  return trx
    .selectFrom('service_reviews as r')
    .leftJoin('users as u', 'u.id', 'r.reviewed_by')
    .select(['r.id', 'r.service_sheet_id', 'r.review_level', 'r.status', 'r.version', 'r.reviewed_by', 'r.reviewed_at', userDisplayName('u').as('reviewed_by_name')])
    .where('r.id', '=', reviewId)
    .forUpdate('r')
    .executeTakeFirst()
}

/**
 * The checks every change of a review passes, on the review `lockReview` read: it exists, the user
 * holds its level, it is open, and nobody saved it meanwhile. Locks and returns its sheet.
 */
async function checkOpenReview(
  trx: Executor,
  review: LockedReview | undefined,
  reviewer: Reviewer,
  version: number,
): Promise<{ review: LockedReview; sheet: { status: SheetState; hours: SheetHours } }> {
  if (!review) throw new NotFoundError()
  if (!reviewer.levels.includes(review.review_level)) throw new ForbiddenError()
  if (review.status === 'approved') {
    throw new InputError({ '': `This review was already approved by ${review.reviewed_by_name ?? 'another reviewer'} at ${when(review.reviewed_at)}; it can no longer be changed.` })
  }
  const sheet = await trx
    .selectFrom('service_sheets')
    .select(['status', ...HOUR_COLUMNS])
    .where('id', '=', review.service_sheet_id)
    .forUpdate()
    .executeTakeFirstOrThrow()
  const hours = hoursOf(sheet)
  if (review.version !== version) {
    const v = levelValues(hours, review.review_level)
    const last = await trx
      .selectFrom('workflow_events as e')
      .leftJoin('users as u', 'u.id', 'e.actor_id')
      .select([userDisplayName('u').as('by'), 'e.at'])
      .where('e.entity', '=', 'service_sheet')
      .where('e.entity_id', '=', review.service_sheet_id)
      .orderBy('e.id', 'desc')
      .executeTakeFirst()
    throw new InputError({
      '':
        `This review was changed by ${last?.by ?? 'another reviewer'} at ${when(last?.at ?? null)} while you were editing, so your changes were not saved. ` +
        `Current values: travel ${v.travel}, labor ${v.labor}, NC travel ${v.ncTravel}, NC labor ${v.ncLabor}. Your values are still in the form: save again to replace the current ones.`,
    })
  }
  return { review, sheet: { status: sheet.status as SheetState, hours } }
}

/** Decides the event with the machine; a refusal becomes the message the reviewer sees. */
function decide(state: SheetState, event: Extract<ServiceReviewEvent, { level: ReviewLevel }>): SheetState {
  const next = nextState(state, event)
  if (next) return next
  const refusal = reviewRefusal(state, event)
  if (refusal === 'not-your-level') throw new ForbiddenError()
  if (refusal === 'invalid-values') {
    const problems = levelValueProblems(event.values)
    throw new InputError(Object.fromEntries(Object.entries(problems).map(([k, message]) => [VALUE_FIELDS[k as keyof LevelValues], message])))
  }
  throw new InputError({ '': `This sheet is not waiting for a level ${event.level} review.` })
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
  const lines = await trx.selectFrom('service_sheet_parts').select(['id', 'added_at_level']).where('service_sheet_id', '=', sheetId).execute()
  const editable = editableNcLevels(level)
  for (const sent of input.parts) {
    const line = lines.find((l) => l.id === sent.id)
    if (!line) throw new InputError({ '': 'A part line does not belong to this sheet. Reload the review and try again.' })
    if (sent.removed && removalOf(line, level) === 'delete') {
      await trx.deleteFrom('service_sheet_parts').where('id', '=', line.id).execute()
      continue
    }
    const set: Record<string, boolean> = {}
    for (const l of editable) set[`nc${l}`] = sent[`nc${l}`]
    if (removalOf(line, level) === 'toggle-mark') set[`marked_for_deletion${level}`] = sent.removed
    await trx.updateTable('service_sheet_parts').set(set).where('id', '=', line.id).execute()
  }
  if (input.newParts.length > 0) {
    await trx
      .insertInto('service_sheet_parts')
      .values(input.newParts.map((p) => ({ service_sheet_id: sheetId, part_id: p.partId, quantity: p.quantity, description: p.description.trim(), added_at_level: level, [`nc${level}`]: p.nc })))
      .execute()
  }
}

/**
 * Saves a review (intent 'save') or saves and approves it ('approve'). Approving level N copies its
 * values into level N+1 and opens that review; approving level 3 completes the sheet. The review's
 * version guards against a silent overwrite; approving again what this user just approved (a
 * double click, a resent form) changes nothing.
 */
export async function submitReview(db: Executor, reviewId: number, reviewer: Reviewer, intent: 'save' | 'approve', input: ReviewInput): Promise<ReviewOutcome> {
  return db.transaction().execute(async (trx) => {
    const locked = await lockReview(trx, reviewId)
    if (
      locked &&
      intent === 'approve' &&
      locked.status === 'approved' &&
      locked.reviewed_by === reviewer.id &&
      locked.version === input.version + 1 &&
      reviewer.levels.includes(locked.review_level)
    ) {
      return { outcome: 'already-approved' }
    }
    const { review, sheet } = await checkOpenReview(trx, locked, reviewer, input.version)
    const level = review.review_level
    const event = { type: intent === 'approve' ? ('APPROVE' as const) : ('SAVE' as const), level, reviewerLevels: reviewer.levels, values: input.values }
    const next = decide(sheet.status, event)
    await checkNewParts(trx, input.newParts)
    await saveParts(trx, review.service_sheet_id, level, input)

    const v = input.values
    const levelHours = { [`travel_hours${level}`]: v.travel, [`labor_hours${level}`]: v.labor, [`nc${level}_travel`]: v.ncTravel, [`nc${level}_labor`]: v.ncLabor }
    const hoursAfter = { ...sheet.hours, ...levelHours } as SheetHours
    const approving = intent === 'approve'
    const carried = approving && level < 3 ? carriedHours(hoursAfter, level as 1 | 2) : {}
    await trx
      .updateTable('service_sheets')
      .set({ ...levelHours, ...carried, status: next as Exclude<SheetState, 'submitted'>, version: sql`version + 1`, updated_at: sql`now()` })
      .where('id', '=', review.service_sheet_id)
      .execute()
    await trx
      .updateTable('service_reviews')
      .set({
        comments: input.comments.trim(),
        version: sql`version + 1`,
        ...(approving ? { status: 'approved' as const, reviewed_by: reviewer.id, reviewed_at: sql`now()` } : {}),
      })
      .where('id', '=', review.id)
      .execute()

    if (approving) {
      await shiftOpenReviewCounts(trx, level < 3 ? { [level]: -1, [level + 1]: 1 } : { 3: -1 })
      await trx
        .updateTable('service_status')
        .set({ [`review_${level}_completed`]: true, ...(level === 3 ? { submitted_completed: true, submitted_at: sql`now()` } : {}) })
        .where('service_sheet_id', '=', review.service_sheet_id)
        .execute()
      if (level < 3) {
        const from = level as 1 | 2
        await trx
          .updateTable('service_sheet_parts')
          .set({ [`nc${from + 1}`]: sql.ref(`nc${from}`), [`marked_for_deletion${from + 1}`]: sql.ref(`marked_for_deletion${from}`) })
          .where('service_sheet_id', '=', review.service_sheet_id)
          .execute()
        await trx.insertInto('service_reviews').values({ service_sheet_id: review.service_sheet_id, review_level: (level + 1) as ReviewLevel }).execute()
      }
    }
    await recordWorkflowEvent(trx, {
      entity: 'service_sheet',
      entityId: review.service_sheet_id,
      from: sheet.status,
      event: event.type,
      to: next,
      actorId: reviewer.id,
      details: { level, reviewId: review.id, values: v },
    })
    return approving ? { outcome: 'approved', completed: next === 'complete' } : { outcome: 'saved' }
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

/** 'Select Service Details': moves the sheet to another company and storage, or to a job (which fixes both). */
export async function changeServiceDetails(db: Executor, reviewId: number, reviewer: Reviewer, input: ServiceDetailsInput): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { review, sheet } = await checkOpenReview(trx, await lockReview(trx, reviewId), reviewer, input.version)
    decide(sheet.status, { type: 'SAVE', level: review.review_level, reviewerLevels: reviewer.levels, values: levelValues(sheet.hours, review.review_level) })
    let { companyId, storageId } = input
    if (input.jobId !== null) {
      const job = await jobById(trx, input.jobId)
      if (!job) throw new InputError({ job: 'Choose a job number from the list.' })
      companyId = job.company_id
      storageId = job.storage_id
    } else {
      const storage = await storageById(trx, storageId)
      if (!storage || storage.company_id !== companyId) throw new InputError({ storage_id: "That storage is not one of this customer's storages." })
    }
    const before = await namesOf(trx, review.service_sheet_id)
    const current = await trx.selectFrom('service_sheets').select(['service_rendered', 'other_service']).where('id', '=', review.service_sheet_id).executeTakeFirstOrThrow()
    let serviceRendered = current.service_rendered
    let otherService = current.other_service
    if (input.jobId === null && input.serviceRendered.length > 0) {
      serviceRendered = [...input.serviceRendered]
      otherService = input.otherService.trim()
    }
    if (input.jobId === null && serviceRendered.length === 0) throw new InputError({ service_rendered: 'Choose the service type.' })
    if (serviceRendered.includes('Other') && !otherService) throw new InputError({ other_service: 'Other service is required when Other is picked.' })
    await trx
      .updateTable('service_sheets')
      .set({ company_id: companyId, storage_id: storageId, job_id: input.jobId, service_rendered: serviceRendered, other_service: otherService, version: sql`version + 1`, updated_at: sql`now()` })
      .where('id', '=', review.service_sheet_id)
      .execute()
    await trx.updateTable('service_reviews').set({ version: sql`version + 1` }).where('id', '=', review.id).execute()
    const after = await namesOf(trx, review.service_sheet_id)
    await recordWorkflowEvent(trx, {
      entity: 'service_sheet',
      entityId: review.service_sheet_id,
      from: sheet.status,
      event: 'SAVE',
      to: sheet.status,
      actorId: reviewer.id,
      details: { kind: 'service-details', level: review.review_level, reviewId: review.id, from: before, to: after },
    })
  })
}

async function namesOf(trx: Executor, sheetId: number): Promise<{ company: string; storage: string; job: string | null }> {
  return trx
    .selectFrom('service_sheets as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .innerJoin('storages as st', 'st.id', 's.storage_id')
    .leftJoin('jobs as j', 'j.id', 's.job_id')
    .select(['c.company_name as company', 'st.name as storage', 'j.name as job'])
    .where('s.id', '=', sheetId)
    .executeTakeFirstOrThrow()
}
