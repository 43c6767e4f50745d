import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConflictError } from '#core/errors.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { EVERY_RIGHT, makePretreat } from '../tests/support/pretreats.ts'
import { createPretreat, runPretreatStep } from './pretreat.server.ts'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(() => t.drop())

const history = (id: number) => t.db.selectFrom('workflow_events').select(['from_state', 'event', 'to_state']).where('entity', '=', 'pretreat').where('entity_id', '=', id).orderBy('id').execute()

describe('pre-treat workflow on the server', () => {
  it('walks a pre-treat from staged to review, one history row per step', async () => {
    const pt = await makePretreat(t.db, { stage: 'to-review' })
    const row = await t.db.selectFrom('pretreats').select(['status', 'upcoming', 'assigned_to', 'version']).where('id', '=', pt.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 'to-review', upcoming: false, assigned_to: pt.applicator_id })
    expect(await history(pt.id)).toEqual([
      { from_state: 'pending', event: 'CREATE', to_state: 'pending' },
      { from_state: 'pending', event: 'SCHEDULE', to_state: 'pending' },
      { from_state: 'pending', event: 'ASSIGN', to_state: 'assigned' },
      { from_state: 'assigned', event: 'SAVE', to_state: 'in-progress' },
      { from_state: 'in-progress', event: 'SUBMIT', to_state: 'to-review' },
    ])
  })

  it('makes one pre-treat for a form sent twice', async () => {
    const pt = await makePretreat(t.db)
    const row = await t.db.selectFrom('pretreats').selectAll().where('id', '=', pt.id).executeTakeFirstOrThrow()
    const again = await t.db.transaction().execute((trx) =>
      createPretreat(trx, { ...row, id: undefined, dose_warnings: JSON.stringify(row.dose_warnings), status: undefined, state_since: undefined, version: undefined } as never, {
        ...EVERY_RIGHT,
        id: row.created_by,
      }),
    )
    expect(again).toEqual({ id: pt.id, created: false })
    expect((await history(pt.id)).filter((e) => e.event === 'CREATE')).toHaveLength(1)
  })

  it('refuses what the machine refuses, reading the flags from the row, and changes nothing', async () => {
    const pt = await makePretreat(t.db) // staged: not assignable
    const before = await t.db.selectFrom('pretreats').select(['status', 'version']).where('id', '=', pt.id).executeTakeFirstOrThrow()
    await expect(t.db.transaction().execute((trx) => runPretreatStep(trx, pt.id, { type: 'ASSIGN', licenceValid: true }, { actor: EVERY_RIGHT }))).rejects.toBeInstanceOf(ConflictError)
    expect(await t.db.selectFrom('pretreats').select(['status', 'version']).where('id', '=', pt.id).executeTakeFirstOrThrow()).toEqual(before)
    expect(await history(pt.id)).toHaveLength(1)
  })

  it('refuses a step based on an older version (someone changed it meanwhile)', async () => {
    const pt = await makePretreat(t.db, { stage: 'scheduled' })
    const { version } = await t.db.selectFrom('pretreats').select('version').where('id', '=', pt.id).executeTakeFirstOrThrow()
    await expect(t.db.transaction().execute((trx) => runPretreatStep(trx, pt.id, { type: 'STAGE' }, { actor: EVERY_RIGHT, version: version - 1 }))).rejects.toThrow(/changed this record meanwhile/)
  })
})
