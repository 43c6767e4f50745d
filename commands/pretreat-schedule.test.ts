import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConflictError, ForbiddenError } from '#core/errors.ts'
import type { Permission } from '#core/permissions.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { insertApplicator } from '../tests/support/people.ts'
import { makePretreat, pretreatDefaults } from '../tests/support/pretreats.ts'
import { runCommand } from './command.ts'
import { assignApplicator, rowStepCommand, SCHEDULE_MESSAGES, setUpcoming } from './pretreat-schedule.ts'

let t: TestDatabase
let actorId: number
let expiredApplicator: number
let soonApplicator: number
beforeAll(async () => {
  t = await createTestDatabase()
  actorId = (await pretreatDefaults(t.db)).created_by
  expiredApplicator = await insertApplicator(t.db, 'expired', { license: 'X-1', expiration: '2026-06-30' }, { first_name: 'expired', last_name: 'Test' })
  soonApplicator = await insertApplicator(t.db, 'soon', { license: 'X-2', expiration: '2026-12-10' }, { first_name: 'soon', last_name: 'Test' })
})
afterAll(() => t.drop())

const TODAY = '2026-11-23'
/** who stages, schedules and assigns here: an assigner who may also add pre-treats */
const assigner = () => ({ id: actorId, is_superuser: false, permissions: ['api.add_pretreat' as const, 'api.pretreat_assigner' as const] })
const row = (id: number) => t.db.selectFrom('pretreats').select(['status', 'upcoming', 'assigned_to', 'version']).where('id', '=', id).executeTakeFirstOrThrow()
const history = (id: number) => t.db.selectFrom('workflow_events').select(['from_state', 'event', 'to_state']).where('entity', '=', 'pretreat').where('entity_id', '=', id).orderBy('id').execute()

describe('stage and schedule', () => {
  it('schedules a staged pre-treat and stages it again, one history row each', async () => {
    const pt = await makePretreat(t.db)
    expect(await setUpcoming(t.db, pt.id, false, assigner())).toEqual({ changed: true })
    expect(await row(pt.id)).toMatchObject({ status: 'pending', upcoming: false })
    expect(await setUpcoming(t.db, pt.id, true, assigner())).toEqual({ changed: true })
    expect(await row(pt.id)).toMatchObject({ status: 'pending', upcoming: true })
    expect((await history(pt.id)).map((e) => e.event)).toEqual(['CREATE', 'SCHEDULE', 'STAGE'])
  })

  it('changes nothing for a request sent twice', async () => {
    const pt = await makePretreat(t.db)
    await setUpcoming(t.db, pt.id, false, assigner())
    const before = await row(pt.id)
    expect(await setUpcoming(t.db, pt.id, false, assigner())).toEqual({ changed: false })
    expect(await row(pt.id)).toEqual(before)
    expect((await history(pt.id)).map((e) => e.event)).toEqual(['CREATE', 'SCHEDULE'])
  })

  it('refuses to stage an assigned pre-treat, saying why, and changes nothing', async () => {
    const pt = await makePretreat(t.db, { stage: 'assigned' })
    const before = await row(pt.id)
    await expect(setUpcoming(t.db, pt.id, true, assigner())).rejects.toThrow(new ConflictError(SCHEDULE_MESSAGES.stageAssigned))
    expect(await row(pt.id)).toEqual(before)
  })

  it('refuses a void pre-treat', async () => {
    const pt = await makePretreat(t.db, { void: true, void_comments: 'Grower sold the crop' })
    await expect(setUpcoming(t.db, pt.id, false, assigner())).rejects.toThrow(new ConflictError(SCHEDULE_MESSAGES.void))
    expect(await row(pt.id)).toMatchObject({ upcoming: true })
  })
})

