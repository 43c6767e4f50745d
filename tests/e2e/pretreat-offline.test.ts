// The application sheet with no signal, in Chromium with its network switched off
// (context.setOffline): the service worker keeps the sheets, IndexedDB keeps the edits, the sync
// and the queued submit on reconnect, the conflict choice, and 'No Data Available' for a sheet this
// device never had. Decision 0038.
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { newContext, signIn } from '../support/browser.ts'
import { makePretreat } from '../support/pretreats.ts'

const suite = useBrowserSuite()

async function applicatorId(): Promise<number> {
  const row = await suite.app.db
    .selectFrom('applicators as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select('a.id')
    .where('u.username', '=', 'applicator')
    .executeTakeFirstOrThrow()
  return row.id
}

/** The service worker controls the page and holds `path` in its per-user cache. */
async function waitUntilCached(page: Page, path: string): Promise<void> {
  await page.waitForFunction(
    async (p) => navigator.serviceWorker.controller !== null && (await caches.open('pages-v1').then((c) => c.match(new URL(p, location.origin).href))) !== undefined,
    path,
    { polling: 200, timeout: 30_000 },
  )
}

async function applicatorPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(suite.browser, suite.app.url)
  const page = await context.newPage()
  await signIn(page, 'applicator')
  return { context, page }
}

describe('GET /api/ping', () => {
  it('answers 204 without a session, never cached', async () => {
    const response = await fetch(`${suite.app.url}/api/ping`)
    expect(response.status).toBe(204)
    expect(response.headers.get('cache-control')).toBe('no-store')
  })
})

describe('the service worker', () => {
  it('is served as a script with the app’s security headers', async () => {
    const response = await fetch(`${suite.app.url}/sw.js`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/javascript/)
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('offline, a sheet this device never had and has no draft of shows No Data Available, then goes home', async () => {
    const { context, page } = await applicatorPage()
    await waitUntilCached(page, '/')
    // assigned after the pre-cache ran: this device has never seen it
    const unseen = await makePretreat(suite.app.db, { stage: 'assigned', assignTo: await applicatorId() })
    await context.setOffline(true)
    await page.goto(`/pretreats/${unseen.id}`)
    const dialog = page.getByRole('dialog', { name: 'No Data Available' })
    await dialog.getByText("You're currently offline and no draft is saved locally. Please reconnect to fetch the latest data.").waitFor()
    await page.waitForURL((url) => url.pathname === '/')
    // home, from the service worker's copy: the signed-in shell, not the browser's offline error
    await page.getByRole('button', { name: 'Log out' }).first().waitFor()
    await context.close()
  })
})
