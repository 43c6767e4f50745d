import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReviewLevel, ServiceType } from '#core/enums.ts'
import { ConflictError, ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import type { LevelValues } from '#core/service-hours.ts'
import { aggregateAlerts } from '#jobs/alert-aggregation.job.ts'
import { startReviewChain } from '#workflows/service-review.server.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { makeServiceSheet } from '../tests/support/service-sheets.ts'
import { KEY_MESSAGES, runCommand, type Actor } from './command.ts'
import { approveServiceReview, changeServiceDetails, saveServiceReview } from './service-reviews.ts'

let t: TestDatabase
let techId: number
let r1: Actor, r2: Actor, r3: Actor
let acme: number, other: number, cellar: number, cellar2: number, otherCellar: number, job: number
let fan: number, special: number

beforeAll(async () => {
  t = await createTestDatabase()
  const db = t.db
  const users = await db
    .insertInto('users')
    .values(['tech', 'rev1', 'rev2', 'rev3'].map((username) => ({ username, password_hash: 'x' })))
    .returning('id')
    .execute()
  techId = users[0]!.id
  const reviewer = (i: number, level: ReviewLevel): Actor => ({ id: users[i]!.id, username: `rev${level}`, is_superuser: false, permissions: [`api.can_review_${level}`] })
  r1 = reviewer(1, 1)
  r2 = reviewer(2, 2)
  r3 = reviewer(3, 3)
  const companies = await db
    .insertInto('companies')
    .values([{ company_name: 'Acme Farms' }, { company_name: 'Other Farms' }])
    .returning('id')
    .execute()
  acme = companies[0]!.id
  other = companies[1]!.id
  const storages = await db
    .insertInto('storages')
    .values([
      { company_id: acme, name: 'Cellar 1' },
      { company_id: acme, name: 'Cellar 2' },
      { company_id: other, name: 'Cellar 9' },
    ])
    .returning('id')
    .execute()
  ;[cellar, cellar2, otherCellar] = storages.map((s) => s.id) as [number, number, number]
  job = (await db.insertInto('jobs').values({ name: 'J-1', company_id: acme, storage_id: cellar2 }).returning('id').executeTakeFirstOrThrow()).id
  const parts = await db
    .insertInto('parts')
    .values([
      { part_number: 'FAN-1', description: 'Fan belt' },
      { part_number: 'SPECIAL', is_special: true },
    ])
    .returning('id')
    .execute()
  fan = parts[0]!.id
  special = parts[1]!.id
})
afterAll(() => t.drop())

async function newSheet(hours = { travel_hours: 2, labor_hours: 3 }) {
  return makeServiceSheet(t.db, {
    company_id: acme,
    storage_id: cellar,
    created_by: techId,
    service_date: '2026-11-20',
    requested_by: 'Dale',
    description: 'Fan 3 rattles',
    notes: 'Replaced the belt',
    ...hours,
    parts: [
      { part_id: fan, quantity: 2 },
      { part_id: special, quantity: 1, description: 'Custom bracket' },
    ],
  })
}

const reviewOf = (sheetId: number, level: number) =>
  t.db
    .selectFrom('service_reviews')
    .selectAll()
    .where('service_sheet_id', '=', sheetId)
    .where('review_level', '=', level as 1)
    .executeTakeFirst()
const sheetRow = (id: number) => t.db.selectFrom('service_sheets').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const partsOf = (id: number) => t.db.selectFrom('service_sheet_parts').selectAll().where('service_sheet_id', '=', id).orderBy('id').execute()
const statusOf = (id: number) => t.db.selectFrom('service_status').selectAll().where('service_sheet_id', '=', id).executeTakeFirstOrThrow()

interface ReviewInput {
  version: number
  values: LevelValues
  comments: string
  parts: { id: number; nc1: boolean; nc2: boolean; nc3: boolean; removed: boolean }[]
  newParts: { partId: number; quantity: number; description: string; nc: boolean }[]
}

function input(version: number, over: Partial<ReviewInput> = {}): ReviewInput {
  return { version, values: { travel: 2, labor: 3, ncTravel: 0, ncLabor: 0 }, comments: '', parts: [], newParts: [], ...over }
}

/** The review form as the editor posts it (Save or Approve) for review `reviewId`, sent with `key` (a new one unless given). */
function submitReview(reviewId: number, actor: Actor, intent: 'save' | 'approve', value: ReviewInput, key: string = crypto.randomUUID()) {
  const form = {
    review_id: reviewId,
    intent,
    version: value.version,
    travel_hours: value.values.travel,
    labor_hours: value.values.labor,
    nc_travel: value.values.ncTravel,
    nc_labor: value.values.ncLabor,
    comments: value.comments,
    parts: value.parts,
    new_parts: value.newParts.map((p) => ({ part_id: p.partId, quantity: p.quantity, description: p.description, nc: p.nc })),
    new_part: '',
    new_description: '',
  }
  return runCommand(t.db, intent === 'approve' ? approveServiceReview : saveServiceReview, { actor, key, input: form })
}

/** Select Service Details as the route sends it: the place its names resolved to. */
function changeDetails(reviewId: number, actor: Actor, value: { version: number; companyId: number; storageId: number; jobId: number | null; serviceRendered: ServiceType[]; otherService: string }) {
  const input = {
    review_id: reviewId,
    version: value.version,
    company_id: value.companyId,
    storage_id: value.storageId,
    job_id: value.jobId ?? undefined,
    service_rendered: value.serviceRendered,
    other_service: value.otherService,
  }
  return runCommand(t.db, changeServiceDetails, { actor, key: crypto.randomUUID(), input })
}

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected a refusal')
}

