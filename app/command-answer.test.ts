// A command's JSON face (decision 0088), as the outbox calls it: a route action that runs a command,
// posted with `Accept: application/json` and the key in Idempotency-Key, answers a CommandAnswer
// (app/command-answer.server.ts); the page's entry sends it as JSON (jsonCommandAnswer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'

process.env.SESSION_SECRET ??= 'command-answer-test-secret-0123456789abcdef'

let t: TestDatabase
let cookie: string
let csrfToken: string
let acme: { id: number }, other: { id: number }
let silo: { id: number }

beforeAll(async () => {
  t = await createTestDatabase()
  process.env.DATABASE_URL = t.url
  const { createUser } = await import('#db/queries/users.ts')
  const { startSession } = await import('#app/auth/session.server.ts')
  const { newCsrfCookieValue } = await import('#app/auth/csrf.server.ts')
  const csrf = newCsrfCookieValue()
  csrfToken = csrf.token
  const { id } = await createUser(t.db, { username: 'caller', password: 'command-answer-pass-1', permissions: ['api.add_callin'] })
  cookie = `${(await startSession(t.db, new Request('http://app.test/'), id)).split(';')[0]!}; csrf=${csrf.cookieValue}`
  ;[acme, other] = (await t.db
    .insertInto('companies')
    .values([{ company_name: 'Acme Farms' }, { company_name: 'Other Farms' }])
    .returning('id')
    .execute()) as [{ id: number }, { id: number }]
  silo = await t.db.insertInto('storages').values({ company_id: acme.id, name: 'Cellar 1' }).returning('id').executeTakeFirstOrThrow()
})
afterAll(() => t?.drop())

const call = (fields: Record<string, string> = {}) => ({
  company_id: String(acme.id),
  storage_id: String(silo.id),
  requested_by: 'Dale',
  call_in_date: '2026-11-20',
  description: 'Fan 3 rattles',
  ...fields,
})

/** The New Call Form's action, posted as the outbox posts it (no submission id in the form: the header's key is its key). */
async function send(key: string, fields: Record<string, string>) {
  const form = new FormData()
  form.set('csrf', csrfToken)
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  const request = new Request('http://app.test/service-call', {
    method: 'POST',
    body: form,
    headers: { cookie, origin: 'http://app.test', Accept: 'application/json', 'Idempotency-Key': key },
  })
  const { action } = await import('./routes/service-call.tsx')
  const answered = (await action({ request, params: {}, context: { cspNonce: '', csrfToken } })) as unknown as { data: unknown; init: { status?: number } | null }
  const { jsonCommandAnswer } = await import('./command-answer.server.ts')
  // what the page's entry then sends (entry.server.tsx)
  const response = jsonCommandAnswer(request, { actionData: { 'routes/service-call': answered.data }, statusCode: answered.init?.status ?? 200 })!
  return { status: response.status, type: response.headers.get('Content-Type'), body: await response.json() }
}

const callsBy = async (description: string) => (await t.db.selectFrom('call_ins').select('id').where('description', '=', description).execute()).length

describe('a route action asked for its command’s JSON answer', () => {
  it('saved: 200 { ok, redirectTo } as JSON; the same key again acts once and answers the same', async () => {
    const key = crypto.randomUUID()
    const fields = call({ description: `Once ${key}` })
    const first = await send(key, fields)
    expect(first).toEqual({ status: 200, type: expect.stringContaining('application/json'), body: { ok: true, redirectTo: '/service' } })
    expect(await send(key, fields)).toEqual(first)
    expect(await callsBy(`Once ${key}`)).toBe(1)
  })

  it('refused input: 400 with the messages by field, nothing saved', async () => {
    const key = crypto.randomUUID()
    const refused = await send(key, call({ description: `Refused ${key}`, company_id: String(other.id) }))
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ ok: false, error: expect.any(String), fieldErrors: { storage_id: [expect.any(String)] } })
    const invalid = await send(crypto.randomUUID(), call({ requested_by: '' }))
    expect(invalid).toMatchObject({ status: 400, body: { ok: false, fieldErrors: { requested_by: [expect.any(String)] } } })
    expect(await callsBy(`Refused ${key}`)).toBe(0)
  })

  it('a key used for another call: 409 with the reason, nothing saved', async () => {
    const key = crypto.randomUUID()
    await send(key, call({ description: `First ${key}` }))
    const reused = await send(key, call({ description: `Second ${key}` }))
    expect(reused).toMatchObject({ status: 409, body: { ok: false, error: 'This submission was already used for something else. Please reload the page.' } })
    expect(reused.body).not.toHaveProperty('fieldErrors')
    expect(await callsBy(`Second ${key}`)).toBe(0)
  })

  it('a key that is not a UUID: 400, nothing saved', async () => {
    const refused = await send('not-a-key', call({ description: 'No key' }))
    expect(refused).toEqual({ status: 400, type: expect.stringContaining('application/json'), body: { ok: false, error: 'The Idempotency-Key header must be a UUID.' } })
    expect(await callsBy('No key')).toBe(0)
  })

  it('a refusal thrown before the action answers (no right, no such record) is JSON too; a failure is 500 with the spec’s text', async () => {
    const { jsonCommandAnswer } = await import('./command-answer.server.ts')
    const request = new Request('http://app.test/x', { method: 'POST', headers: { Accept: 'application/json' } })
    const thrown = (status: number, data: unknown) => jsonCommandAnswer(request, { errors: { root: { status, data } }, statusCode: status })!
    expect([thrown(403, 'Forbidden').status, await thrown(403, 'Forbidden').json()]).toEqual([403, { ok: false, error: 'Forbidden' }])
    expect([thrown(500, 'boom').status, await thrown(500, 'boom').json()]).toEqual([500, { ok: false, error: 'Problem occurred while submitting data. Please try again.' }])
    // a page asked for as a page is the page
    expect(jsonCommandAnswer(new Request('http://app.test/x', { method: 'POST', headers: { Accept: 'text/html' } }), { statusCode: 200 })).toBeNull()
  })
})