describe('assign', () => {
  it('assigns a scheduled pre-treat, then unassigns it, with history rows', async () => {
    const pt = await makePretreat(t.db, { stage: 'scheduled' })
    expect(await assignApplicator(t.db, pt.id, soonApplicator, assigner(), TODAY)).toEqual({ changed: true })
    expect(await row(pt.id)).toMatchObject({ status: 'assigned', assigned_to: soonApplicator })
    expect(await assignApplicator(t.db, pt.id, 0, assigner(), TODAY)).toEqual({ changed: true })
    expect(await row(pt.id)).toMatchObject({ status: 'pending', assigned_to: null })
    expect(await history(pt.id)).toEqual([
      { from_state: 'pending', event: 'CREATE', to_state: 'pending' },
      { from_state: 'pending', event: 'SCHEDULE', to_state: 'pending' },
      { from_state: 'pending', event: 'ASSIGN', to_state: 'assigned' },
      { from_state: 'assigned', event: 'UNASSIGN', to_state: 'pending' },
    ])
  })

  it('hands an assigned pre-treat to another applicator; the same one again changes nothing', async () => {
    const pt = await makePretreat(t.db, { stage: 'assigned' })
    expect(await assignApplicator(t.db, pt.id, soonApplicator, assigner(), TODAY)).toEqual({ changed: true })
    expect(await assignApplicator(t.db, pt.id, soonApplicator, assigner(), TODAY)).toEqual({ changed: false })
    expect(await row(pt.id)).toMatchObject({ status: 'assigned', assigned_to: soonApplicator })
    expect((await history(pt.id)).filter((e) => e.event === 'ASSIGN')).toHaveLength(2)
  })

  it('refuses an applicator whose licence expires before the application date', async () => {
    const pt = await makePretreat(t.db, { stage: 'scheduled' })
    await expect(assignApplicator(t.db, pt.id, expiredApplicator, assigner(), TODAY)).rejects.toThrow(new ConflictError(SCHEDULE_MESSAGES.expired))
    expect(await row(pt.id)).toMatchObject({ status: 'pending', assigned_to: null })
    // valid today, but not on the application day
    const later = await makePretreat(t.db, { stage: 'scheduled', application_date: '2027-01-15' })
    await expect(assignApplicator(t.db, later.id, soonApplicator, assigner(), TODAY)).rejects.toThrow(new ConflictError(SCHEDULE_MESSAGES.expired))
    // and the other way: expired today, valid on an application day before its expiration
    const earlier = await makePretreat(t.db, { stage: 'scheduled', application_date: '2026-06-01' })
    expect(await assignApplicator(t.db, earlier.id, expiredApplicator, assigner(), TODAY)).toEqual({ changed: true })
  })

  it('refuses a staged pre-treat, an unknown applicator, and unassigning a started sheet', async () => {
    const staged = await makePretreat(t.db)
    await expect(assignApplicator(t.db, staged.id, soonApplicator, assigner(), TODAY)).rejects.toThrow(new ConflictError(SCHEDULE_MESSAGES.stagedAssign))
    expect(await row(staged.id)).toMatchObject({ status: 'pending', assigned_to: null })
    await expect(assignApplicator(t.db, staged.id, 999_999, assigner(), TODAY)).rejects.toThrow(new ConflictError(SCHEDULE_MESSAGES.unknownApplicator))
    const started = await makePretreat(t.db, { stage: 'in-progress' })
    await expect(assignApplicator(t.db, started.id, 0, assigner(), TODAY)).rejects.toThrow(new ConflictError(SCHEDULE_MESSAGES.unassignStarted))
    expect(await row(started.id)).toMatchObject({ status: 'in-progress', assigned_to: started.applicator_id })
  })
})

// The permission of each step is the machine's guard's to check (the actor's facts in the event):
// what the route's and the command's own checks refused before, refused at the command.
describe('who may take a row step', () => {
  const key = () => crypto.randomUUID()
  const as = (permissions: Permission[]) => ({ id: actorId, username: 'someone', is_superuser: false, permissions })

  it('refuses Stage and Schedule to one without api.add_pretreat, and Assign and Unassign to one without the assigner’s permission, changing nothing', async () => {
    const command = rowStepCommand({ today: () => TODAY })
    const staged = await makePretreat(t.db)
    await expect(runCommand(t.db, command, { actor: as(['api.pretreat_assigner']), key: key(), input: { intent: 'schedule', id: staged.id } })).rejects.toBeInstanceOf(ForbiddenError)
    const scheduled = await makePretreat(t.db, { stage: 'scheduled' })
    await expect(runCommand(t.db, command, { actor: as(['api.pretreat_assigner']), key: key(), input: { intent: 'stage', id: scheduled.id } })).rejects.toBeInstanceOf(ForbiddenError)
    await expect(
      runCommand(t.db, command, { actor: as(['api.add_pretreat']), key: key(), input: { intent: 'assign', id: scheduled.id, applicator: soonApplicator, season_reason: '' } }),
    ).rejects.toBeInstanceOf(ForbiddenError)
    const assigned = await makePretreat(t.db, { stage: 'assigned' })
    await expect(runCommand(t.db, command, { actor: as(['api.add_pretreat']), key: key(), input: { intent: 'assign', id: assigned.id, applicator: 0, season_reason: '' } })).rejects.toBeInstanceOf(
      ForbiddenError,
    )
    expect([await row(staged.id), await row(scheduled.id), await row(assigned.id)].map((r) => [r.upcoming, r.assigned_to === null])).toEqual([
      [true, true],
      [false, true],
      [false, false],
    ])
  })

  it('refuses one who may not, even when the pre-treat already stands where the button asks', async () => {
    const staged = await makePretreat(t.db)
    await expect(setUpcoming(t.db, staged.id, true, as(['api.pretreat_assigner']))).rejects.toBeInstanceOf(ForbiddenError)
    await expect(assignApplicator(t.db, staged.id, 0, as(['api.add_pretreat']), TODAY)).rejects.toBeInstanceOf(ForbiddenError)
  })
})
