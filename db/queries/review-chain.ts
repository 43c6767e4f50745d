// What a sheet's review chain writes (workflows/service-review.server.ts decides when): the locked
// reads a change starts from, a level's hours, part lines and comments, opening and approving
// review levels, the tracker's row, and the bell's open-review counts.
import { sql } from 'kysely'
import { REVIEW_LEVELS, type ReviewLevel, type ServiceType } from '#core/enums.ts'
import type { LevelValues, SheetHours } from '#core/service-hours.ts'
import type { Executor } from '../client.server.ts'
import type { ServiceSheetStatus } from '../schema.ts'
import { hoursOf, HOUR_COLUMNS } from './service-reviews.ts'

export interface LockedSheet {
  id: number
  status: ServiceSheetStatus
  version: number
  hours: SheetHours
}

/** The sheet's workflow state and hours, locked until the transaction ends. */
export async function lockSheet(trx: Executor, sheetId: number): Promise<LockedSheet> {
  const row = await trx
    .selectFrom('service_sheets')
    .select(['id', 'status', 'version', ...HOUR_COLUMNS])
    .where('id', '=', sheetId)
    .forUpdate()
    .executeTakeFirstOrThrow()
  return { id: row.id, status: row.status, version: row.version, hours: hoursOf(row) }
}

/** Level 1 starts from the hours the technician entered. */
export async function startLevelOneHours(trx: Executor, sheetId: number): Promise<void> {
  await trx
    .updateTable('service_sheets')
    .set({ travel_hours1: sql`travel_hours`, labor_hours1: sql`labor_hours` })
    .where('id', '=', sheetId)
    .execute()
}

/** A reviewer's hours at `level`. */
export async function saveLevelHours(trx: Executor, sheetId: number, level: ReviewLevel, v: LevelValues): Promise<void> {
  await trx
    .updateTable('service_sheets')
    .set({ [`travel_hours${level}`]: v.travel, [`labor_hours${level}`]: v.labor, [`nc${level}_travel`]: v.ncTravel, [`nc${level}_labor`]: v.ncLabor, updated_at: sql`now()` })
    .where('id', '=', sheetId)
    .execute()
}

/** Level N+1 starts from level N's hours and part flags (NC and deletion mark). */
export async function carryLevel(trx: Executor, sheetId: number, from: 1 | 2): Promise<void> {
  const to = from + 1
  await trx
    .updateTable('service_sheets')
    .set({
      [`travel_hours${to}`]: sql.ref(`travel_hours${from}`),
      [`labor_hours${to}`]: sql.ref(`labor_hours${from}`),
      [`nc${to}_travel`]: sql.ref(`nc${from}_travel`),
      [`nc${to}_labor`]: sql.ref(`nc${from}_labor`),
    })
    .where('id', '=', sheetId)
    .execute()
  await trx
    .updateTable('service_sheet_parts')
    .set({ [`nc${to}`]: sql.ref(`nc${from}`), [`marked_for_deletion${to}`]: sql.ref(`marked_for_deletion${from}`) })
    .where('service_sheet_id', '=', sheetId)
    .execute()
}

// ---- part lines --------------------------------------------------------------------------------

export function partLinesOf(trx: Executor, sheetId: number): Promise<{ id: number; added_at_level: number }[]> {
  return trx.selectFrom('service_sheet_parts').select(['id', 'added_at_level']).where('service_sheet_id', '=', sheetId).execute()
}

export async function deletePartLine(trx: Executor, lineId: number): Promise<void> {
  await trx.deleteFrom('service_sheet_parts').where('id', '=', lineId).execute()
}

/** Sets a line's NC flags and deletion marks (`nc1`, `marked_for_deletion2`, …). */
export async function setPartLineFlags(trx: Executor, lineId: number, flags: Record<string, boolean>): Promise<void> {
  if (Object.keys(flags).length === 0) return
  await trx.updateTable('service_sheet_parts').set(flags).where('id', '=', lineId).execute()
}

/** Lines a reviewer adds at `level`, with that level's NC flag. */
export async function addReviewPartLines(trx: Executor, sheetId: number, level: ReviewLevel, parts: readonly { partId: number; quantity: number; description: string; nc: boolean }[]): Promise<void> {
  if (parts.length === 0) return
  await trx
    .insertInto('service_sheet_parts')
    .values(parts.map((p) => ({ service_sheet_id: sheetId, part_id: p.partId, quantity: p.quantity, description: p.description, added_at_level: level, [`nc${level}`]: p.nc })))
    .execute()
}

// ---- reviews -----------------------------------------------------------------------------------

export async function openReview(trx: Executor, sheetId: number, level: ReviewLevel): Promise<void> {
  // a sheet resubmitted after a send-back (decision 0069) has its level's review already: it opens again
  await trx
    .insertInto('service_reviews')
    .values({ service_sheet_id: sheetId, review_level: level })
    .onConflict((oc) => oc.columns(['service_sheet_id', 'review_level']).doUpdateSet({ status: 'open', reviewed_by: null, reviewed_at: null, version: sql`service_reviews.version + 1` }))
    .execute()
}

/** The sheet went back to its author (decision 0069): its reviews leave both review lists, and the tracker shows no level done. */
export async function returnReviews(trx: Executor, sheetId: number): Promise<void> {
  await trx
    .updateTable('service_reviews')
    .set({ status: 'returned', version: sql`version + 1` })
    .where('service_sheet_id', '=', sheetId)
    .execute()
  await trx.updateTable('service_status').set({ review_1_completed: false, review_2_completed: false, review_3_completed: false }).where('service_sheet_id', '=', sheetId).execute()
}

