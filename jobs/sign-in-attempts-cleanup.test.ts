import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { cleanUpSignInAttempts } from './sign-in-attempts-cleanup.job.ts'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(() => t?.drop())

describe('sign-in attempts cleanup', () => {
  it('forgets tries older than a day and keeps the rest, the same however often it runs', async () => {
    const at = (hoursAgo: number) => sql<Date>`now() - make_interval(hours => ${hoursAgo})`
    await t.db
      .insertInto('login_attempts')
      .values([
        { username_key: 'old', ip: '10.0.0.1', succeeded: false, at: at(30) },
        { username_key: 'old', ip: '10.0.0.1', succeeded: true, at: at(25) },
        { username_key: 'recent', ip: '10.0.0.2', succeeded: false, at: at(23) },
        { username_key: 'now', ip: '10.0.0.3', succeeded: null, at: at(0) },
      ])
      .execute()
    const left = async () => (await t.db.selectFrom('login_attempts').select('username_key').orderBy('id').execute()).map((r) => r.username_key)
    expect(await cleanUpSignInAttempts(t.db)).toBe(2)
    expect(await left()).toEqual(['recent', 'now'])
    expect(await cleanUpSignInAttempts(t.db)).toBe(0)
    expect(await left()).toEqual(['recent', 'now'])
  })
})
