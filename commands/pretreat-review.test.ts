import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConflictError, ForbiddenError, InputError } from '#core/errors.ts'
import { PretreatReviewSchema } from '#core/schemas/pretreat-review.ts'
import type { Executor } from '#db/client.server.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { filledSheetForm } from '../tests/support/sheet-forms.ts'
import { makePretreat } from '../tests/support/pretreats.ts'
import { runCommand, type Actor } from './command.ts'
import { ALREADY_COMPLETED, FIRST_REVIEW_WAS_YOURS, FOREIGN_COMPANY, NOT_A_REVIEWER, RECORD_INCOMPLETE_PREFIX, reviewerLevel, saveReview, submitReview } from './pretreat-review.ts'
import { sheetPressKey } from './pretreat-sheet.ts'

let t: TestDatabase
let truckId: number
let billable: number
const actors: Record<'r1' | 'r2' | 'r2b' | 'nobody', Actor> = {} as never
beforeAll(async () => {
  t = await createTestDatabase()
  truckId = (await t.db.insertInto('trucks').values({ number: 'T-9', make: 'Ford' }).returning('id').executeTakeFirstOrThrow()).id
  billable = (await t.db.insertInto('companies').values({ company_name: 'Zephyr Billing Co' }).returning('id').executeTakeFirstOrThrow()).id
  const user = async (username: string) =>
    (await t.db.insertInto('users').values({ username, password_hash: 'x', first_name: username, last_name: 'Test' }).returning('id').executeTakeFirstOrThrow()).id
  actors.r1 = { id: await user('rev-one'), username: 'rev-one', is_superuser: false, permissions: ['api.view_pretreat', 'api.pretreat_reviewer1'] }
  actors.r2 = { id: await user('rev-two'), username: 'rev-two', is_superuser: false, permissions: ['api.view_pretreat', 'api.pretreat_reviewer2'] }
  actors.r2b = { id: await user('rev-two-b'), username: 'rev-two-b', is_superuser: false, permissions: ['api.view_pretreat', 'api.pretreat_reviewer2'] }
  actors.nobody = { id: await user('rev-none'), username: 'rev-none', is_superuser: false, permissions: ['api.view_pretreat', 'api.add_pretreat'] }
})
afterAll(() => t.drop())

const row = (id: number) => t.db.selectFrom('pretreats').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const prices = (id: number) =>
  t.db.selectFrom('pretreat_prices').select(['company_id', 'cwt_share', 'price']).where('pretreat_id', '=', id).orderBy('cwt_share', 'desc').orderBy('company_id').execute()
const history = (id: number) =>
  t.db.selectFrom('workflow_events').select(['from_state', 'event', 'to_state', 'details']).where('entity', '=', 'pretreat').where('entity_id', '=', id).orderBy('id').execute()

/** A submitted sheet (to-review, or to-review1) of 1000 cwt, billed also to a second company. */
async function sheetToReview(stage: 'to-review' | 'to-review1' = 'to-review') {
  const pt = await makePretreat(t.db, { stage, quantityUsed: 16 })
  await t.db.insertInto('pretreat_bill_to').values({ pretreat_id: pt.id, company_id: billable }).execute()
  const r = await row(pt.id)
  const line = await t.db.selectFrom('pretreat_chemicals').select('id').where('pretreat_id', '=', pt.id).executeTakeFirstOrThrow()
  return { pt, owner: r.company_id, version: r.version, lineId: line.id }
}

/** The review form as posted: the whole sheet, with `changes` over it ('' empties a field), and the price lines. */
function review(s: Awaited<ReturnType<typeof sheetToReview>>, priceLines: { company_id: number; cwt_share: string; price: string }[], changes: Record<string, string> = {}) {
  const text: Record<string, unknown> = { ...filledSheetForm({ version: s.version, truckId, lineId: s.lineId }), ...changes }
  for (const [k, v] of Object.entries(text)) if (v === '') delete text[k] // conform leaves an empty field out
  return PretreatReviewSchema.parse({ ...text, prices: priceLines.map((l) => ({ company_id: String(l.company_id), cwt_share: l.cwt_share, price: l.price })) })
}
type ReviewValue = ReturnType<typeof review>
/** What runs the page's posts (app/features/pretreat-sheet/review-intent.server.ts): a key per press; `then`, what the page does besides in its transaction. */
type Then = (trx: Executor, result: { status: string }) => Promise<unknown>
const saveAs = (id: number, actor: Actor, value: ReviewValue) =>
  runCommand(t.db, saveReview, { actor, key: sheetPressKey('save', { ...value, pretreat_id: id }), input: { ...value, pretreat_id: id } })