/** The author's fixes to a sheet sent back to them: its own hours and description. */
export async function saveAuthorFixes(trx: Executor, sheetId: number, fixes: { travel_hours: number; labor_hours: number; description: string }): Promise<void> {
  await trx
    .updateTable('service_sheets')
    .set({ ...fixes, updated_at: sql`now()` })
    .where('id', '=', sheetId)
    .execute()
}

/** Who wrote the sheet (its notices go to them). */
export async function sheetAuthor(trx: Executor, sheetId: number): Promise<number> {
  const row = await trx.selectFrom('service_sheets').select('created_by').where('id', '=', sheetId).executeTakeFirstOrThrow()
  return row.created_by
}

/** The sheet's part lines as the reviewers' flags leave them, to tell whether a step changed them. */
export async function partLinesSnapshot(trx: Executor, sheetId: number): Promise<string> {
  const rows = await trx
    .selectFrom('service_sheet_parts')
    .select(['id', 'quantity', 'nc1', 'nc2', 'nc3', 'marked_for_deletion1', 'marked_for_deletion2', 'marked_for_deletion3'])
    .where('service_sheet_id', '=', sheetId)
    .orderBy('id')
    .execute()
  return JSON.stringify(rows)
}

/** The reviewer's comments; the review's version moves on (the editor's token for a stale save). */
export async function saveReviewComments(trx: Executor, reviewId: number, comments: string): Promise<void> {
  await trx
    .updateTable('service_reviews')
    .set({ comments, version: sql`version + 1` })
    .where('id', '=', reviewId)
    .execute()
}

/** The review's version moves on (its sheet changed under it). */
export async function touchReview(trx: Executor, reviewId: number): Promise<void> {
  await trx
    .updateTable('service_reviews')
    .set({ version: sql`version + 1` })
    .where('id', '=', reviewId)
    .execute()
}

export async function approveReview(trx: Executor, sheetId: number, level: ReviewLevel, reviewerId: number | null): Promise<void> {
  await trx
    .updateTable('service_reviews')
    .set({ status: 'approved', reviewed_by: reviewerId, reviewed_at: sql`now()` })
    .where('service_sheet_id', '=', sheetId)
    .where('review_level', '=', level)
    .execute()
}

// ---- the tracker and the bell ------------------------------------------------------------------

/** The sheet's tracker row; its call-in date is the call's date, none for a sheet made without a call. */
export async function insertTrackerRow(trx: Executor, sheetId: number): Promise<void> {
  await trx
    .insertInto('service_status')
    .columns(['service_sheet_id', 'service_sheet_number', 'called_in_at'])
    .expression((eb) =>
      eb
        .selectFrom('service_sheets as s')
        .leftJoin('call_ins as ci', 'ci.id', 's.call_in_id')
        .select(['s.id', 's.service_sheet_number', sql<Date | null>`ci.call_in_date::timestamptz`.as('called_in_at')])
        .where('s.id', '=', sheetId),
    )
    // a resubmitted sheet (decision 0069) keeps its row
    .onConflict((oc) => oc.column('service_sheet_id').doNothing())
    .execute()
}

/** The tracker shows `level` done; level 3 also submits the sheet. */
export async function markLevelDone(trx: Executor, sheetId: number, level: ReviewLevel): Promise<void> {
  await trx
    .updateTable('service_status')
    .set({ [`review_${level}_completed`]: true, ...(level === 3 ? { submitted_completed: true, submitted_at: sql`now()` } : {}) })
    .where('service_sheet_id', '=', sheetId)
    .execute()
}

/**
 * Keeps the bell's open-review counts current between the 5-minute recounts
 * (jobs/alert-aggregation.job.ts), which stay the truth: a count not yet made is left to them.
 * Levels in ascending order, as the recount writes them, so two changes never wait on each other.
 */
export async function shiftOpenReviewCounts(trx: Executor, changes: Partial<Record<ReviewLevel, 1 | -1>>): Promise<void> {
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

// ---- service details ('Select Service Details') ------------------------------------------------

export interface SheetPlaceNames {
  company: string
  storage: string
  job: string | null
}

export function sheetPlaceNames(trx: Executor, sheetId: number): Promise<SheetPlaceNames> {
  return trx
    .selectFrom('service_sheets as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .innerJoin('storages as st', 'st.id', 's.storage_id')
    .leftJoin('jobs as j', 'j.id', 's.job_id')
    .select(['c.company_name as company', 'st.name as storage', 'j.name as job'])
    .where('s.id', '=', sheetId)
    .executeTakeFirstOrThrow()
}

export function sheetServiceTypes(trx: Executor, sheetId: number): Promise<{ service_rendered: ServiceType[]; other_service: string }> {
  return trx.selectFrom('service_sheets').select(['service_rendered', 'other_service']).where('id', '=', sheetId).executeTakeFirstOrThrow()
}

export interface ServiceDetails {
  company_id: number
  storage_id: number
  job_id: number | null
  service_rendered: ServiceType[]
  other_service: string
}

export async function saveServiceDetails(trx: Executor, sheetId: number, details: ServiceDetails): Promise<void> {
  await trx
    .updateTable('service_sheets')
    .set({ ...details, updated_at: sql`now()` })
    .where('id', '=', sheetId)
    .execute()
}
