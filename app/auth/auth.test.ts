// Sessions, sign-in throttling and the API gate against a real database, through the same
// functions the routes call.
import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb } from '#db/client.server.ts'
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts'

process.env.SESSION_SECRET ??= 'auth-test-secret-0123456789abcdef'

let t: TestDatabase
let session: typeof import('./session.server.ts')
let signIn: typeof import('./sign-in.server.ts')
let alertsRoute: typeof import('../routes/api.alerts.ts')
let userId: number
let reviewerId: number
let doraId: number

beforeAll(async () => {
  t = await createTestDatabase()
  process.env.DATABASE_URL = t.url
  session = await import('./session.server.ts')
  signIn = await import('./sign-in.server.ts')
  alertsRoute = await import('../routes/api.alerts.ts')
  const { createUser } = await import('#db/queries/users.ts')
  userId = (await createUser(t.db, { username: 'sam', password: 'right-password', permissions: ['api.view_callin'] })).id
  reviewerId = (await createUser(t.db, { username: 'rita', password: 'right-password', permissions: ['api.can_review_2', 'api.s3_admin'] })).id
  doraId = (await createUser(t.db, { username: 'dora', password: 'right-password' })).id
})
afterAll(async () => {
  const { closeDb } = await import('#db/client.server.ts')
  await closeDb()
  await t.drop()
})

const cookieValue = (setCookie: string) => setCookie.split(';')[0]!
const request = (cookie?: string, init: RequestInit = {}) => new Request('http://localhost/', { ...init, headers: { ...(cookie ? { cookie } : {}), ...(init.headers ?? {}) } })
const loginRequest = (username: string, password: string, ip = '10.0.0.1') =>
  new Request('http://localhost/login', { method: 'POST', body: new URLSearchParams({ username, password }), headers: { 'x-client-ip': ip, 'content-type': 'application/x-www-form-urlencoded' } })

