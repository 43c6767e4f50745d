import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConflictError, NotFoundError } from '#core/errors.ts'
import { RestartSchema, type RestartInput } from '#core/schemas/restart.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { makePretreat } from '../tests/support/pretreats.ts'
import { KEY_MESSAGES, runCommand, type Actor } from './command.ts'
import { completeRestart } from './restarts.ts'

let t: TestDatabase
let userA: Actor
let userB: Actor
beforeAll(async () => {
  t = await createTestDatabase()
  const user = async (username: string, first_name: string): Promise<Actor> => {
    const { id } = await t.db.insertInto('users').values({ username, password_hash: 'x', first_name, last_name: 'Tester' }).returning('id').executeTakeFirstOrThrow()
    return { id, username, is_superuser: false, permissions: [] }
  }
  userA = await user('restart-a', 'Ada')
  userB = await user('restart-b', 'Ben')
})
afterAll(() => t.drop())

const restartOf = (pretreatId: number) => t.db.selectFrom('restarts').selectAll().where('pretreat_id', '=', pretreatId).executeTakeFirstOrThrow()
const form = (changes: Record<string, string> = {}) =>
  RestartSchema.parse({ submission_id: crypto.randomUUID(), remote: 'yes', running: 'yes', cleaned_up: 'no', comments: 'Fans back on at 7 am.', ...changes })
/** The restart form posted for restart `id` (the route sets the id from the address), its submission id the key. */
const complete = (id: number, value: RestartInput, actor: Actor) => runCommand(t.db, completeRestart, { actor, key: value.submission_id, input: { ...value, restart_id: id } })

describe('completing a restart', () => {
  it('a submitted sheet has a pending restart; the form completes it with the answers, who and when', async () => {
    const pt = await makePretreat(t.db, { stage: 'to-review' })
    const before = await restartOf(pt.id)
    expect(before).toMatchObject({ completed_at: null, completed_by: null, remote: null })
    const started = Date.now()
    const done = await complete(before.id, form(), userA)
    const after = await restartOf(pt.id)
    expect(done).toEqual({ id: before.id, pretreat_id: pt.id })
    expect(after).toMatchObject({ remote: true, running: true, cleaned_up: false, comments: 'Fans back on at 7 am.', completed_by: userA.id })
    expect(after.completed_at!.getTime()).toBeGreaterThanOrEqual(started - 1000)
  })

  it('the same form sent twice completes it once; the repeat changes nothing', async () => {
    const pt = await makePretreat(t.db, { stage: 'to-review' })
    const { id } = await restartOf(pt.id)
    const value = form()
    const [first, second] = await Promise.all([complete(id, value, userA), complete(id, value, userA)])
    expect(second).toEqual(first)
    expect(await restartOf(pt.id)).toMatchObject({ comments: 'Fans back on at 7 am.', running: true, completed_by: userA.id })
  })

  // A form's submission id is one user's key: another user (or other answers) sent with it at the
  // same moment is refused as a reused key, not answered as the first post was (decision 0056).
  it('the same submission sent by another user with other answers is refused; whichever came first is kept whole', async () => {
    const pt = await makePretreat(t.db, { stage: 'to-review' })
    const { id } = await restartOf(pt.id)
    const value = form()
    const [a, b] = await Promise.allSettled([complete(id, value, userA), complete(id, { ...value, running: 'no', comments: 'changed' }, userB)])
    const refused = [a, b].filter((r) => r.status === 'rejected')
    expect(refused.map((r) => (r as PromiseRejectedResult).reason)).toEqual([new ConflictError(KEY_MESSAGES.reused)])
    const after = await restartOf(pt.id)
    expect([after.comments, after.running, after.completed_by]).toEqual(a.status === 'fulfilled' ? ['Fans back on at 7 am.', true, userA.id] : ['changed', false, userB.id])
  })

  it('another post to a completed restart is refused with who completed it, and nothing changes', async () => {
    const pt = await makePretreat(t.db, { stage: 'to-review' })
    const { id } = await restartOf(pt.id)
    await complete(id, form(), userA)
    const kept = await restartOf(pt.id)
    const refused = complete(id, form({ running: 'no', comments: 'Second try' }), userB)
    await expect(refused).rejects.toBeInstanceOf(ConflictError)
    await expect(refused).rejects.toThrow(/already submitted by Ada Tester on \d{4}-\d\d-\d\d; nothing was changed/)
    expect(await restartOf(pt.id)).toEqual(kept)
  })

  it('only a pending restart is completed: a form id used for another restart is refused, an unknown restart is not found', async () => {
    const [a, b] = [await makePretreat(t.db, { stage: 'to-review' }), await makePretreat(t.db, { stage: 'to-review' })]
    const value = form()
    await complete((await restartOf(a.id)).id, value, userA)
    const other = await restartOf(b.id)
    // the form's key is used (runCommand), as FORM_USED said before commands
    await expect(complete(other.id, value, userA)).rejects.toThrow(KEY_MESSAGES.reused)
    expect(await restartOf(b.id)).toEqual(other)
    await expect(complete(987_654_321, form(), userA)).rejects.toBeInstanceOf(NotFoundError)
  })

  it('the answers must all be given: the form refuses a missing or other answer', () => {
    const missing = RestartSchema.safeParse({ submission_id: crypto.randomUUID(), remote: 'yes', running: 'maybe' })
    expect(missing.success).toBe(false)
    expect(missing.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['running', 'Answer Running: yes or no.'],
      ['cleaned_up', 'Answer Cleaned Up: yes or no.'],
    ])
  })
})
