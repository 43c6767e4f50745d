// The dispatch board (issue 24): its week's cards and lanes, each warning, and a move through the
// lists' assign step (history rows, the machine's guard, the confirm for bookings, once per key).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConflictError, InputError } from '#core/errors.ts'
import { dispatchBoard } from '#db/queries/dispatch.ts'
import { pretreatSeasonCheck, seasonChecksOf } from '#db/queries/season.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { insertApplicator, insertUser } from '../tests/support/people.ts'
import { refusedWith } from '../tests/support/refusals.ts'
import { makePretreat, pretreatDefaults } from '../tests/support/pretreats.ts'
import type { Actor } from './command.ts'
import { runCommand } from './command.ts'
import { CONFIRM_FIELD } from '#core/dispatch.ts'
import { moveCommand, MoveSchema, movePretreat } from './dispatch.ts'
import { rowStepCommand, SCHEDULE_MESSAGES } from './pretreat-schedule.ts'

let t: TestDatabase
let companyId: number
let ann: number
let ben: number
let assigner: Actor
const TODAY = '2026-11-23'
const MONDAY = '2026-12-07'

beforeAll(async () => {
  t = await createTestDatabase()
  const d = await pretreatDefaults(t.db)
  companyId = d.company_id
  ann = await insertApplicator(t.db, 'd-ann', { license: 'ID-1', expiration: '2030-12-31' }, { first_name: 'Ann', last_name: 'Dispatch' })
  ben = await insertApplicator(t.db, 'd-ben', { license: 'ID-2', expiration: '2026-12-08' }, { first_name: 'Ben', last_name: 'Dispatch' })
  assigner = {
    id: await insertUser(t.db, 'd-assigner', { first_name: 'Asa', last_name: 'Dispatch' }),
    username: 'd-assigner',
    is_superuser: false,
    permissions: ['api.view_pretreat', 'api.pretreat_assigner'],
  }
})
afterAll(() => t.drop())