describe('the review chain', () => {
  it('opens level 1 with the initial hours, a tracker row and a history row', async () => {
    const sheet = await newSheet({ travel_hours: 1.5, labor_hours: 4 })
    const row = await sheetRow(sheet.id)
    expect([row.status, Number(row.travel_hours1), Number(row.labor_hours1)]).toEqual(['level_1_review', 1.5, 4])
    expect(await reviewOf(sheet.id, 1)).toMatchObject({ status: 'open', version: 1, company_id: acme, storage_id: cellar, service_date: expect.anything() })
    // made without a call: the tracker has no call-in date ('No Date Available')
    expect(await statusOf(sheet.id)).toMatchObject({ review_1_completed: false, submitted_completed: false, called_in_at: null })
    const events = await t.db.selectFrom('workflow_events').selectAll().where('entity', '=', 'service_sheet').where('entity_id', '=', sheet.id).execute()
    expect(events).toEqual([expect.objectContaining({ from_state: 'submitted', event: 'SUBMIT', to_state: 'level_1_review', actor_id: techId })])
  })

  it('copies each approved level into the next and completes at level 3', async () => {
    const sheet = await newSheet()
    const [belt, bracket] = await partsOf(sheet.id)
    const rev1 = (await reviewOf(sheet.id, 1))!
    await submitReview(
      rev1.id,
      r1,
      'approve',
      input(1, {
        values: { travel: 2.5, labor: 3, ncTravel: 0.5, ncLabor: 0 },
        comments: 'Travel was longer',
        parts: [
          { id: belt!.id, nc1: true, nc2: false, nc3: false, removed: false },
          { id: bracket!.id, nc1: false, nc2: false, nc3: false, removed: true },
        ],
      }),
    )
    let row = await sheetRow(sheet.id)
    expect(row.status).toBe('level_2_review')
    expect([row.travel_hours2, row.nc2_travel, row.labor_hours2].map(Number)).toEqual([2.5, 0.5, 3])
    let parts = await partsOf(sheet.id)
    expect(parts.map((p) => [p.nc1, p.nc2, p.marked_for_deletion1, p.marked_for_deletion2])).toEqual([
      [true, true, false, false],
      [false, false, true, true],
    ])
    expect(await reviewOf(sheet.id, 1)).toMatchObject({ status: 'approved', reviewed_by: r1.id, comments: 'Travel was longer' })
    expect(await statusOf(sheet.id)).toMatchObject({ review_1_completed: true, review_2_completed: false })

    const rev2 = (await reviewOf(sheet.id, 2))!
    // level 2 may only change its own NC flag; a level-1 flag sent as false is ignored
    await submitReview(
      rev2.id,
      r2,
      'approve',
      input(1, {
        values: { travel: 2.5, labor: 2.75, ncTravel: 0.5, ncLabor: 0 },
        parts: [{ id: belt!.id, nc1: false, nc2: false, nc3: false, removed: false }],
        newParts: [{ partId: fan, quantity: 1, description: '', nc: true }],
      }),
    )
    parts = await partsOf(sheet.id)
    expect(parts.map((p) => [p.nc1, p.nc2, p.nc3, p.added_at_level])).toEqual([
      [true, false, false, 0],
      [false, false, false, 0],
      [false, true, true, 2],
    ])
    row = await sheetRow(sheet.id)
    expect([row.status, Number(row.labor_hours3)]).toEqual(['level_3_review', 2.75])

    const rev3 = (await reviewOf(sheet.id, 3))!
    // level 3 may change all three NC flags
    const outcome = await submitReview(
      rev3.id,
      r3,
      'approve',
      input(1, {
        values: { travel: 2.5, labor: 2.75, ncTravel: 0, ncLabor: 0.25 },
        parts: [{ id: belt!.id, nc1: false, nc2: true, nc3: true, removed: false }],
      }),
    )
    expect(outcome).toEqual({ outcome: 'approved', completed: true })
    expect((await partsOf(sheet.id))[0]).toMatchObject({ nc1: false, nc2: true, nc3: true })
    expect((await sheetRow(sheet.id)).status).toBe('complete')
    expect(await statusOf(sheet.id)).toMatchObject({ review_1_completed: true, review_2_completed: true, review_3_completed: true, submitted_completed: true, submitted_at: expect.any(Date) })
    const events = await t.db.selectFrom('workflow_events').select(['event', 'to_state']).where('entity', '=', 'service_sheet').where('entity_id', '=', sheet.id).orderBy('id').execute()
    expect(events.map((e) => `${e.event}→${e.to_state}`)).toEqual(['SUBMIT→level_1_review', 'APPROVE→level_2_review', 'APPROVE→level_3_review', 'APPROVE→complete'])
  })

  // the same press sent twice has one key (the route's stepKey): runCommand answers the second as
  // the first, where the workflow once answered it 'already-approved' itself
  it('approves once when the same approval arrives twice', async () => {
    const sheet = await newSheet()
    const rev1 = (await reviewOf(sheet.id, 1))!
    const key = crypto.randomUUID()
    const [a, b] = await Promise.allSettled([submitReview(rev1.id, r1, 'approve', input(1), key), submitReview(rev1.id, r1, 'approve', input(1), key)])
    expect([a.status, b.status]).toEqual(['fulfilled', 'fulfilled'])
    const outcomes = [a, b].map((r) => (r as PromiseFulfilledResult<unknown>).value)
    expect(outcomes).toEqual([
      { outcome: 'approved', completed: false },
      { outcome: 'approved', completed: false },
    ])
    // the same key with other values is not taken for the first
    expect(await refusal(submitReview(rev1.id, r1, 'approve', input(1, { comments: 'other' }), key))).toEqual(new ConflictError(KEY_MESSAGES.reused))
    const reviews = await t.db.selectFrom('service_reviews').select('review_level').where('service_sheet_id', '=', sheet.id).execute()
    expect(reviews.map((r) => r.review_level).sort()).toEqual([1, 2])
  })

  it('refuses a stale save with the current values, and changes nothing', async () => {
    const sheet = await newSheet()
    const rev1 = (await reviewOf(sheet.id, 1))!
    await submitReview(rev1.id, r1, 'save', input(1, { values: { travel: 4, labor: 3, ncTravel: 1, ncLabor: 0 } }))
    const error = await refusal(submitReview(rev1.id, r1, 'save', input(1, { values: { travel: 1, labor: 1, ncTravel: 0, ncLabor: 0 } })))
    expect(error).toBeInstanceOf(ConflictError)
    expect((error as ConflictError).message).toMatch(/while you were editing.*Current values: travel 4, labor 3, NC travel 1, NC labor 0/)
    expect(Number((await sheetRow(sheet.id)).travel_hours1)).toBe(4)
    expect((await reviewOf(sheet.id, 1))!.version).toBe(2)
  })

  it('refuses a reviewer of another level as forbidden, and bad values with field messages', async () => {
    const sheet = await newSheet()
    const rev1 = (await reviewOf(sheet.id, 1))!
    const forbidden = await refusal(submitReview(rev1.id, r2, 'approve', input(1)))
    expect(forbidden).toBeInstanceOf(ForbiddenError)
    const missing = await refusal(submitReview(987654, r1, 'approve', input(1)))
    expect(missing).toBeInstanceOf(NotFoundError)
    const capped = await refusal(submitReview(rev1.id, r1, 'save', input(1, { values: { travel: 1, labor: 1, ncTravel: 1.25, ncLabor: -1 } })))
    expect((capped as InputError).fieldErrors).toEqual({ nc_travel: 'NC travel hours cannot be more than the travel hours (1).', nc_labor: 'NC labor hours must be 0 or more.' })
    const unknownPart = await refusal(submitReview(rev1.id, r1, 'save', input(1, { newParts: [{ partId: 999999, quantity: 1, description: '', nc: false }] })))
    expect((unknownPart as InputError).fieldErrors).toEqual({ new_part: 'Choose a part from the parts list.' })
    const zero = await refusal(submitReview(rev1.id, r1, 'save', input(1, { newParts: [{ partId: fan, quantity: 0, description: '', nc: false }] })))
    expect((zero as InputError).fieldErrors).toEqual({ new_part: 'Quantity must be above 0.' })
    const noText = await refusal(submitReview(rev1.id, r1, 'save', input(1, { newParts: [{ partId: special, quantity: 1, description: ' ', nc: false }] })))
    expect((noText as InputError).fieldErrors).toEqual({ new_part: 'A special part needs a description.' })
    expect(await reviewOf(sheet.id, 1)).toMatchObject({ version: 1, status: 'open' })
    expect(await partsOf(sheet.id)).toHaveLength(2)
  })

  it('deletes a line added at this level outright and toggles the mark on an older one', async () => {
    const sheet = await newSheet()
    const rev1 = (await reviewOf(sheet.id, 1))!
    await submitReview(rev1.id, r1, 'save', input(1, { newParts: [{ partId: fan, quantity: 3, description: '', nc: false }] }))
    const [belt, , added] = await partsOf(sheet.id)
    expect(added).toMatchObject({ added_at_level: 1 })
    await submitReview(
      rev1.id,
      r1,
      'save',
      input(2, {
        parts: [
          { id: added!.id, nc1: false, nc2: false, nc3: false, removed: true },
          { id: belt!.id, nc1: false, nc2: false, nc3: false, removed: true },
        ],
      }),
    )
    let parts = await partsOf(sheet.id)
    expect(parts).toHaveLength(2)
    expect(parts[0]).toMatchObject({ marked_for_deletion1: true })
    await submitReview(rev1.id, r1, 'save', input(3, { parts: [{ id: belt!.id, nc1: false, nc2: false, nc3: false, removed: false }] }))
    parts = await partsOf(sheet.id)
    expect(parts[0]).toMatchObject({ marked_for_deletion1: false })
  })

  it('locks an approved review', async () => {
    const sheet = await newSheet()
    const rev1 = (await reviewOf(sheet.id, 1))!
    await submitReview(rev1.id, r1, 'approve', input(1))
    for (const version of [2, 1]) {
      // also from an editor opened before the approval: saving again would not help, so no 'save again'
      const error = await refusal(submitReview(rev1.id, r1, 'save', input(version)))
      expect(error).toBeInstanceOf(ConflictError)
      expect((error as ConflictError).message).toMatch(/already approved/)
    }
  })

  it('refuses to submit a sheet twice (the machine takes SUBMIT only once), and changes nothing', async () => {
    const sheet = await newSheet()
    const before = await sheetRow(sheet.id)
    const again = await refusal(t.db.transaction().execute((trx) => startReviewChain(trx, sheet.id, techId)))
    expect(again).toBeInstanceOf(ConflictError)
    expect(await sheetRow(sheet.id)).toEqual(before)
    expect(await t.db.selectFrom('service_reviews').select('id').where('service_sheet_id', '=', sheet.id).execute()).toHaveLength(1)
  })

  it('moves the sheet through Select Service Details, checking storage and job', async () => {
    const sheet = await newSheet()
    const rev1 = (await reviewOf(sheet.id, 1))!
    const wrong = await refusal(changeDetails(rev1.id, r1, { version: 1, companyId: acme, storageId: otherCellar, jobId: null, serviceRendered: [], otherService: '' }))
    expect((wrong as InputError).fieldErrors).toEqual({ storage_id: "That storage is not one of this customer's storages." })
    // a job sent with another customer and storage than its own (the route sends the job's)
    const mixed = await refusal(changeDetails(rev1.id, r1, { version: 1, companyId: other, storageId: otherCellar, jobId: job, serviceRendered: [], otherService: '' }))
    expect((mixed as InputError).fieldErrors).toEqual({ job: "That job's customer and storage do not match the ones sent." })
    await changeDetails(rev1.id, r1, { version: 1, companyId: acme, storageId: cellar2, jobId: job, serviceRendered: [], otherService: '' })
    const row = await sheetRow(sheet.id)
    expect([row.company_id, row.storage_id, row.job_id]).toEqual([acme, cellar2, job])
    expect(await reviewOf(sheet.id, 1)).toMatchObject({ version: 2, job_id: job, storage_id: cellar2 })
    const event = await t.db.selectFrom('workflow_events').select('details').where('entity_id', '=', sheet.id).where('entity', '=', 'service_sheet').orderBy('id', 'desc').executeTakeFirstOrThrow()
    expect(event.details).toMatchObject({ kind: 'service-details', level: 1, from: { company: 'Acme Farms', storage: 'Cellar 1', job: null }, to: { storage: 'Cellar 2', job: 'J-1' } })
  })

  it('keeps the bell’s open-review counts equal to a recount as sheets are made and approved', async () => {
    const kept = async () =>
      Object.fromEntries(
        (await t.db.selectFrom('alert_counts').select(['type', 'count']).where('type', 'in', ['level_1_reviews', 'level_2_reviews', 'level_3_reviews']).execute()).map((r) => [r.type, r.count]),
      )
    const recount = async () => {
      const { level_1_reviews, level_2_reviews, level_3_reviews } = await aggregateAlerts(t.db)
      return { level_1_reviews, level_2_reviews, level_3_reviews }
    }
    const before = await recount()
    const sheet = await newSheet()
    await submitReview((await reviewOf(sheet.id, 1))!.id, r1, 'approve', input(1))
    const other = await newSheet()
    const moved = await kept()
    expect(moved).toEqual({ level_1_reviews: before.level_1_reviews + 1, level_2_reviews: before.level_2_reviews + 1, level_3_reviews: before.level_3_reviews })
    expect(moved).toEqual(await recount())
    await submitReview((await reviewOf(sheet.id, 2))!.id, r2, 'approve', input(1))
    await submitReview((await reviewOf(sheet.id, 3))!.id, r3, 'approve', input(1))
    await submitReview((await reviewOf(other.id, 1))!.id, r1, 'save', input(1))
    expect(await kept()).toEqual({ ...before, level_1_reviews: before.level_1_reviews + 1 })
    expect(await kept()).toEqual(await recount())
  })
})
