// Bad input reported by earlier probes, one request at a time, each with what the user sees and
// what must not change. The crawl of every route with every hostile value is
// tests/e2e/hostile-crawl-*.test.ts; the values field by field are in the unit tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAppServer, type AppServer } from '../support/app-server.ts'
import { Client } from '../support/hostile/crawl.ts'
import { baselineOf, bodyOf, formsOf, linksOf, type ParsedForm } from '../support/hostile/html.ts'

let app: AppServer
let admin: Client
let visitor: Client
beforeAll(async () => {
  app = await startAppServer()
  ;[admin, visitor] = await Promise.all([new Client('admin', app.url).start('admin'), new Client('visitor', app.url).start()])
})
afterAll(async () => {
  await app?.stop()
})

/** The POST form of `path` (as admin) that has `field`, and the values a person would send with it. */
async function formWith(path: string, field: string): Promise<{ form: ParsedForm; pairs: [string, string][] }> {
  const url = new URL(path, app.url)
  const form = formsOf((await admin.send(url)).body, url).find((f) => f.method === 'post' && f.controls.some((c) => c.name === field))
  if (!form) throw new Error(`no form with ${field} at ${path}`)
  return { form, pairs: baselineOf(form) }
}
const post = (form: ParsedForm, pairs: [string, string][], field: string, value: string, headers?: Record<string, string>) =>
  admin.send(form.action, { method: 'POST', headers, ...bodyOf(form, pairs, [field], { label: field, encoded: encodeURIComponent(value) }) })

/** The first storage of `company` (by name), for the call and sheet forms' last stage. */
async function aStorageOf(company: string): Promise<number> {
  const row = await app.db
    .selectFrom('storages as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .select('s.id')
    .where('c.company_name', '=', company)
    .orderBy('s.name')
    .executeTakeFirstOrThrow()
  return row.id
}
async function countOf(table: 'call_ins' | 'service_sheets'): Promise<number> {
  return Number(
    (
      await app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
}

describe('the bad input reported in the issue, one request at a time', () => {
  it('a NUL as the description filter of Pending Calls: the list, with a message beside the filter', async () => {
    const answer = await admin.send('/view-calls?filter_by=description&filter_value=%00')
    expect(answer.status).toBe(200)
    expect(answer.body).toContain('Filter text cannot contain control characters.')
  })

  it('a NUL as the customer of the sheet form: the first stage again, with its message', async () => {
    for (const target of ['/service-form?company=%00', '/service-call?company=Acme%00', '/service-form?job=%00']) {
      const answer = await admin.send(target)
      expect(answer.status, target).toBe(200)
      expect(answer.body).toMatch(/Choose a (customer|job number) from the list\./)
    }
  })

  it('a NUL in review comments: 400 with the message beside the field, and the review unchanged', async () => {
    const reviews = linksOf((await admin.send('/review-sheets')).body, new URL('/review-sheets', app.url)).filter((l) => /^\/review-editor\/\d+$/.test(l.pathname))
    const id = Number(reviews[0]!.pathname.split('/').pop())
    const before = await app.db.selectFrom('service_reviews').select(['comments', 'version']).where('id', '=', id).executeTakeFirstOrThrow()
    const { form, pairs } = await formWith(`/review-editor/${id}`, 'comments')
    const answer = await post(form, [...pairs, ['intent', 'save']], 'comments', 'Checked\0 twice')
    expect(answer.status).toBe(400)
    expect(answer.body).toContain('Comments cannot contain control characters.')
    expect(await app.db.selectFrom('service_reviews').select(['comments', 'version']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before)
  })

  it('call dates 0000-01-01, 1000-01-01 and 9999-12-31: 400 with the message, and no call saved', async () => {
    const { form, pairs } = await formWith('/service-call?company=Aberdeen%20Acres&job=&storage=' + (await aStorageOf('Aberdeen Acres')), 'call_in_date')
    const calls = await countOf('call_ins')
    for (const day of ['0000-01-01', '1000-01-01', '9999-12-31']) {
      const answer = await post(form, pairs, 'call_in_date', day)
      expect(answer.status, day).toBe(400)
      expect(answer.body).toMatch(/Call date must be (a valid date|between 2000-01-01 and 2099-12-31)\./)
    }
    expect(await countOf('call_ins')).toBe(calls)
  })

  it('travel hours 0x10: 400 with the message, and no sheet saved (it was saved as 16)', async () => {
    const { form, pairs } = await formWith('/service-form?company=Aberdeen%20Acres&job=&storage=' + (await aStorageOf('Aberdeen Acres')), 'travel_hours')
    const sheets = await countOf('service_sheets')
    const answer = await post(form, pairs, 'travel_hours', '0x10')
    expect(answer.status).toBe(400)
    expect(answer.body).toContain('Travel hours must be a number, like 12 or 1.25.')
    expect(await countOf('service_sheets')).toBe(sheets)
  })

  it('CR LF in redirectTo: a signed-in visit to /login goes home, with no header added', async () => {
    const response = await fetch(`${app.url}/login?redirectTo=/%0D%0ASet-Cookie:%20hacked=1`, { headers: { cookie: admin.cookieHeader() }, redirect: 'manual' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/')
    expect(response.headers.getSetCookie().join()).not.toContain('hacked')
  })

  it('a POST that says Sec-Fetch-Site: none with a foreign Origin: 403, whatever it posts to', async () => {
    const { form, pairs } = await formWith('/service-call?company=Aberdeen%20Acres&job=&storage=' + (await aStorageOf('Aberdeen Acres')), 'description')
    const calls = await countOf('call_ins')
    const answer = await post(form, pairs, 'description', 'Forged from elsewhere', { 'sec-fetch-site': 'none', origin: 'http://evil.example' })
    expect(answer.status).toBe(403)
    expect(await countOf('call_ins')).toBe(calls)
    for (const origin of ['null', '', 'not a url', `${app.url}.evil.example`]) {
      expect((await visitor.send('/logout', { method: 'POST', headers: { 'sec-fetch-site': 'none', origin } })).status, origin).toBe(403)
    }
  })

  it('a same-origin POST that names another host in X-Forwarded-Host (no proxy is trusted): answered as any other', async () => {
    const { form, pairs } = await formWith('/service-call?company=Aberdeen%20Acres&job=&storage=' + (await aStorageOf('Aberdeen Acres')), 'description')
    const answer = await post(form, pairs, 'description', 'Sent through a spoofed proxy header', { origin: app.url, 'x-forwarded-host': 'evil.example' })
    expect(answer.status).toBe(302)
  })
})