const submitAs = (id: number, actor: Actor, value: ReviewValue, then?: Then) =>
  runCommand(t.db, submitReview, { actor, key: sheetPressKey('submit', { ...value, pretreat_id: id }), input: { ...value, pretreat_id: id }, then })
/** The page's hook: `onCompleted` once the review completed the pre-treat. */
const whenCompleted =
  (id: number, onCompleted: (trx: Executor, id: number) => Promise<unknown>): Then =>
  async (trx, result) =>
    result.status === 'completed' ? onCompleted(trx, id) : null

const split = (s: Awaited<ReturnType<typeof sheetToReview>>, owner = '500', other = '500', price = '0.0500') => [
  { company_id: s.owner, cwt_share: owner, price },
  { company_id: billable, cwt_share: other, price },
]

describe('the review step on the server', () => {
  it('knows the reviewer levels: level 2 wins, superusers are level 2, others have none', () => {
    expect(reviewerLevel(actors.r1)).toBe(1)
    expect(reviewerLevel(actors.r2)).toBe(2)
    expect(reviewerLevel({ ...actors.r1, permissions: ['api.pretreat_reviewer1', 'api.pretreat_reviewer2'] })).toBe(2)
    expect(reviewerLevel({ ...actors.nobody, is_superuser: true })).toBe(2)
    expect(reviewerLevel(actors.nobody)).toBeNull()
  })

  it('a first-level review sends it to to-review1, saving corrections and prices, with the step in the history', async () => {
    const s = await sheetToReview()
    const done = await submitAs(s.pt.id, actors.r1, review(s, split(s, '600.5', '399.5'), { weather: 'Snow' }))
    expect(done).toEqual({ status: 'to-review1' })
    expect(await row(s.pt.id)).toMatchObject({ status: 'to-review1', weather: 'Snow' })
    expect(await prices(s.pt.id)).toEqual([
      { company_id: s.owner, cwt_share: '600.50', price: '0.0500' },
      { company_id: billable, cwt_share: '399.50', price: '0.0500' },
    ])
    const last = (await history(s.pt.id)).at(-1)!
    expect(last).toMatchObject({ from_state: 'to-review', event: 'REVIEW', to_state: 'to-review1' })
    expect((last.details as { changes: Record<string, unknown> }).changes.weather).toEqual(['', 'Snow'])
  })

  it('a second-level review completes it, the PDF hook running inside the completing transaction', async () => {
    const s = await sheetToReview('to-review1')
    const calls: { id: number; inTransaction: boolean; status: string }[] = []
    const onCompleted = async (trx: Executor, id: number) => {
      calls.push({ id, inTransaction: trx.isTransaction, status: (await trx.selectFrom('pretreats').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status })
    }
    const done = await submitAs(s.pt.id, actors.r2, review(s, split(s, '333.34', '666.66', '0.0525')), whenCompleted(s.pt.id, onCompleted))
    expect(done.status).toBe('completed')
    expect(calls).toEqual([{ id: s.pt.id, inTransaction: true, status: 'completed' }])
    expect((await row(s.pt.id)).status).toBe('completed')
    expect((await prices(s.pt.id)).map((p) => p.price)).toEqual(['0.0525', '0.0525'])
  })

  it('refuses a completion while the application record misses an item, naming it, and completes once it is there', async () => {
    // a grower with no address, whose storage has neither an address nor GPS
    const company = await t.db.insertInto('companies').values({ company_name: 'Unaddressed Farms' }).returning('id').executeTakeFirstOrThrow()
    const storage = await t.db.insertInto('storages').values({ company_id: company.id, name: 'Nowhere Cellar' }).returning('id').executeTakeFirstOrThrow()
    const pt = await makePretreat(t.db, { stage: 'to-review1', quantityUsed: 16, company_id: company.id, storage_id: storage.id })
    const line = await t.db.selectFrom('pretreat_chemicals').select('id').where('pretreat_id', '=', pt.id).executeTakeFirstOrThrow()
    const before = await row(pt.id)
    const s = { pt, owner: company.id, version: before.version, lineId: line.id }
    const onCompleted = async () => {
      throw new Error('the hook must not run for a refused completion')
    }
    const whole = [{ company_id: company.id, cwt_share: '1000', price: '0.0500' }]
    await expect(submitAs(pt.id, actors.r2, review(s, whole), whenCompleted(pt.id, onCompleted))).rejects.toThrow(new RegExp(`^${RECORD_INCOMPLETE_PREFIX}Grower address, Site`))
    expect(await row(pt.id)).toMatchObject({ status: 'to-review1', version: before.version })
    expect(await prices(pt.id)).toEqual([])
    expect(await t.db.selectFrom('application_records').select('pretreat_id').where('pretreat_id', '=', pt.id).execute()).toEqual([])

    await t.db.updateTable('companies').set({ address: '90 Main St, Aberdeen, ID 83210' }).where('id', '=', company.id).execute()
    await t.db.updateTable('storages').set({ gps_lat: '42.94', gps_lng: '-112.84' }).where('id', '=', storage.id).execute()
    expect((await submitAs(pt.id, actors.r2, review(s, whole))).status).toBe('completed')
    expect(await t.db.selectFrom('application_records').select('pretreat_id').where('pretreat_id', '=', pt.id).execute()).toHaveLength(1)
  })

  it('two people complete a pre-treat: a level-2 reviewer’s first review is the level-1 one, and they cannot complete it too; another level-2 reviewer does', async () => {
    const s = await sheetToReview()
    expect(await submitAs(s.pt.id, actors.r2, review(s, split(s)))).toEqual({ status: 'to-review1' })
    const again = { ...s, version: (await row(s.pt.id)).version }
    const refused = await submitAs(s.pt.id, actors.r2, review(again, split(again), { weather: 'Snow' })).catch((e: unknown) => e)
    expect(refused).toEqual(new ConflictError(FIRST_REVIEW_WAS_YOURS))
    expect(await row(s.pt.id)).toMatchObject({ status: 'to-review1', version: again.version })
    expect((await row(s.pt.id)).weather).not.toBe('Snow')
    expect((await submitAs(s.pt.id, actors.r2b, review(again, split(again)))).status).toBe('completed')
    expect((await history(s.pt.id)).filter((h) => h.event === 'REVIEW').map((h) => h.to_state)).toEqual(['to-review1', 'completed'])
  })

  it('a completion whose PDF hook fails leaves nothing completed (one transaction)', async () => {
    const s = await sheetToReview('to-review1')
    const failing = async () => {
      throw new Error('queue down')
    }
    await expect(submitAs(s.pt.id, actors.r2, review(s, split(s)), whenCompleted(s.pt.id, failing))).rejects.toThrow('queue down')
    expect((await row(s.pt.id)).status).toBe('to-review1')
    expect(await prices(s.pt.id)).toEqual([])
  })

  it('refuses a user without a reviewer permission, changing nothing', async () => {
    const s = await sheetToReview()
    const before = await row(s.pt.id)
    await expect(submitAs(s.pt.id, actors.nobody, review(s, split(s), { weather: 'Snow' }))).rejects.toThrow(new ForbiddenError(NOT_A_REVIEWER))
    await expect(saveAs(s.pt.id, actors.nobody, review(s, split(s), { weather: 'Snow' }))).rejects.toBeInstanceOf(ForbiddenError)
    expect(await row(s.pt.id)).toEqual(before)
    expect(await prices(s.pt.id)).toEqual([])
  })

  it('refuses shares that do not add up to the first chemical cwt, saving nothing', async () => {
    const s = await sheetToReview()
    const refused = submitAs(s.pt.id, actors.r2, review(s, split(s, '500', '499.99'), { weather: 'Snow' }))
    await expect(refused).rejects.toThrow(new InputError({ '': 'CWT total mismatch, expected 1,000, got 999.99' }))
    expect(await row(s.pt.id)).toMatchObject({ status: 'to-review', weather: null, version: s.version })
    expect(await prices(s.pt.id)).toEqual([])
  })

  it('saves a price typed with more than 4 decimals rounded to 4 (spec §5 Pricing), half up', async () => {
    const s = await sheetToReview()
    await submitAs(
      s.pt.id,
      actors.r1,
      review(s, [
        { company_id: s.owner, cwt_share: '500', price: '0.05255' },
        { company_id: billable, cwt_share: '500', price: '0.123449' },
      ]),
    )
    const saved = await prices(s.pt.id)
    expect(saved).toHaveLength(2)
    expect(saved).toEqual(
      expect.arrayContaining([
        { company_id: s.owner, cwt_share: '500.00', price: '0.0526' },
        { company_id: billable, cwt_share: '500.00', price: '0.1234' },
      ]),
    )
  })

  it('refuses a negative or non-number share before anything runs', () => {
    const s = { pt: { id: 1 }, owner: 1, version: 1, lineId: 1 } as Awaited<ReturnType<typeof sheetToReview>>
    expect(() => review(s, [{ company_id: 1, cwt_share: '-5', price: '0.05' }])).toThrow('CWT share must be a number of at least 0')
    expect(() => review(s, [{ company_id: 1, cwt_share: 'lots', price: '0.05' }])).toThrow('CWT share must be a number of at least 0')
  })

  it('refuses a price line for a company that is not on the pre-treat, and a missing line', async () => {
    const stranger = (await t.db.insertInto('companies').values({ company_name: 'Not On It Farms' }).returning('id').executeTakeFirstOrThrow()).id
    const s = await sheetToReview()
    await expect(submitAs(s.pt.id, actors.r2, review(s, [...split(s, '500', '500'), { company_id: stranger, cwt_share: '0', price: '1' }]))).rejects.toThrow(FOREIGN_COMPANY)
    await expect(submitAs(s.pt.id, actors.r2, review(s, [{ company_id: s.owner, cwt_share: '1000', price: '0.05' }]))).rejects.toBeInstanceOf(InputError)
    expect((await row(s.pt.id)).status).toBe('to-review')
    expect(await prices(s.pt.id)).toEqual([])
  })

  it('refuses a second completion, and leaves the completed prices as they were', async () => {
    const s = await sheetToReview('to-review1')
    await submitAs(s.pt.id, actors.r2, review(s, split(s)))
    const completed = await row(s.pt.id)
    const again = review({ ...s, version: completed.version }, split(s, '1000', '0', '9'))
    await expect(submitAs(s.pt.id, actors.r2, again)).rejects.toThrow(new ConflictError(ALREADY_COMPLETED))
    await expect(saveAs(s.pt.id, actors.r2, again)).rejects.toThrow(ALREADY_COMPLETED)
    expect((await prices(s.pt.id)).map((p) => p.cwt_share)).toEqual(['500.00', '500.00'])
    expect((await history(s.pt.id)).filter((h) => h.to_state === 'completed')).toHaveLength(1)
  })

  it('acts once on a submit sent twice', async () => {
    const s = await sheetToReview()
    const value = review(s, split(s))
    expect(await submitAs(s.pt.id, actors.r1, value)).toEqual({ status: 'to-review1' })
    expect(await submitAs(s.pt.id, actors.r1, value)).toEqual({ status: 'to-review1' })
    // sent again with other values (another key, the same submission id): answered as done, nothing changed
    expect(await submitAs(s.pt.id, actors.r1, { ...value, weather: 'Snow' })).toEqual({ status: 'to-review1' })
    expect((await row(s.pt.id)).weather).toBe('Clear')
    expect((await history(s.pt.id)).filter((h) => h.event === 'REVIEW')).toHaveLength(1)
  })

  it('refuses a submit with a required field emptied by the reviewer', async () => {
    const s = await sheetToReview()
    await expect(submitAs(s.pt.id, actors.r1, review(s, split(s), { weather: '' }))).rejects.toThrow('Missing required fields: Weather')
    expect((await row(s.pt.id)).status).toBe('to-review')
  })

  it("Save keeps a reviewer's corrections and prices (shares not adding up yet) in the same review state", async () => {
    const s = await sheetToReview()
    const saved = await saveAs(s.pt.id, actors.r1, review(s, split(s, '700', '200'), { batch_numbers: 'B-2002' }))
    expect(saved.version).toBe(s.version + 1)
    expect(await row(s.pt.id)).toMatchObject({ status: 'to-review', batch_numbers: 'B-2002', version: s.version + 1 })
    expect((await prices(s.pt.id)).map((p) => p.cwt_share)).toEqual(['700.00', '200.00'])
    expect((await history(s.pt.id)).at(-1)).toMatchObject({ event: 'SAVE', from_state: 'to-review', to_state: 'to-review' })
  })
})
