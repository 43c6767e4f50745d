import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createUser } from '#db/queries/users.ts'
import { insertFolder } from '#storage/drive.server.ts'
import { DEMO_LOGINS } from '../../bin/demo/data.ts'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { DEMO_PASSWORD, newContext, signInWithForm, type ContextOptions } from '../support/browser.ts'

// every role signs in with the service worker installing and keeping their pages, as on a phone
const WITH_WORKER: ContextOptions = { serviceWorkers: 'allow' }

const suite = useBrowserSuite()

/** The login form as a client without a browser gets it: the CSRF cookie and the form's token. */
async function openLoginForm(): Promise<{ cookie: string; csrf: string }> {
  const response = await fetch(`${suite.app.url}/login`)
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const csrf = /name="csrf" value="([^"]+)"/.exec(await response.text())?.[1]
  if (!csrf) throw new Error('The login form carries no CSRF token')
  return { cookie, csrf }
}

function postLogin(form: { cookie: string; csrf: string }, fields: Record<string, string>): Promise<Response> {
  return fetch(`${suite.app.url}/login`, {
    method: 'POST',
    headers: { cookie: form.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf: form.csrf, ...fields }),
    redirect: 'manual',
  })
}

/** Return paths that a browser would follow to another site, or that would break the header. */
const HOSTILE_RETURN_PATHS = [
  '/\t/evil.example/phish', // browsers drop tabs and newlines: //evil.example/phish
  '/\n/evil.example',
  '/\\evil.example',
  '/a\\..\\..\\/evil.example',
  '/%2F/evil.example',
  '/%5c/evil.example',
  '/%252F%252Fevil.example', // decoded twice: //evil.example
  '/\r\nSet-Cookie: sid=attacker', // header injection: a 500 before
  '/\u0000',
  '//evil.example',
  'https://evil.example/',
]

