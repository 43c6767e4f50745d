// The runner on its own, with a small machine over the pre-treats table (the third workflow to
// come): what it saves, what it refuses, and what it leaves untouched when it refuses.
import { setup } from 'xstate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConflictError, InputError } from '#core/errors.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { CHANGED_MEANWHILE, defineWorkflow, NOT_POSSIBLE, runTransition, type Transition } from './transition.server.ts'

type Event = { type: 'ASSIGN'; applicatorId: number } | { type: 'NOTE' } | { type: 'START' }
const machine = setup({
  types: { events: {} as Event },
  guards: { hasApplicator: ({ event }) => event.type === 'ASSIGN' && event.applicatorId > 0 },
}).createMachine({
  id: 'pretreat',
  initial: 'pending',
  states: {
    pending: { on: { ASSIGN: { guard: 'hasApplicator', target: 'assigned' } } },
    assigned: { on: { NOTE: { target: 'assigned' }, START: 'in-progress' } },
    'in-progress': {},
  },
})

const entered: Transition<string>[] = []
const workflow = defineWorkflow(machine, {
  entity: 'pretreat',
  table: 'pretreats',
  effects: { assigned: async (_trx, t) => void entered.push(t) },
})

let t: TestDatabase
let userId: number, companyId: number, storageId: number, applicatorId: number

beforeAll(async () => {
  t = await createTestDatabase()
  userId = (await t.db.insertInto('users').values({ username: 'assigner', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow()).id
  companyId = (await t.db.insertInto('companies').values({ company_name: 'Spud Co' }).returning('id').executeTakeFirstOrThrow()).id
  storageId = (await t.db.insertInto('storages').values({ company_id: companyId, name: 'Cellar 1' }).returning('id').executeTakeFirstOrThrow()).id
  applicatorId = (await t.db.insertInto('applicators').values({ user_id: userId, license: 'L-1', expiration: '2030-01-01' }).returning('id').executeTakeFirstOrThrow()).id
})
afterAll(() => t.drop())

async function aPretreat() {
  const { label } = await t.db.insertInto('pretreat_numbers').values({ reserved_by: null, year: 2026 }).returning('label').executeTakeFirstOrThrow()
  return t.db
    .insertInto('pretreats')
    .values({
      submission_id: crypto.randomUUID(),
      pre_treat_number: label,
      created_by: userId,
      recommended_by: applicatorId,
      other_name: 'Walk-in',
      company_id: companyId,
      storage_id: storageId,
      application_notes: 'Seal doors first',
    })
    .returning(['id', 'status', 'version'])
    .executeTakeFirstOrThrow()
}

const stored = (id: number) => t.db.selectFrom('pretreats').select(['status', 'version']).where('id', '=', id).executeTakeFirstOrThrow()
const history = (id: number) =>
  t.db.selectFrom('workflow_events').select(['from_state', 'event', 'to_state', 'actor_id', 'details']).where('entity', '=', 'pretreat').where('entity_id', '=', id).orderBy('id').execute()
const run = (record: { id: number; status: string; version: number }, event: Event, options: Partial<Parameters<typeof runTransition>[4]> = {}) =>
  t.db.transaction().execute((trx) => runTransition(trx, workflow, record as never, event, { actorId: userId, ...options }))

describe('runTransition', () => {
  it('saves the new state, moves the version on, writes the history row and runs the effects of the state entered', async () => {
    const row = await aPretreat()
    entered.length = 0
    const done = await run(row, { type: 'ASSIGN', applicatorId }, { details: { applicatorId } })
    expect(done).toMatchObject({ id: row.id, from: 'pending', to: 'assigned', event: 'ASSIGN', repeated: false })
    expect(await stored(row.id)).toEqual({ status: 'assigned', version: row.version + 1 })
    expect(await history(row.id)).toEqual([{ from_state: 'pending', event: 'ASSIGN', to_state: 'assigned', actor_id: userId, details: { applicatorId } }])
    expect(entered).toEqual([{ id: row.id, from: 'pending', to: 'assigned', event: 'ASSIGN', actorId: userId }])
  })

  it('takes a self-transition the machine allows as a step (version, history), entering nothing', async () => {
    const row = await aPretreat()
    await run(row, { type: 'ASSIGN', applicatorId })
    entered.length = 0
    const done = await run({ ...row, status: 'assigned', version: row.version + 1 }, { type: 'NOTE' })
    expect(done).toMatchObject({ from: 'assigned', to: 'assigned' })
    expect(await stored(row.id)).toEqual({ status: 'assigned', version: row.version + 2 })
    expect((await history(row.id)).map((e) => e.event)).toEqual(['ASSIGN', 'NOTE'])
    expect(entered).toEqual([])
  })

  it('refuses what the machine does not take (no transition, or a guard says no) with a conflict, and writes nothing', async () => {
    const row = await aPretreat()
    for (const event of [{ type: 'START' }, { type: 'ASSIGN', applicatorId: 0 }] as Event[]) {
      const attempt = run(row, event)
      await expect(attempt).rejects.toBeInstanceOf(ConflictError)
      await expect(attempt).rejects.toThrow(NOT_POSSIBLE)
    }
    expect(await stored(row.id)).toEqual({ status: 'pending', version: row.version })
    expect(await history(row.id)).toEqual([])
  })

  it("tells a refusal in the caller's words when it gives them", async () => {
    const row = await aPretreat()
    const attempt = run(row, { type: 'ASSIGN', applicatorId: 0 }, { refusal: () => new InputError({ assigned_to: 'Choose an applicator.' }) })
    await expect(attempt).rejects.toMatchObject({ fieldErrors: { assigned_to: 'Choose an applicator.' } })
  })

  it('refuses a change based on a version someone else moved on meanwhile, and writes nothing', async () => {
    const row = await aPretreat()
    await run(row, { type: 'ASSIGN', applicatorId })
    const attempt = run({ ...row, status: 'assigned' }, { type: 'NOTE' })
    await expect(attempt).rejects.toBeInstanceOf(ConflictError)
    await expect(attempt).rejects.toThrow(CHANGED_MEANWHILE)
    expect(await stored(row.id)).toEqual({ status: 'assigned', version: row.version + 1 })
    expect((await history(row.id)).map((e) => e.event)).toEqual(['ASSIGN'])
  })

  it("undoes the step when the step's own changes fail (one transaction)", async () => {
    const row = await aPretreat()
    const attempt = run(
      row,
      { type: 'ASSIGN', applicatorId },
      {
        apply: async () => {
          throw new InputError({ truck_id: 'Choose a truck.' })
        },
      },
    )
    await expect(attempt).rejects.toBeInstanceOf(InputError)
    expect(await stored(row.id)).toEqual({ status: 'pending', version: row.version })
    expect(await history(row.id)).toEqual([])
  })
})
