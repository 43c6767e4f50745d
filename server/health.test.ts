// What a load balancer and an operator see of one HTTP process (issue 25): /livez, /readyz and
// what makes it fail, the request id on every answer, the error page and the log line, one JSON
// log line per request without a password, token or cookie in it, and SIGTERM's drain.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAppServer, type AppServer } from '../tests/support/app-server.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
let app: AppServer
let blobs: string
/** the cookies of the admin signed in through the form (below) */
let signedIn = ''
beforeAll(async () => {
  blobs = fs.mkdtempSync(path.join(os.tmpdir(), 'health-blobs-'))
  app = await startAppServer({ STORAGE_DIR: blobs, DRAIN_SECONDS: '2', LOG_LEVEL: 'info' })
})
afterAll(async () => {
  await app?.stop()
  fs.rmSync(blobs, { recursive: true, force: true })
})

const get = (target: string, init?: RequestInit) => fetch(new URL(target, app.url), { redirect: 'manual', ...init })
const readyz = async () => {
  const response = await get('/readyz')
  return { status: response.status, body: (await response.json()) as { status: string; checks?: Record<string, string> } }
}
/** The app's JSON log lines so far. */
const logLines = () =>
  app
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)

describe('health', () => {
  it('/livez answers without asking anything; /readyz checks the database, the migrations and the file store', async () => {
    const live = await get('/livez')
    expect([live.status, await live.text(), live.headers.get('cache-control')]).toEqual([200, 'live', 'no-store'])
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready', checks: { database: 'ok', migrations: 'ok', store: 'ok' } } })
  })

  it('/readyz answers 503 naming the check that failed (a migration this build has and the database lacks, a file store that is gone); what failed is in the log only', async () => {
    const last = await app.db
      .selectFrom('kysely_migration' as never)
      .select(sql<string>`max(name)`.as('name'))
      .executeTakeFirstOrThrow()
    const row = await sql<{ name: string; timestamp: string }>`delete from kysely_migration where name = ${last.name} returning name, timestamp`.execute(app.db)
    try {
      expect(await readyz()).toEqual({ status: 503, body: { status: 'not ready', checks: { database: 'ok', migrations: 'failed', store: 'ok' } } })
      await expect.poll(() => logLines().find((l) => l.msg === 'not ready' && l.check === 'migrations')).toMatchObject({ level: 'warn', detail: `not applied: ${last.name}` })
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${row.rows[0]!.name}, ${row.rows[0]!.timestamp})`.execute(app.db)
    }
    fs.renameSync(blobs, `${blobs}-away`)
    try {
      const response = await get('/readyz')
      const text = await response.text()
      expect([response.status, JSON.parse(text)]).toEqual([503, { status: 'not ready', checks: { database: 'ok', migrations: 'ok', store: 'failed' } }])
      expect(text).not.toContain(blobs) // no path of the server's is shown to whoever asks
      await expect.poll(() => logLines().find((l) => l.msg === 'not ready' && l.check === 'store')).toMatchObject({ level: 'warn', detail: expect.stringMatching(/ENOENT.*health-blobs-/) })
    } finally {
      fs.renameSync(`${blobs}-away`, blobs)
    }
    expect((await readyz()).status).toBe(200)
  })
})

describe('request ids and the log', () => {
  it('every answer carries its own id; one sent by the client is not taken without a trusted proxy', async () => {
    const [a, b] = await Promise.all([get('/login'), get('/login', { headers: { 'x-request-id': 'mine-123' } })])
    const ids = [a.headers.get('x-request-id'), b.headers.get('x-request-id')]
    expect(ids[0]).toMatch(UUID)
    expect(ids[1]).toMatch(UUID)
    expect(ids[0]).not.toBe(ids[1])
  })

  it('a signed-in request is one log line with its id, route, status, duration and user; no password, token or cookie is logged', async () => {
    const login = await get('/login')
    const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!)
    const csrf = /name="csrf" value="([^"]+)"/.exec(await login.text())![1]!
    const password = 'demo-pass-1'
    const answer = await get('/login', {
      method: 'POST',
      headers: { origin: app.url, cookie: cookies.join('; '), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf, username: 'admin', password, redirectTo: '/view-calls' }),
    })
    expect(answer.status).toBe(302)
    const session = answer.headers.getSetCookie().map((c) => c.split(';')[0]!)
    signedIn = [...cookies, ...session].join('; ')
    const page = await get('/view-calls?filter_by=company&filter_value=Secret%20Farm', { headers: { cookie: signedIn } })
    expect(page.status).toBe(200)
    const id = page.headers.get('x-request-id')
    const admin = await app.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
    await expect.poll(() => logLines().find((l) => l.request_id === id)).toMatchObject({ msg: 'request', level: 'info', method: 'GET', route: 'view-calls', status: 200, user_id: Number(admin.id) })
    expect(logLines().find((l) => l.request_id === id)!.duration_ms).toEqual(expect.any(Number))
    const post = logLines().find((l) => l.request_id === answer.headers.get('x-request-id'))
    expect(post).toMatchObject({ method: 'POST', route: 'login', status: 302 })
    // a file of the build is logged as 'assets', not as a page
    const asset = /\/assets\/[^"]+\.js/.exec(await page.clone().text())![0]
    const file = await get(asset)
    await expect.poll(() => logLines().find((l) => l.request_id === file.headers.get('x-request-id'))).toMatchObject({ route: 'assets', status: 200 })
    const secrets = [password, csrf, ...[...cookies, ...session].map((c) => c.slice(c.indexOf('=') + 1)), 'Secret Farm', 'Secret%20Farm']
    for (const secret of secrets) expect(app.output()).not.toContain(secret)
  })

  it('a POST to a page that takes none is answered 405 and logged as a warning with its path, not as an error', async () => {
    const answer = await get('/view-calls?filter_value=x', { method: 'POST', headers: { origin: app.url, 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' })
    expect(answer.status).toBe(405)
    const id = answer.headers.get('x-request-id')
    await expect.poll(() => logLines().find((l) => l.request_id === id && l.msg !== 'request')).toMatchObject({ level: 'warn', msg: 'method not allowed', method: 'POST', path: '/view-calls' })
    expect(logLines().filter((l) => l.request_id === id && l.level === 'error')).toEqual([])
    expect(app.output()).not.toContain('[object Object]')
  })

  it('the error page shows the id of its request, which is the id its log line has', async () => {
    const response = await get('/no-such-page', { headers: { cookie: signedIn } })
    const id = response.headers.get('x-request-id')!
    expect(response.status).toBe(404)
    expect(await response.text()).toContain(`Reference: ${id}`)
    await expect.poll(() => logLines().some((l) => l.request_id === id && l.status === 404)).toBe(true)
  })
})

describe('SIGTERM', () => {
  it('stops being ready at once, serves for DRAIN_SECONDS (closing kept-alive connections), then exits', async () => {
    const stopped = app.stop()
    await expect.poll(async () => (await readyz()).body.status, { interval: 50 }).toBe('draining')
    const [live, page] = await Promise.all([get('/livez'), get('/login')])
    expect([live.status, page.status, page.headers.get('connection')]).toEqual([200, 200, 'close'])
    await stopped
    await expect(get('/livez')).rejects.toThrow()
  })
})