describe('sessions', () => {
  it('start at sign-in, load the user with permissions, and end at sign-out', async () => {
    const cookie = cookieValue(await session.startSession(t.db, request(), userId))
    expect(cookie).toMatch(/^sid=[\w-]{43}$/)
    const loaded = await session.loadSession(t.db, request(cookie))
    expect(loaded?.user).toMatchObject({ id: userId, username: 'sam', permissions: ['api.view_callin'] })
    const cleared = await session.endSession(t.db, request(cookie))
    expect(cleared).toContain('Max-Age=0')
    expect(await session.loadSession(t.db, request(cookie))).toBeNull()
  })

  it('store only a hash of the token', async () => {
    const cookie = cookieValue(await session.startSession(t.db, request(), userId))
    const token = cookie.split('=')[1]!
    const stored = (id: string) => t.db.selectFrom('sessions').select('user_id').where('id', '=', id).execute()
    expect(await stored(createHash('sha256').update(token).digest('hex'))).toEqual([{ user_id: userId }])
    expect(await stored(token)).toEqual([])
  })

  it('rotate: signing in again ends the session the request came with', async () => {
    const first = cookieValue(await session.startSession(t.db, request(), userId))
    const second = cookieValue(await session.startSession(t.db, request(first), userId))
    expect(second).not.toBe(first)
    expect(await session.loadSession(t.db, request(first))).toBeNull()
    expect(await session.loadSession(t.db, request(second))).not.toBeNull()
  })

  it('end after 12 hours idle and after 7 days in all', async () => {
    const idle = cookieValue(await session.startSession(t.db, request(), userId))
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now() - interval '12 hours 1 minute'` })
      .where('user_id', '=', userId)
      .execute()
    expect(await session.loadSession(t.db, request(idle))).toBeNull()

    const old = cookieValue(await session.startSession(t.db, request(), userId))
    await t.db
      .updateTable('sessions')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('user_id', '=', userId)
      .execute()
    expect(await session.loadSession(t.db, request(old))).toBeNull()
  })

  it('mark cookies Secure with the __Host- name only over HTTPS', async () => {
    const plain = await session.startSession(t.db, request(), userId)
    expect(plain).not.toContain('Secure')
    const secure = await session.startSession(t.db, request(undefined, { headers: { 'x-app-secure': '1' } }), userId)
    expect(secure).toMatch(/^__Host-sid=.*; Path=\/; SameSite=Lax; HttpOnly; Max-Age=\d+; Secure$/)
  })
})

describe('sign-in', () => {
  it('accepts the right password and refuses a wrong one with the spec text', async () => {
    expect(await signIn.authenticate(t.db, loginRequest('SAM', 'right-password'))).toBe(userId)
    await expect(signIn.authenticate(t.db, loginRequest('sam', 'nope'))).rejects.toMatchObject({ message: 'Login failed. Please try again.', status: 401 })
    await expect(signIn.authenticate(t.db, loginRequest('nobody', 'nope'))).rejects.toMatchObject({ message: 'Login failed. Please try again.' })
  })

  const attemptCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('login_attempts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const failuresFrom = (ip: string, usernames: string[]) =>
    t.db
      .insertInto('login_attempts')
      .values(usernames.map((username_key) => ({ username_key, ip, succeeded: false })))
      .execute()

  it('refuses an over-long username or password, or a control character in the username, with a clear message and records nothing', async () => {
    const before = await attemptCount()
    await expect(signIn.authenticate(t.db, loginRequest('s'.repeat(151), 'right-password'))).rejects.toMatchObject({ status: 400, message: 'Username must be at most 150 characters.' })
    await expect(signIn.authenticate(t.db, loginRequest('sam', 'p'.repeat(1025)))).rejects.toMatchObject({ status: 400, message: 'Password must be at most 1024 characters.' })
    await expect(signIn.authenticate(t.db, loginRequest('sa\u0000m', 'right-password'))).rejects.toMatchObject({ status: 400, message: 'Username must not contain control characters.' })
    expect(await attemptCount()).toBe(before)
  })

  it('refuses a sixth try from the same address for 15 minutes, even with the right password', async () => {
    for (let i = 0; i < 5; i++) await expect(signIn.authenticate(t.db, loginRequest('rita', 'wrong', '10.1.0.1'))).rejects.toMatchObject({ status: 401 })
    await expect(signIn.authenticate(t.db, loginRequest('rita', 'right-password', '10.1.0.1'))).rejects.toMatchObject({ status: 429, message: signIn.LOGIN_THROTTLED })
    await t.db
      .updateTable('login_attempts')
      .set({ at: sql`now() - interval '16 minutes'` })
      .where('username_key', '=', 'rita')
      .execute()
    expect(await signIn.authenticate(t.db, loginRequest('rita', 'right-password', '10.1.0.1'))).toBe(reviewerId)
  })

  it('refuses an address after 30 failures in 15 minutes, whatever the username', async () => {
    await failuresFrom(
      '10.3.0.1',
      Array.from({ length: 30 }, (_, i) => `guess-${i}`),
    )
    await expect(signIn.authenticate(t.db, loginRequest('sam', 'right-password', '10.3.0.1'))).rejects.toMatchObject({ status: 429, message: signIn.LOGIN_THROTTLED })
    expect(await signIn.authenticate(t.db, loginRequest('sam', 'right-password', '10.3.0.2'))).toBe(userId)
  })

  it('lets the real user in while others guess elsewhere: each try of the username waits longer, holding no connection', async () => {
    for (let i = 0; i < 5; i++) await failuresFrom(`10.2.0.${i}`, ['dora'])
    // A pool of one connection, and a wait that needs it: had the sign-in kept the connection
    // while waiting, the wait would never end.
    const onePool = createDb(t.url, 1)
    const waits: number[] = []
    const wait = async (ms: number) => {
      waits.push(ms)
      await onePool.selectNoFrom(sql<number>`1`.as('one')).execute()
    }
    try {
      await expect(signIn.authenticate(onePool, loginRequest('dora', 'wrong', '10.2.1.1'), { wait })).rejects.toMatchObject({ status: 401 })
      await expect(signIn.authenticate(onePool, loginRequest('dora', 'wrong', '10.2.1.2'), { wait })).rejects.toMatchObject({ status: 401 })
      for (let i = 0; i < 20; i++) await failuresFrom(`10.2.3.${i}`, ['dora'])
      expect(await signIn.authenticate(onePool, loginRequest('dora', 'right-password', '10.2.2.1'), { wait })).toBe(doraId)
    } finally {
      await onePool.destroy()
    }
    // 5, 6, then 27 failures: 1 s, doubled, and at most 10 s
    expect(waits).toEqual([1_000, 2_000, 10_000])
  })
})

describe('GET /api/alerts/', () => {
  it('answers 401 signed out, and each user only the alert types they may see', async () => {
    await t.db
      .insertInto('alert_counts')
      .values([
        { type: 'level_1_reviews', count: 4 },
        { type: 'level_2_reviews', count: 2 },
        { type: 'level_3_reviews', count: 1 },
        { type: 'pending_aws_imports', count: 3 },
      ])
      .execute()
    const call = (cookie?: string) => alertsRoute.loader({ request: request(cookie), params: {}, context: { cspNonce: '', csrfToken: '' } }).catch((r: Response) => r)
    expect((await call()).status).toBe(401)
    const sam = cookieValue(await session.startSession(t.db, request(), userId))
    expect(await (await call(sam)).json()).toEqual([])
    const rita = cookieValue(await session.startSession(t.db, request(), reviewerId))
    expect(await (await call(rita)).json()).toEqual([
      { type: 'level_2_reviews', count: 2 },
      { type: 'pending_aws_imports', count: 3 },
    ])
  })
})

describe('a send of the device outbox (issue 38, item 2)', () => {
  it('is refused (401, naming the session’s user) when the session is another user’s; its own user’s passes', async () => {
    const guard = await import('./guard.server.ts')
    const sam = cookieValue(await session.startSession(t.db, request(), userId))
    const sentFor = (id: number) => request(sam, { headers: { 'X-Outbox-User': String(id) } })
    const refused = (await guard.getUser(sentFor(reviewerId)).catch((r: Response) => r)) as Response
    expect([refused.status, refused.headers.get('X-Session-User')]).toEqual([401, String(userId)])
    expect((await guard.getUser(sentFor(userId)))?.id).toBe(userId)
    // a request that names no one is the session's as ever
    expect((await guard.getUser(request(sam)))?.id).toBe(userId)
  })
})