const storage = async (seed = false) =>
  (
    await t.db
      .insertInto('storages')
      .values({ company_id: companyId, name: `Cellar ${crypto.randomUUID().slice(0, 6)}`, address: '1 Main St', seed })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
const history = (id: number) =>
  t.db
    .selectFrom('workflow_events')
    .select(['event', 'from_state', 'to_state', 'details'])
    .where('entity', '=', 'pretreat')
    .where('entity_id', '=', id)
    .where('event', 'in', ['PLAN', 'ASSIGN', 'UNASSIGN'])
    .orderBy('id')
    .execute()
const row = (id: number) => t.db.selectFrom('pretreats').select(['status', 'assigned_to', 'planned_on']).where('id', '=', id).executeTakeFirstOrThrow()
const move = (id: number, applicator: number, planned_on: string, more: Record<string, string> = {}) =>
  movePretreat(t.db, MoveSchema.parse({ id: String(id), applicator: String(applicator), planned_on, ...more }), assigner, TODAY)
const refusal = (promise: Promise<unknown>) => refusedWith(promise, Error)

describe('the board', () => {
  it('holds the week’s scheduled and staged pre-treats and those with no day, in lanes of licensed applicators', async () => {
    const inWeek = await makePretreat(t.db, { stage: 'scheduled', planned_on: '2026-12-09' })
    const staged = await makePretreat(t.db, { stage: 'staged', planned_on: '2026-12-13' })
    const noDay = await makePretreat(t.db, { stage: 'assigned', assignTo: ann })
    const nextWeek = await makePretreat(t.db, { stage: 'scheduled', planned_on: '2026-12-14' })
    const started = await makePretreat(t.db, { stage: 'in-progress', planned_on: '2026-12-09' })
    const voided = await makePretreat(t.db, { stage: 'scheduled', planned_on: '2026-12-09' })
    await t.db.updateTable('pretreats').set({ void: true, void_comments: 'Sold' }).where('id', '=', voided.id).execute()
    const board = await dispatchBoard(t.db, MONDAY, TODAY)
    const ids = board.cards.map((c) => c.id)
    expect(ids).toEqual(expect.arrayContaining([inWeek.id, staged.id, noDay.id, started.id]))
    for (const gone of [nextWeek.id, voided.id]) expect(ids).not.toContain(gone)
    expect(board.lanes.map((l) => l.name)).toEqual(expect.arrayContaining(['Ann Dispatch', 'Ben Dispatch']))
    const card = board.cards.find((c) => c.id === inWeek.id)!
    expect(card).toMatchObject({
      status: 'pending',
      upcoming: false,
      planned_on: '2026-12-09',
      assigned_to: null,
      grower: 'Pre-Treat Test Farms',
      storage_name: 'Pre-Treat Test Cellar',
      cwt: '1000.00',
    })
    expect(card.products).not.toBe('')
    expect(board.cards.find((c) => c.id === staged.id)).toMatchObject({ upcoming: true })
  })

  it('warns of a licence not valid on the day, an applicator and a truck booked at two storages, and the season', async () => {
    const truck = (await t.db.insertInto('trucks').values({ number: 'T-42', make: 'Ford' }).returning('id').executeTakeFirstOrThrow()).id
    const [a, b] = [await storage(), await storage()]
    const here = await makePretreat(t.db, { stage: 'assigned', assignTo: ann, storage_id: a, planned_on: '2026-12-10', truck_id: truck })
    await makePretreat(t.db, { stage: 'assigned', assignTo: ann, storage_id: b, planned_on: '2026-12-10', truck_id: truck })
    const late = await makePretreat(t.db, { stage: 'assigned', assignTo: ben, storage_id: a, planned_on: '2026-12-11' })
    const seed = await makePretreat(t.db, { stage: 'scheduled', storage_id: await storage(true), planned_on: '2026-12-11', productId: await notForSeed() })
    const board = await dispatchBoard(t.db, MONDAY, TODAY)
    const kinds = (id: number) => board.cards.find((c) => c.id === id)!.warnings
    const bName = (await t.db.selectFrom('storages').select('name').where('id', '=', b).executeTakeFirstOrThrow()).name
    expect(kinds(here.id)).toEqual([
      { kind: 'applicator-booked', message: `Ann Dispatch is also booked at ${bName} on 2026-12-10.` },
      { kind: 'truck-booked', message: `Truck T-42 is also booked at ${bName} on 2026-12-10.` },
    ])
    expect(kinds(late.id)).toEqual([{ kind: 'licence', message: "Ben Dispatch's licence is not valid on 2026-12-11." }])
    expect(kinds(seed.id).map((w) => w.kind)).toEqual(['season'])
    expect(kinds(seed.id)[0]!.message).toContain('not for seed')
  })

  it('shows the started and submitted pre-treats of the week as bookings of their lane', async () => {
    const [a, b] = [await storage(), await storage()]
    const truck = (await t.db.insertInto('trucks').values({ number: 'T-43', make: 'Ford' }).returning('id').executeTakeFirstOrThrow()).id
    const started = await makePretreat(t.db, { stage: 'in-progress', assignTo: ann, storage_id: a, application_date: '2026-12-13' })
    const submitted = await makePretreat(t.db, { stage: 'to-review', assignTo: ann, storage_id: a, application_date: '2026-12-13', truck_id: truck })
    const planned = [
      await makePretreat(t.db, { stage: 'assigned', assignTo: ann, storage_id: b, planned_on: '2026-12-13' }),
      await makePretreat(t.db, { stage: 'scheduled', storage_id: b, planned_on: '2026-12-13', truck_id: truck }),
    ]
    const board = await dispatchBoard(t.db, MONDAY, TODAY)
    const card = (id: number) => board.cards.find((c) => c.id === id)!
    expect(card(started.id)).toMatchObject({ status: 'in-progress', assigned_to: ann, application_date: '2026-12-13', warnings: [] })
    expect(card(submitted.id)).toMatchObject({ status: 'to-review', assigned_to: ann, warnings: [] })
    const aName = (await t.db.selectFrom('storages').select('name').where('id', '=', a).executeTakeFirstOrThrow()).name
    expect(card(planned[0]!.id).warnings.map((w) => w.message)).toEqual([`Ann Dispatch is also booked at ${aName} on 2026-12-13.`])
    expect(card(planned[1]!.id).warnings.map((w) => w.message)).toEqual([`Truck T-43 is also booked at ${aName} on 2026-12-13.`])
  })

  it('shows a two-chemical application’s cwt once', async () => {
    const pt = await makePretreat(t.db, { stage: 'scheduled', storage_id: await storage(), planned_on: '2026-12-09', cwt: 1200 })
    // every chemical line carries the application's cwt
    await t.db
      .insertInto('pretreat_chemicals')
      .values({ pretreat_id: pt.id, product_id: await notForSeed(), cwt: 1200, quantity_requested: 5 })
      .execute()
    const board = await dispatchBoard(t.db, MONDAY, TODAY)
    expect(board.cards.find((c) => c.id === pt.id)).toMatchObject({ cwt: '1200.00', products: expect.stringMatching(/^[^,]+, Seedless CIPC$/) })
  })

  it('reads the season check of many pre-treats as the assign step reads each', async () => {
    const s = await storage(true)
    const product = await notForSeed()
    const made = [await makePretreat(t.db, { stage: 'scheduled', storage_id: s, productId: product }), await makePretreat(t.db, { stage: 'scheduled', storage_id: s, productId: product })]
    const rows = await t.db
      .selectFrom('pretreats')
      .select(['id', 'storage_id', 'application_date'])
      .select((eb) => eb.cast<string>(eb.cast('created_at', 'date'), 'text').as('created_on'))
      .where(
        'id',
        'in',
        made.map((m) => m.id),
      )
      .execute()
    const bulk = await seasonChecksOf(t.db, rows, TODAY)
    for (const m of made) expect(bulk.get(m.id)).toEqual(await pretreatSeasonCheck(t.db, m.id, TODAY))
    expect(bulk.get(made[1]!.id)!.length).toBeGreaterThan(0)
  })
})

let seedProduct: number | undefined
async function notForSeed() {
  seedProduct ??= (
    await t.db
      .insertInto('products')
      .values({ product_name: 'Seedless CIPC', registration: 'EPA Reg. No. 0000-9', units: 'gal', ppm: 16.6, ppm_constant: 1000, min_qty: 0, max_ppm_per_application: 20, not_for_seed: true })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
  return seedProduct
}

describe('a move', () => {
  it('plans the day and assigns through the lists’ step: a PLAN and an ASSIGN row; back to Unassigned: UNASSIGN', async () => {
    const pt = await makePretreat(t.db, { stage: 'scheduled', storage_id: await storage() })
    expect(await move(pt.id, ann, '2026-12-09')).toEqual({ changed: true, steps: ['PLAN', 'ASSIGN'] })
    expect(await row(pt.id)).toEqual({ status: 'assigned', assigned_to: ann, planned_on: '2026-12-09' })
    expect(await move(pt.id, 0, '2026-12-10')).toEqual({ changed: true, steps: ['PLAN', 'UNASSIGN'] })
    expect(await move(pt.id, 0, '2026-12-10')).toEqual({ changed: false, steps: [] })
    expect(await history(pt.id)).toEqual([
      { event: 'PLAN', from_state: 'pending', to_state: 'pending', details: { planned_on: '2026-12-09', from_planned_on: null } },
      { event: 'ASSIGN', from_state: 'pending', to_state: 'assigned', details: { applicator_id: ann, from_applicator_id: null } },
      { event: 'PLAN', from_state: 'assigned', to_state: 'assigned', details: { planned_on: '2026-12-10', from_planned_on: '2026-12-09' } },
      { event: 'UNASSIGN', from_state: 'assigned', to_state: 'pending', details: { from_applicator_id: ann } },
    ])
  })

  it('acts once per key', async () => {
    const pt = await makePretreat(t.db, { stage: 'scheduled', storage_id: await storage() })
    const key = crypto.randomUUID()
    const command = moveCommand({ today: () => TODAY })
    const input = { id: pt.id, applicator: ann, planned_on: '2026-12-08', season_reason: '' }
    await runCommand(t.db, command, { actor: assigner, key, input })
    await t.db.updateTable('pretreats').set({ planned_on: null }).where('id', '=', pt.id).execute()
    expect(await runCommand(t.db, command, { actor: assigner, key, input })).toBeNull()
    expect(await row(pt.id)).toMatchObject({ planned_on: null })
    expect((await history(pt.id)).length).toBe(2)
  })

  it('asks for a confirm before booking an applicator at two storages on one day, and saves nothing until then', async () => {
    await makePretreat(t.db, { stage: 'assigned', assignTo: ann, storage_id: await storage(), planned_on: '2026-12-12' })
    const pt = await makePretreat(t.db, { stage: 'scheduled', storage_id: await storage() })
    const error = await refusal(move(pt.id, ann, '2026-12-12'))
    expect(error).toBeInstanceOf(InputError)
    expect((error as InputError).fieldErrors[CONFIRM_FIELD]).toMatch(/^Ann Dispatch is also booked at Cellar \w+ on 2026-12-12\. Check the warnings, then confirm the move to save it\.$/)
    expect(await row(pt.id)).toEqual({ status: 'pending', assigned_to: null, planned_on: null })
    expect(await move(pt.id, ann, '2026-12-12', { confirm: 'yes' })).toEqual({ changed: true, steps: ['PLAN', 'ASSIGN'] })
  })

  it('refuses a licence not valid on the planned day, and keeps the day as it was', async () => {
    const pt = await makePretreat(t.db, { stage: 'scheduled', storage_id: await storage() })
    expect(await refusal(move(pt.id, ben, '2026-12-09'))).toEqual(new ConflictError(SCHEDULE_MESSAGES.expired))
    expect(await row(pt.id)).toMatchObject({ planned_on: null, assigned_to: null })
    expect(await move(pt.id, ben, '2026-12-08')).toMatchObject({ changed: true })
  })

  it('refuses a new day on which the applicator’s licence is not valid when only the day changes, on the board and in the assign window', async () => {
    const pt = await makePretreat(t.db, { stage: 'assigned', assignTo: ben, storage_id: await storage(), planned_on: '2026-12-08' })
    expect(await refusal(move(pt.id, ben, '2026-12-09'))).toEqual(new ConflictError(SCHEDULE_MESSAGES.expiredOnDay))
    const command = rowStepCommand({ today: () => '2026-12-09' })
    const assign = command.schema.parse({ intent: 'assign', id: String(pt.id), applicator: String(ben), planned_on: '2026-12-10' })
    await expect(runCommand(t.db, command, { actor: assigner, key: crypto.randomUUID(), input: assign })).rejects.toThrow(SCHEDULE_MESSAGES.expiredOnDay)
    expect(await row(pt.id)).toEqual({ status: 'assigned', assigned_to: ben, planned_on: '2026-12-08' })
    // the day and an applicator whose licence holds on it, together: the licence checked is the new one's
    expect(await move(pt.id, ann, '2026-12-18')).toEqual({ changed: true, steps: ['PLAN', 'ASSIGN'] })
  })

  it('refuses the licence before it asks to confirm a booking', async () => {
    await makePretreat(t.db, { stage: 'assigned', assignTo: ben, storage_id: await storage(), planned_on: '2026-12-19' })
    const pt = await makePretreat(t.db, { stage: 'assigned', assignTo: ben, storage_id: await storage(), planned_on: '2026-12-08' })
    expect(await refusal(move(pt.id, ben, '2026-12-19'))).toEqual(new ConflictError(SCHEDULE_MESSAGES.expiredOnDay))
  })

  it('keeps a card with an application date on that day: a move to another day is refused saying why, a move of its lane is not', async () => {
    const pt = await makePretreat(t.db, { stage: 'scheduled', storage_id: await storage(), application_date: '2026-12-11', planned_on: '2026-12-08' })
    const why = `${pt.pre_treat_number} has its application date, 2026-12-11, set on its sheet: the board cannot move it to another day.`
    for (const day of ['2026-12-12', '2026-12-08', '']) expect(await refusal(move(pt.id, ann, day))).toEqual(new ConflictError(why))
    expect(await row(pt.id)).toEqual({ status: 'pending', assigned_to: null, planned_on: '2026-12-08' })
    // its Move form sends the day it stands on: only the lane changes
    expect(await move(pt.id, ann, '2026-12-11', { confirm: 'yes' })).toEqual({ changed: true, steps: ['ASSIGN'] })
    const board = await dispatchBoard(t.db, MONDAY, TODAY)
    expect(board.cards.find((c) => c.id === pt.id)).toMatchObject({ application_date: '2026-12-11', assigned_to: ann })
  })

  it('plans a staged card’s day but refuses its applicator (schedule it first)', async () => {
    const pt = await makePretreat(t.db, { stage: 'staged', storage_id: await storage() })
    expect(await move(pt.id, 0, '2026-12-09')).toEqual({ changed: true, steps: ['PLAN'] })
    expect(await refusal(move(pt.id, ann, '2026-12-09'))).toEqual(new ConflictError(SCHEDULE_MESSAGES.stagedAssign))
  })

  it('needs a season reason as Assign does, and refuses one who is not an assigner', async () => {
    const pt = await makePretreat(t.db, { stage: 'scheduled', storage_id: await storage(true), productId: await notForSeed() })
    const error = await refusal(move(pt.id, ann, '2026-12-09'))
    expect(Object.keys((error as InputError).fieldErrors)).toContain('season_reason')
    expect(await row(pt.id)).toMatchObject({ planned_on: null })
    expect(await move(pt.id, ann, '2026-12-09', { season_reason: 'Sold as table stock.' })).toMatchObject({ changed: true })
    const viewer = { ...assigner, permissions: ['api.view_pretreat' as const] }
    await expect(movePretreat(t.db, MoveSchema.parse({ id: String(pt.id), applicator: '0', planned_on: '2026-12-10' }), viewer, TODAY)).rejects.toThrow(/permission|Forbidden/i)
  })

  it('takes the planned day from the assign window too, before the licence is checked on it; the lists’ row forms leave it', async () => {
    const pt = await makePretreat(t.db, { stage: 'scheduled', storage_id: await storage() })
    const command = rowStepCommand({ today: () => TODAY })
    const assign = (input: Record<string, string>) =>
      runCommand(t.db, command, { actor: assigner, key: crypto.randomUUID(), input: command.schema.parse({ intent: 'assign', id: String(pt.id), ...input }) })
    await expect(assign({ applicator: String(ben), planned_on: '2026-12-09' })).rejects.toThrow(SCHEDULE_MESSAGES.expired)
    await assign({ applicator: String(ben), planned_on: '2026-12-07' })
    await assign({ applicator: String(ann) })
    expect(await row(pt.id)).toEqual({ status: 'assigned', assigned_to: ann, planned_on: '2026-12-07' })
    expect((await history(pt.id)).map((e) => e.event)).toEqual(['PLAN', 'ASSIGN', 'ASSIGN'])
  })

  it('asks the assign window’s and the lists’ Assign for a confirm, as the board does, when the applicator is booked elsewhere that day', async () => {
    await makePretreat(t.db, { stage: 'assigned', assignTo: ann, storage_id: await storage(), planned_on: '2026-12-14' })
    const pt = await makePretreat(t.db, { stage: 'scheduled', storage_id: await storage(), planned_on: '2026-12-14' })
    const command = rowStepCommand({ today: () => TODAY })
    const key = crypto.randomUUID()
    const assign = (input: Record<string, string>) => runCommand(t.db, command, { actor: assigner, key, input: command.schema.parse({ intent: 'assign', id: String(pt.id), ...input }) })
    // a list row's Assign (its stored day) and the window's (the day it sends) alike
    for (const input of [{ applicator: String(ann) }, { applicator: String(ann), planned_on: '2026-12-14' }] as Record<string, string>[]) {
      const error = await refusal(assign(input))
      expect((error as InputError).fieldErrors[CONFIRM_FIELD]).toMatch(
        /^Ann Dispatch is also booked at Cellar \w+ on 2026-12-14\. Check the warnings, then tick “Assign anyway” and assign again to save it\.$/,
      )
    }
    expect(await row(pt.id)).toEqual({ status: 'pending', assigned_to: null, planned_on: '2026-12-14' })
    // another day clashes with nothing: no confirm asked (the refusals left the key unused)
    await assign({ applicator: String(ann), planned_on: '2026-12-15' })
    expect(await row(pt.id)).toEqual({ status: 'assigned', assigned_to: ann, planned_on: '2026-12-15' })
  })

  it('saves an Assign that meets a booking once it is confirmed, and an unchanged one asks nothing', async () => {
    await makePretreat(t.db, { stage: 'assigned', assignTo: ann, storage_id: await storage(), planned_on: '2026-12-16' })
    const pt = await makePretreat(t.db, { stage: 'scheduled', storage_id: await storage(), planned_on: '2026-12-16' })
    const command = rowStepCommand({ today: () => TODAY })
    const assign = (input: Record<string, string>) =>
      runCommand(t.db, command, { actor: assigner, key: crypto.randomUUID(), input: command.schema.parse({ intent: 'assign', id: String(pt.id), ...input }) })
    expect(await row(pt.id)).toMatchObject({ assigned_to: null })
    await assign({ applicator: String(ann), confirm: 'yes' })
    expect(await row(pt.id)).toEqual({ status: 'assigned', assigned_to: ann, planned_on: '2026-12-16' })
    // assigned already, same day: nothing to confirm, nothing done
    await assign({ applicator: String(ann), planned_on: '2026-12-16' })
    expect((await history(pt.id)).map((e) => e.event)).toEqual(['ASSIGN'])
  })

  it('reads bad input as refused, never as a move', () => {
    for (const bad of [{ planned_on: '2026-02-30' }, { planned_on: '1800-01-01' }, { applicator: '-1' }, { id: 'x' }, { confirm: 'no' }])
      expect(MoveSchema.safeParse({ id: '1', applicator: '0', planned_on: '', ...bad }).success).toBe(false)
  })
})
