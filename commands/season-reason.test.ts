// The season check read again at the assign step and in the review (decision 0063): a warning the
// form's reason (or one given since) does not answer refuses the step without a reason, changing
// nothing; with one, the step goes on and the reason is kept in its history row, and on the
// application record; the same warnings already answered ask nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InputError } from '#core/errors.ts'
import { SEASON_REASON_MISSING, storedSeasonReasons } from '#core/season-reasons.ts'
import { PretreatReviewSchema } from '#core/schemas/pretreat-review.ts'
import { pretreatSeasonCheck } from '#db/queries/season.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { filledSheetForm } from '../tests/support/sheet-forms.ts'
import { refusedWith } from '../tests/support/refusals.ts'
import { makePretreat, pretreatDefaults } from '../tests/support/pretreats.ts'
import { runCommand, type Actor } from './command.ts'
import { saveReview, submitReview } from './pretreat-review.ts'
import { assignApplicator, rowStepCommand } from './pretreat-schedule.ts'
import { sheetPressKey } from './pretreat-sheet.ts'

let t: TestDatabase
let companyId: number
let productId: number
let applicatorId: number
let truckId: number
const actors: Record<'assigner' | 'r1' | 'r2', Actor> = {} as never
const TODAY = '2026-11-23'
const SEED = 'Seedless CIPC is not for seed potatoes, and this storage holds seed.'

beforeAll(async () => {
  t = await createTestDatabase()
  const d = await pretreatDefaults(t.db)
  companyId = d.company_id
  applicatorId = (
    await t.db
      .insertInto('applicators')
      .values({ user_id: d.created_by, license: 'ID-PA-77', expiration: '2030-12-31' })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ license: 'ID-PA-77', expiration: '2030-12-31' }))
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
  // 16.6 gal on 1000 cwt is 16.6 ppm; the label allows 20 ppm, and no seed crop
  productId = (
    await t.db
      .insertInto('products')
      .values({ product_name: 'Seedless CIPC', registration: 'EPA Reg. No. 0000-9', units: 'gal', ppm: 16.6, ppm_constant: 1000, min_qty: 0, max_ppm_per_application: 20, not_for_seed: true })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
  truckId = (await t.db.insertInto('trucks').values({ number: 'T-7', make: 'Ford' }).returning('id').executeTakeFirstOrThrow()).id
  const user = async (username: string, first: string) =>
    (await t.db.insertInto('users').values({ username, password_hash: 'x', first_name: first, last_name: 'Test' }).returning('id').executeTakeFirstOrThrow()).id
  actors.assigner = { id: await user('sr-assigner', 'Asa'), username: 'sr-assigner', is_superuser: false, permissions: ['api.view_pretreat', 'api.pretreat_assigner'] }
  actors.r1 = { id: await user('sr-rev-one', 'Rita'), username: 'sr-rev-one', is_superuser: false, permissions: ['api.view_pretreat', 'api.pretreat_reviewer1'] }
  actors.r2 = { id: await user('sr-rev-two', 'Ross'), username: 'sr-rev-two', is_superuser: false, permissions: ['api.view_pretreat', 'api.pretreat_reviewer2'] }
})
afterAll(() => t.drop())

