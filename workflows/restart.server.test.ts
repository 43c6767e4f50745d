import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConflictError, NotFoundError } from '#core/errors.ts'
import { RestartSchema } from '#core/schemas/restart.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { makePretreat } from '../tests/support/pretreats.ts'
import { completeRestart, FORM_USED } from './restart.server.ts'

let t: TestDatabase
let userA: number
let userB: number
beforeAll(async () => {
  t = await createTestDatabase()
  const user = (username: string, first_name: string) =>
    t.db.insertInto('users').values({ username, password_hash: 'x', first_name, last_name: 'Tester' }).returning('id').executeTakeFirstOrThrow()
  userA = (await user('restart-a', 'Ada')).id
  userB = (await user('restart-b', 'Ben')).id
})
afterAll(() => t.drop())

const restartOf = (pretreatId: number) => t.db.selectFrom('restarts').selectAll().where('pretreat_id', '=', pretreatId).executeTakeFirstOrThrow()
const form = (changes: Record<string, string> = {}) =>
  RestartSchema.parse({ submission_id: crypto.randomUUID(), remote: 'yes', running: 'yes', cleaned_up: 'no', comments: 'Fans back on at 7 am.', ...changes })

describe('completing a restart', () => {
  it('a submitted sheet has a pending restart; the form completes it with the answers, who and when', async () => {
    const pt = await makePretreat(t.db, { stage: 'to-review' })
    const before = await restartOf(pt.id)
    expect(before).toMatchObject({ completed_at: null, completed_by: null, remote: null })
    const started = Date.now()
    const done = await completeRestart(t.db, before.id, form(), userA)
    const after = await restartOf(pt.id)
    expect(done.repeated).toBe(false)
    expect(after).toMatchObject({ remote: true, running: true, cleaned_up: false, comments: 'Fans back on at 7 am.', completed_by: userA })
    expect(after.completed_at!.getTime()).toBeGreaterThanOrEqual(started - 1000)
  })

  it('the same form sent twice completes it once; the repeat changes nothing', async () => {
    const pt = await makePretreat(t.db, { stage: 'to-review' })
    const { id } = await restartOf(pt.id)
    const value = form()
    const [first, second] = await Promise.all([completeRestart(t.db, id, value, userA), completeRestart(t.db, id, { ...value, running: 'no', comments: 'changed' }, userB)])
    expect([first.repeated, second.repeated].sort()).toEqual([false, true])
    const after = await restartOf(pt.id)
    // whichever came first is kept whole
    expect([after.comments, after.running]).toEqual(first.repeated ? ['changed', false] : ['Fans back on at 7 am.', true])
  })

  it('another post to a completed restart is refused with who completed it, and nothing changes', async () => {
    const pt = await makePretreat(t.db, { stage: 'to-review' })
    const { id } = await restartOf(pt.id)
    await completeRestart(t.db, id, form(), userA)
    const kept = await restartOf(pt.id)
    const refused = completeRestart(t.db, id, form({ running: 'no', comments: 'Second try' }), userB)
    await expect(refused).rejects.toBeInstanceOf(ConflictError)
    await expect(refused).rejects.toThrow(/already submitted by Ada Tester on \d{4}-\d\d-\d\d; nothing was changed/)
    expect(await restartOf(pt.id)).toEqual(kept)
  })

  it('only a pending restart is completed: a form id used for another restart is refused, an unknown restart is not found', async () => {
    const [a, b] = [await makePretreat(t.db, { stage: 'to-review' }), await makePretreat(t.db, { stage: 'to-review' })]
    const value = form()
    await completeRestart(t.db, (await restartOf(a.id)).id, value, userA)
    const other = await restartOf(b.id)
    await expect(completeRestart(t.db, other.id, value, userA)).rejects.toThrow(FORM_USED)
    expect(await restartOf(b.id)).toEqual(other)
    await expect(completeRestart(t.db, 987_654_321, form(), userA)).rejects.toBeInstanceOf(NotFoundError)
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