describe('sign-in and permissions', () => {
  // the other browser tests sign in by session (tests/support/apps.ts): here each role signs in as a person does
  it('signs each demo user in through the form, to a home page that greets them', async () => {
    for (const { username } of DEMO_LOGINS) {
      const context = await newContext(suite.browser, suite.app.url, WITH_WORKER)
      const page = await context.newPage()
      await signInWithForm(page, username)
      expect(new URL(page.url()).pathname, username).toBe('/')
      await page.getByRole('heading', { name: /^Welcome, / }).waitFor()
      await context.close()
    }
  })

  it('sends a signed-out visitor to /login and back to where they were going', async () => {
    const page = await (await newContext(suite.browser, suite.app.url, WITH_WORKER)).newPage()
    await page.goto('/view-calls?page_size=20')
    expect(new URL(page.url()).pathname).toBe('/login')
    await signInWithForm(page, 'tech')
    const url = new URL(page.url())
    expect(url.pathname).toBe('/view-calls')
    expect(url.searchParams.get('page_size')).toBe('20')
  })

  it.each([true, false])('brings a signed-out visitor back to a drive folder (its key encoded in ?p=) after sign-in, JavaScript %s', async (js) => {
    const admin = await suite.app.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
    const folder = (await insertFolder(suite.app.db, admin, `Return ${js}/`, 'Häuser 2026'))!
    const address = `/auditing?${new URLSearchParams({ p: folder })}` // as the drive links to it
    expect(address).toMatch(/%2F/)
    const page = await (await newContext(suite.browser, suite.app.url, { ...WITH_WORKER, javaScriptEnabled: js })).newPage()
    await page.goto(address)
    expect(new URL(page.url()).pathname).toBe('/login')
    await signInWithForm(page, 'office')
    const url = new URL(page.url())
    expect(`${url.pathname}${url.search}`).toBe(address)
    await page.getByRole('navigation', { name: 'Folder path' }).getByText('Häuser 2026').waitFor()
  })

  it('never returns to another site after sign-in', async () => {
    const page = await (await newContext(suite.browser, suite.app.url, WITH_WORKER)).newPage()
    await page.goto('/login?redirectTo=//evil.example/steal')
    await signInWithForm(page, 'tech')
    expect(new URL(page.url()).origin).toBe(suite.app.url)
  })

  it('sends a signed-in visitor home, never off the site, whatever the return path says', async () => {
    const form = await openLoginForm()
    let session = ''
    // the finding (a tab) and a header injection (CRLF, a 500 before) through the form …
    for (const redirectTo of ['/\t/evil.example/phish', '/\r\nSet-Cookie: sid=attacker']) {
      const signedIn = await postLogin(form, { username: 'tech', password: DEMO_PASSWORD, redirectTo })
      expect({ redirectTo, status: signedIn.status, location: signedIn.headers.get('location') }).toEqual({ redirectTo, status: 302, location: '/' })
      session = signedIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ')
    }
    // … and every hostile return path through the link a signed-in visitor follows
    for (const redirectTo of HOSTILE_RETURN_PATHS) {
      const again = await fetch(`${suite.app.url}/login?${new URLSearchParams({ redirectTo })}`, { headers: { cookie: session }, redirect: 'manual' })
      expect({ redirectTo, status: again.status, location: again.headers.get('location') }).toEqual({ redirectTo, status: 302, location: '/' })
    }
  })

  it('refuses an over-long username or password with a clear message, before any password check', async () => {
    const form = await openLoginForm()
    const attempts = () =>
      suite.app.db
        .selectFrom('login_attempts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    const before = await attempts()
    const longName = await postLogin(form, { username: randomBytes(6144).toString('base64url'), password: 'any-password' })
    expect(longName.status).toBe(400)
    expect(await longName.text()).toContain('Username must be at most 150 characters.')
    const longPassword = await postLogin(form, { username: 'tech', password: 'p'.repeat(5000) })
    expect(longPassword.status).toBe(400)
    expect(await longPassword.text()).toContain('Password must be at most 1024 characters.')
    expect(await attempts()).toEqual(before)
  })

  it('checks at most 5 passwords of one burst sent at once for one user from one address', async () => {
    await createUser(suite.app.db, { username: 'burst-one', password: 'right-password' })
    const form = await openLoginForm()
    const statuses = await Promise.all(Array.from({ length: 24 }, () => postLogin(form, { username: 'burst-one', password: 'wrong-password' }).then((r) => r.status)))
    expect(statuses.filter((s) => s === 401)).toHaveLength(5)
    expect(statuses.filter((s) => s === 429)).toHaveLength(19)
  })

  it('lets no more than 5 wrong passwords be checked in a burst with the right one last', async () => {
    await createUser(suite.app.db, { username: 'burst-two', password: 'right-password' })
    const form = await openLoginForm()
    const passwords = [...Array.from({ length: 19 }, (_, i) => `wrong-password-${i}`), 'right-password']
    const statuses = await Promise.all(passwords.map((password) => postLogin(form, { username: 'burst-two', password }).then((r) => r.status)))
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5)
    // the right password gets in only if it was checked before the limit was reached
    if (statuses[19] === 302) expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(4)
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(14)
  })

  it('shows the failure text for a wrong password, and it goes after 10 seconds', async () => {
    const page = await (await newContext(suite.browser, suite.app.url, WITH_WORKER)).newPage()
    // a stopped clock, installed before the page's timers start: its 10-second timer is the test's to run
    await page.clock.install({ time: new Date('2026-11-22T08:00:00Z') })
    await page.clock.pauseAt(new Date('2026-11-22T08:00:01Z'))
    await page.goto('/login')
    await page.getByLabel('Username').fill('tech')
    await page.getByLabel('Password').fill('wrong-password')
    await page.getByRole('button', { name: 'Login' }).click()
    const message = page.getByText('Login failed. Please try again.')
    await expect(message.waitFor()).resolves.toBeUndefined()
    await page.clock.runFor(9_900)
    expect(await message.count()).toBe(1)
    await page.clock.runFor(200)
    await message.waitFor({ state: 'detached' })
  })

  it('without JavaScript too, shows the failure text as an alert that goes after 10 seconds', async () => {
    const page = await (await newContext(suite.browser, suite.app.url, { ...WITH_WORKER, javaScriptEnabled: false })).newPage()
    await page.goto('/login')
    await page.getByLabel('Username').fill('viewer')
    await page.getByLabel('Password').fill('wrong-password')
    await page.getByRole('button', { name: 'Login' }).click()
    const alert = page.getByRole('alert').filter({ hasText: 'Login failed. Please try again.' })
    await alert.waitFor()
    // CSS keeps the time: move its animations to just before, then to, the 10-second mark
    const seek = (ms: number) => page.evaluate((at) => document.getAnimations().forEach((a) => (a.currentTime = at)), ms)
    await seek(9_900)
    expect(await alert.isVisible()).toBe(true)
    await seek(10_000)
    await alert.waitFor({ state: 'hidden' })
  })

  it('shows each user the home cards of their permissions', async () => {
    const context = await newContext(suite.browser, suite.app.url, WITH_WORKER)
    const page = await context.newPage()
    await signInWithForm(page, 'viewer')
    const cards = page.getByRole('main').getByRole('link')
    await expect.poll(() => cards.allInnerTexts()).toEqual([expect.stringContaining('Service')])

    const office = await (await newContext(suite.browser, suite.app.url, WITH_WORKER)).newPage()
    await signInWithForm(office, 'office')
    // the cards' titles (the home page's "On this device" section below them has a heading of its own)
    const titles = () => office.getByRole('main').getByRole('list').first().getByRole('heading', { level: 2 }).allInnerTexts()
    // in the spec's order; Admin because office is staff (the card is admin-flagged); no Service
    await expect.poll(titles).toEqual(['Auditing', 'Growers', 'Receipts', 'Admin', 'Contacts'])
  })

  it('answers 403 at /view-calls to a user without api.view_callin', async () => {
    const page = await (await newContext(suite.browser, suite.app.url, WITH_WORKER)).newPage()
    await signInWithForm(page, 'office')
    const response = await page.goto('/view-calls')
    expect(response?.status()).toBe(403)
    await expect(page.getByRole('heading', { name: 'Not allowed' }).waitFor()).resolves.toBeUndefined()
  })

  it('refuses a cross-origin POST', async () => {
    const response = await fetch(`${suite.app.url}/login`, {
      method: 'POST',
      headers: { Origin: 'http://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'username=tech&password=demo-pass-1',
      redirect: 'manual',
    })
    expect(response.status).toBe(403)
    const fromBrowserSaysCrossSite = await fetch(`${suite.app.url}/logout`, { method: 'POST', headers: { 'Sec-Fetch-Site': 'cross-site' }, redirect: 'manual' })
    expect(fromBrowserSaysCrossSite.status).toBe(403)
  })
})