/** A storage of its own (so no test's applications count in another's season), with an address: a complete record. */
const storage = async (seed: boolean) =>
  (
    await t.db
      .insertInto('storages')
      .values({ company_id: companyId, name: `Cellar ${crypto.randomUUID().slice(0, 8)}`, address: '1210 N 400 E, Shelley, ID 83274', seed })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id

/** The form's save of the warnings it found then, with its reason (as commands/pretreat-form.ts keeps them). */
async function formAnswered(id: number, reason: string) {
  const warnings = await pretreatSeasonCheck(t.db, id, TODAY)
  expect(warnings.length).toBeGreaterThan(0)
  await t.db
    .updateTable('pretreats')
    .set({ dose_warnings: JSON.stringify(warnings), dose_reason: reason })
    .where('id', '=', id)
    .execute()
}

const row = (id: number) => t.db.selectFrom('pretreats').select(['status', 'version', 'assigned_to', 'weather']).where('id', '=', id).executeTakeFirstOrThrow()
const used = async (id: number) => (await t.db.selectFrom('pretreat_chemicals').select('quantity_used').where('pretreat_id', '=', id).executeTakeFirstOrThrow()).quantity_used
const history = (id: number) => t.db.selectFrom('workflow_events').select(['event', 'details', 'actor_id']).where('entity', '=', 'pretreat').where('entity_id', '=', id).orderBy('id').execute()
const reasonOf = (details: unknown) => (details as { season_reason?: unknown }).season_reason

const refusal = (promise: Promise<unknown>) => refusedWith(promise, InputError)

describe('assigning past the season check', () => {
  it('refuses an Assign without a reason when the storage became a seed store after the form, changing nothing; with one it assigns and keeps the reason', async () => {
    // saved on the form while the storage held no seed: no warning then
    const pt = await makePretreat(t.db, { stage: 'scheduled', storage_id: await storage(false), productId })
    await t.db
      .updateTable('pretreats')
      .set({ storage_id: await storage(true) })
      .where('id', '=', pt.id)
      .execute()
    const before = await row(pt.id)
    const error = await refusal(assignApplicator(t.db, pt.id, applicatorId, actors.assigner, TODAY))
    expect(error.fieldErrors).toEqual({ '': SEASON_REASON_MISSING, season_reason: `The season check found what no reason answers yet: ${SEED} Give a reason to go on anyway.` })
    expect(await row(pt.id)).toEqual(before)
    expect((await history(pt.id)).map((e) => e.event)).toEqual(['CREATE', 'SCHEDULE'])

    expect(await assignApplicator(t.db, pt.id, applicatorId, actors.assigner, TODAY, 'Grower sells the seed crop for processing this year.')).toEqual({ changed: true })
    expect(await row(pt.id)).toMatchObject({ status: 'assigned', assigned_to: applicatorId })
    const assign = (await history(pt.id)).at(-1)!
    expect(assign).toMatchObject({ event: 'ASSIGN', actor_id: actors.assigner.id })
    expect(reasonOf(assign.details)).toEqual({ reason: 'Grower sells the seed crop for processing this year.', warnings: [{ kind: 'seed', message: SEED }] })
  })

  it('asks nothing when the form’s reason answers the same warnings', async () => {
    const pt = await makePretreat(t.db, { stage: 'scheduled', storage_id: await storage(true), productId })
    await formAnswered(pt.id, 'Processing crop; agronomist agreed.')
    expect(await assignApplicator(t.db, pt.id, applicatorId, actors.assigner, TODAY)).toEqual({ changed: true })
    expect(reasonOf((await history(pt.id)).at(-1)!.details)).toBeUndefined()
  })

  it('runs the same through the lists’ row step: refused without the reason, the same press with it assigns once', async () => {
    const pt = await makePretreat(t.db, { stage: 'scheduled', storage_id: await storage(true), productId })
    const command = rowStepCommand({ today: () => TODAY })
    const key = crypto.randomUUID()
    const input = command.schema.parse({ intent: 'assign', id: String(pt.id), applicator: String(applicatorId) })
    expect(input).toMatchObject({ season_reason: '' })
    await refusal(runCommand(t.db, command, { actor: actors.assigner, key, input }))
    expect((await row(pt.id)).status).toBe('pending')
    // a refusal leaves its key unused: the page's next press (the same key) with the reason goes through
    const withReason = command.schema.parse({ intent: 'assign', id: String(pt.id), applicator: String(applicatorId), season_reason: '  Seed lot sold to a chipper.  ' })
    await runCommand(t.db, command, { actor: actors.assigner, key, input: withReason })
    await runCommand(t.db, command, { actor: actors.assigner, key, input: withReason })
    const assigns = (await history(pt.id)).filter((e) => e.event === 'ASSIGN')
    expect(assigns.map((e) => reasonOf(e.details))).toEqual([{ reason: 'Seed lot sold to a chipper.', warnings: [{ kind: 'seed', message: SEED }] }])
    // bad input is refused by the schema, before anything runs
    expect(command.schema.safeParse({ intent: 'assign', id: String(pt.id), applicator: '0', season_reason: 'a\u0000b' }).success).toBe(false)
    expect(command.schema.safeParse({ intent: 'assign', id: String(pt.id), applicator: '0', season_reason: 'x'.repeat(4001) }).success).toBe(false)
  })
})

/** A sheet in review (`stage`) on a seed store, its seed warning answered on the form; 16 gal used on 1000 cwt (16 ppm, under the label's 20). */
async function sheetInReview(stage: 'to-review' | 'to-review1' = 'to-review') {
  const pt = await makePretreat(t.db, { stage, storage_id: await storage(true), productId, quantityUsed: 16 })
  await formAnswered(pt.id, 'Processing crop; agronomist agreed.')
  const line = await t.db.selectFrom('pretreat_chemicals').select('id').where('pretreat_id', '=', pt.id).executeTakeFirstOrThrow()
  return { id: pt.id, lineId: line.id }
}

/** The review page's post: the whole sheet, `used` gallons used, one price line, and `more` over it. */
async function reviewPost(s: { id: number; lineId: number }, used: string, more: Record<string, string> = {}) {
  const { version } = await row(s.id)
  const value = PretreatReviewSchema.parse({
    ...filledSheetForm({ version, truckId, lineId: s.lineId, quantityUsed: used }),
    prices: [{ company_id: String(companyId), cwt_share: '1000', price: '0.0500' }],
    ...more,
  })
  return { ...value, pretreat_id: s.id }
}
const submit = (actor: Actor, input: Awaited<ReturnType<typeof reviewPost>>) => runCommand(t.db, submitReview, { actor, key: sheetPressKey('submit', input), input })
const save = (actor: Actor, input: Awaited<ReturnType<typeof reviewPost>>) => runCommand(t.db, saveReview, { actor, key: sheetPressKey('save', input), input })
const RATE_25 = "Seedless CIPC is over the label's limit: 25 ppm planned, the label allows at most 20 ppm per application."

describe('reviewing past the season check', () => {
  it('refuses a Submit whose quantity used passes the label anew without a reason, saving nothing; with one it goes on, the next level is not asked again, and the record prints every reason', async () => {
    const s = await sheetInReview()
    const before = await row(s.id)
    const error = await refusal(submit(actors.r1, await reviewPost(s, '25', { weather: 'Snow' })))
    expect(error.fieldErrors.season_reason).toBe(`The season check found what no reason answers yet: ${RATE_25} Give a reason to go on anyway.`)
    expect(error.fieldErrors['']).toBe(SEASON_REASON_MISSING)
    expect(await row(s.id)).toEqual(before)
    expect(Number(await used(s.id))).toBe(16)
    expect(await t.db.selectFrom('pretreat_prices').select('company_id').where('pretreat_id', '=', s.id).execute()).toEqual([])

    expect(await submit(actors.r1, await reviewPost(s, '25', { weather: 'Snow', season_reason: 'Heavy sprouting; the label’s rate was met over two passes.' }))).toMatchObject({ status: 'to-review1' })
    expect(Number(await used(s.id))).toBe(25)
    const reviewed = (await history(s.id)).at(-1)!
    expect(reviewed).toMatchObject({ event: 'REVIEW', actor_id: actors.r1.id })
    expect(reasonOf(reviewed.details)).toEqual({ reason: 'Heavy sprouting; the label’s rate was met over two passes.', warnings: [{ kind: 'rate', message: RATE_25 }] })

    // the second level finds the same warnings answered: completes without a reason
    expect(await submit(actors.r2, await reviewPost(s, '25'))).toMatchObject({ status: 'completed' })
    const record = await t.db.selectFrom('application_records').select('season_reasons').where('pretreat_id', '=', s.id).executeTakeFirstOrThrow()
    const reasons = storedSeasonReasons(record.season_reasons)
    expect(reasons.map((r) => [r.step, r.by, r.reason, r.warnings])).toEqual([
      ['form', null, 'Processing crop; agronomist agreed.', [SEED]],
      ['REVIEW', 'Rita Test', 'Heavy sprouting; the label’s rate was met over two passes.', [RATE_25]],
    ])
    expect(reasons[1]!.at).toMatch(/^\d{4}-\d\d-\d\dT/)
  })

  it('asks nothing when the form’s reason answers the same warnings (the quantity used as requested)', async () => {
    const s = await sheetInReview('to-review1')
    expect(await submit(actors.r2, await reviewPost(s, '16'))).toMatchObject({ status: 'completed' })
    expect(reasonOf((await history(s.id)).at(-1)!.details)).toBeUndefined()
  })

  it('a Save keeps a reason given (never asks one); the Submit after it is not asked again', async () => {
    const s = await sheetInReview()
    await save(actors.r1, await reviewPost(s, '25'))
    expect(reasonOf((await history(s.id)).at(-1)!.details)).toBeUndefined()
    await save(actors.r1, await reviewPost(s, '25', { season_reason: 'Rate checked with the grower.' }))
    expect(reasonOf((await history(s.id)).at(-1)!.details)).toEqual({ reason: 'Rate checked with the grower.', warnings: [{ kind: 'rate', message: RATE_25 }] })
    expect(await submit(actors.r1, await reviewPost(s, '25'))).toMatchObject({ status: 'to-review1' })
    // another quantity is another warning: asked again
    await refusal(submit(actors.r2, await reviewPost(s, '30')))
    expect((await row(s.id)).status).toBe('to-review1')
  })
})
