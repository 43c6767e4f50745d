// The service worker's pages and whose they are (issue 19, items 3, 22 and 31; decision 0047):
// the shell kept when the worker installs, the app's offline page for any page it does not keep,
// and a user's kept pages and drafts dropped as soon as the server says the session is gone.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { HALF_TYPED_WARNING } from '#app/offline/sign-out.ts'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { registerContext } from '../support/apps.ts'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, hydrated, newContext, signIn } from '../support/browser.ts'
import { httpSession } from '../support/http-session.ts'
import { field, goOffline, goOnline, isCached, storedDrafts, userApplicatorId, waitForDraft, waitUntilCached } from '../support/offline.ts'
import { checkFormOnline, keptPhotos, photo, storageOf } from '../support/photo-outbox.ts'
import { makePretreat } from '../support/pretreats.ts'

const suite = useBrowserSuite()

const NO_DATA = "You're currently offline and no draft is saved locally. Please reconnect to fetch the latest data."
const NO_PAGE = "You're currently offline and this page is not saved on this device. Please reconnect to fetch the latest data."

async function signedIn(username: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(suite.browser, suite.app.url, { serviceWorkers: 'allow' })
  const page = await context.newPage()
  await signIn(page, username)
  return { context, page }
}

/** The service worker is active for this page (navigator.serviceWorker.ready). */
const workerReady = (page: Page) => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state ?? null)

describe('whose a page is (X-Session-User)', () => {
  it('every page and data answer names the signed-in user, or none: the sign-in page, the signed-out home, a data request sent to sign in', async () => {
    const user = await suite.app.db.selectFrom('users').select('id').where('username', '=', 'applicator').executeTakeFirstOrThrow()
    const applicator = await httpSession(suite.app.url, 'applicator')
    for (const path of ['/', '/_root.data', '/pretreats', '/pretreats.data']) expect((await applicator.fetch(path)).headers.get('x-session-user'), path).toBe(String(user.id))
    const visitor = await httpSession(suite.app.url)
    for (const path of ['/', '/login', '/pretreats.data']) expect((await visitor.fetch(path)).headers.get('x-session-user'), path).toBe('none')
    // an API answer says nothing (its 401 says the session is gone)
    expect((await applicator.fetch('/api/my-sheets')).headers.get('x-session-user')).toBeNull()
    // but the places a picker offers are the user's, kept with their pages: named like a page, and only for those who fill such forms
    const tech = await suite.app.db.selectFrom('users').select('id').where('username', '=', 'tech').executeTakeFirstOrThrow()
    const choices = await (await httpSession(suite.app.url, 'tech')).fetch('/api/choices')
    expect([choices.status, choices.headers.get('x-session-user')]).toEqual([200, String(tech.id)])
    expect(Object.keys(await choices.json()).sort()).toEqual(['companies', 'contacts', 'growers', 'jobs', 'storages'])
    expect((await applicator.fetch('/api/choices')).status).toBe(403)
    expect((await visitor.fetch('/api/choices')).status).toBe(401)
  })
})

describe('the shell, kept when the service worker installs (item 31)', () => {
  it('offline at once after the first signed-in page load, a reload shows home', async () => {
    const { context, page } = await signedIn('applicator')
    expect(await workerReady(page)).toMatch(/^activat/)
    // kept by the time the worker is ready, not a moment later
    expect(await page.evaluate(async () => (await caches.match('/')) !== undefined)).toBe(true)
    await goOffline(context)
    await page.reload()
    await page.getByRole('heading', { name: 'Welcome, Cody Hansen' }).waitFor()
    await page.getByRole('button', { name: 'Log out' }).first().waitFor()
    await context.close()
  })
})

describe('installable (issue 40; decision 0095)', () => {
  it('Chromium finds the app installable for a signed-in user, its worker running: the manifest and its icons, served as such', async () => {
    const manifest = await fetch(new URL('/manifest.webmanifest', suite.app.url))
    expect([manifest.status, manifest.headers.get('content-type'), manifest.headers.get('cache-control')]).toEqual([200, 'application/manifest+json', 'public, max-age=3600'])
    // not the run's browser: the headless shell finds any page installable, and in a test context
    // (incognito) none is; the full Chromium with a profile of its own checks what a phone's does
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'installable-'))
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, baseURL: suite.app.url, serviceWorkers: 'allow' })
    try {
      registerContext(context, suite.app.url)
      const page = context.pages()[0] ?? (await context.newPage())
      await signIn(page, 'applicator')
      await workerReady(page)
      const devtools = await context.newCDPSession(page)
      expect((await devtools.send('Page.getAppManifest')).errors).toEqual([])
      expect((await devtools.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([])
    } finally {
      await context.close()
      fs.rmSync(profile, { recursive: true, force: true })
    }
  })
})

describe('a full device (issue 40; decision 0095)', () => {
  it('the pages kept for offline go first: a photo chosen with no signal is kept; one that still finds no room says so by its field', async () => {
    const context = await newContext(suite.browser, suite.app.url, { serviceWorkers: 'allow' })
    const page = await checkFormOnline(suite.app, context)
    await waitUntilCached(page, '/pretreats')
    await goOffline(context) // the worker keeps no more pages
    const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage!)
    const devtools = await context.newCDPSession(page)
    await devtools.send('Storage.overrideQuotaForOrigin', { origin: new URL(suite.app.url).origin, quotaSize: usage + 32 * 1024 })
    await page.getByLabel('Images').setInputFiles([photo('pile.png', 128 * 1024)])
    await expect.poll(() => keptPhotos(page)).toBe(1)
    expect(await isCached(page, '/pretreats')).toBe(false)
    await page.getByLabel('Images').setInputFiles([photo('heap.png', 1024 * 1024)])
    await page.getByText('This device has no room to keep the photo, and it could not be uploaded.', { exact: true }).waitFor()
    expect(await keptPhotos(page)).toBe(1)
    await devtools.send('Storage.overrideQuotaForOrigin', { origin: new URL(suite.app.url).origin })
    await context.close()
  })
})

describe('reading offline (item 22; issue 22)', () => {
  it('a section menu never opened opens from the device with its age; a list opened before too; a page never seen gives the app’s offline page, not the browser’s error page', async () => {
    const { context, page } = await signedIn('applicator')
    await workerReady(page)
    // the worker keeps the user's section menus while there is signal, and every page opened
    await waitUntilCached(page, '/pretreats')
    await page.goto('/completed-pre-treat')
    await waitUntilCached(page, '/completed-pre-treat')
    await goOffline(context)
    await page.goto('/')
    await page.getByRole('link', { name: 'Pre-Treats' }).first().click()
    await page.getByRole('heading', { name: 'Pre-Treats', exact: true }).waitFor()
    await page.getByText(/^No connection: you are reading this page as of /).waitFor()
    await page.goto('/completed-pre-treat')
    await page.getByText(/^No connection: you are reading this page as of /).waitFor()
    // a page typed in the address bar, never opened on this device: not a form, so no word of drafts
    await page.goto('/storage-check')
    await page.getByRole('dialog', { name: 'No Data Available' }).getByText(NO_PAGE).waitFor()
    expect(await page.getByText(NO_DATA).count()).toBe(0)
    await context.close()
  })
})

describe('links followed with no signal (issue 38, items 16 and 17)', () => {
  it('the assigned sheet is reached from the Scheduled tab, its card and the bell line; each tab shows its own content', async () => {
    const sheet = await makePretreat(suite.app.db, { stage: 'assigned', assignTo: await userApplicatorId(suite.app.db, 'applicator') })
    const { context, page } = await signedIn('applicator')
    /** the list's row of the sheet: its link opens the sheet */
    const sheetLink = () => page.getByRole('row').filter({ hasText: sheet.pre_treat_number }).getByRole('link').first()
    await workerReady(page)
    // minutes earlier, with signal: the list opened by tapping links (the router's data requests, not pages)
    await page.getByRole('link', { name: 'Pre-Treats' }).first().click()
    await page.getByRole('link', { name: 'Scheduled', exact: true }).click()
    await page
      .getByRole('region', { name: 'Scheduled' })
      .getByRole('link', { name: /^Scheduled Pre-Treats/ })
      .click()
    await sheetLink().waitFor()
    await waitUntilCached(page, '/scheduled-pre-treat')
    await waitUntilCached(page, `/pretreats/${sheet.id}`)
    // the bell's line was never opened here: kept ahead
    await waitUntilCached(page, '/scheduled-pre-treat?mine=assigned')

    await goOffline(context)
    await page.goto('/')
    await page.getByRole('link', { name: 'Pre-Treats' }).first().click()
    await page.getByRole('heading', { name: 'Pre-Treats', exact: true }).waitFor()
    await page.getByRole('link', { name: 'Scheduled', exact: true }).click()
    await page.waitForURL(/\/pretreats\?tab=scheduled$/)
    const scheduled = page.getByRole('region', { name: 'Scheduled' })
    await scheduled.waitFor()
    expect(await page.getByRole('region', { name: /Staged/ }).count()).toBe(0)
    await scheduled.getByRole('link', { name: /^Scheduled Pre-Treats/ }).click()
    await sheetLink().click()
    await page.waitForURL((url) => url.pathname === `/pretreats/${sheet.id}`)
    await page.getByText(sheet.pre_treat_number).first().waitFor()
    expect(await page.getByRole('dialog', { name: 'No Data Available' }).count()).toBe(0)

    await page.goto('/')
    await page.locator('details.alerts-bell summary').click()
    await page.getByRole('menuitem', { name: /^Pre-treat sheets assigned to you/ }).click()
    await page.waitForURL(/\/scheduled-pre-treat\?mine=assigned$/)
    await sheetLink().click()
    await page.waitForURL((url) => url.pathname === `/pretreats/${sheet.id}`)
    expect(await page.getByRole('dialog', { name: 'No Data Available' }).count()).toBe(0)
    await context.close()
  })
})

describe('a session that ended without Log out (item 3)', () => {
  it('its kept sheet and drafts go once the server says so; offline, neither that page nor another user shows them', async () => {
    const sheet = await makePretreat(suite.app.db, { stage: 'assigned', assignTo: await userApplicatorId(suite.app.db, 'applicator') })
    const { context, page } = await signedIn('applicator')
    await page.goto(`/pretreats/${sheet.id}`)
    await waitUntilCached(page, `/pretreats/${sheet.id}`)
    // a draft the server holds (the page's own Save)
    await field(page, 'sampled_by').fill('Cody Hansen')
    await waitForDraft(page, sheet.id, 'sampled_by', 'Cody Hansen')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.locator('#pretreat-sheet').getByRole('status').filter({ hasText: 'Saved.' }).waitFor()

    // the session expires on the server; the next page the phone asks for is the sign-in page
    const user = await suite.app.db.selectFrom('users').select('id').where('username', '=', 'applicator').executeTakeFirstOrThrow()
    await suite.app.db.deleteFrom('sessions').where('user_id', '=', user.id).execute()
    await page.reload()
    await page.waitForURL((url) => url.pathname === '/login')
    await expect.poll(() => isCached(page, `/pretreats/${sheet.id}`), { timeout: 10_000 }).toBe(false)
    await expect.poll(async () => (await storedDrafts(page)).length, { timeout: 10_000 }).toBe(0)
    await goOffline(context)
    await page.goto(`/pretreats/${sheet.id}`)
    await page.getByRole('dialog', { name: 'No Data Available' }).getByText(NO_DATA).waitFor()
    expect(await page.getByText('Cody Hansen').count()).toBe(0)
    expect(await page.getByText(sheet.pre_treat_number).count()).toBe(0)

    // another user signs in on the same phone: offline, the sheet is still not there, and home is theirs
    await goOnline(context)
    await signIn(page, 'tech')
    await waitUntilCached(page, '/')
    await goOffline(context)
    await page.goto(`/pretreats/${sheet.id}`)
    await page.getByRole('dialog', { name: 'No Data Available' }).waitFor()
    expect(await page.getByText('Cody Hansen').count()).toBe(0)
    await page.goto('/')
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor()
    expect(await page.getByText('Cody Hansen').count()).toBe(0)
    await context.close()
  })

  it('another user signing in while the first one’s pages are kept: offline, the first one’s sheet is never shown', async () => {
    const sheet = await makePretreat(suite.app.db, { stage: 'assigned', assignTo: await userApplicatorId(suite.app.db, 'applicator') })
    const { context, page } = await signedIn('applicator')
    await page.goto(`/pretreats/${sheet.id}`)
    await waitUntilCached(page, `/pretreats/${sheet.id}`)
    // the session ends on the server and the phone goes straight to the sign-in form
    const user = await suite.app.db.selectFrom('users').select('id').where('username', '=', 'applicator').executeTakeFirstOrThrow()
    await suite.app.db.deleteFrom('sessions').where('user_id', '=', user.id).execute()
    await signIn(page, 'tech')
    await waitUntilCached(page, '/')
    await goOffline(context)
    await page.goto(`/pretreats/${sheet.id}`)
    await page.getByRole('dialog', { name: 'No Data Available' }).waitFor()
    expect(await page.getByText(sheet.pre_treat_number).count()).toBe(0)
    await context.close()
  })
})

describe('Log out on a shared phone (issue 38)', () => {
  /** The half-typed forms this device keeps (IndexedDB `offline-drafts`, store formDrafts), as any page could read them. */
  const halfTypedForms = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('offline-drafts')
          open.onsuccess = () => {
            const db = open.result
            if (!db.objectStoreNames.contains('formDrafts')) return resolve(0)
            const all = db.transaction('formDrafts').objectStore('formDrafts').count()
            all.onsuccess = () => resolve(all.result)
          }
          open.onerror = () => resolve(0)
        }),
    )

  it('clears a form the user started and did not submit, after saying so (item 13)', async () => {
    const { context, page } = await signedIn('tech')
    const storage = await storageOf(suite.app, 'Aberdeen Acres')
    await page.goto(`/service-call?company=${encodeURIComponent('Aberdeen Acres')}&storage=${storage.id}`)
    // typing before React takes the page over is not seen by the draft keeper
    await hydrated(page)
    await page.getByLabel('Reason for Service').fill('Half typed: fan 3 rattles')
    await expect.poll(() => halfTypedForms(page), { timeout: 10_000 }).toBe(1)
    let warning = ''
    page.once('dialog', (dialog) => {
      warning = dialog.message()
      void dialog.accept()
    })
    await Promise.all([page.waitForURL((url) => url.pathname === '/'), page.getByRole('button', { name: 'Log out' }).first().click()])
    await page.getByText('Please log in to see the forms.').waitFor()
    expect(warning).toBe(HALF_TYPED_WARNING)
    expect(await halfTypedForms(page)).toBe(0)
    await context.close()
  })

  it('with no signal: signed out on the device at once, and on the server when the signal returns (item 18)', async () => {
    const { context, page } = await signedIn('tech')
    await workerReady(page)
    await waitUntilCached(page, '/service')
    const sid = (await context.cookies()).find((c) => c.name === 'sid')!.value
    const session = () => suite.app.db.selectFrom('sessions').select('user_id').where('id', '=', createHash('sha256').update(sid).digest('hex')).execute()
    await goOffline(context)
    await page.getByRole('button', { name: 'Log out' }).first().click()
    await page.getByText('Please log in to see the forms.').waitFor()
    expect(await page.getByText('Luis Ortega').count()).toBe(0)
    // the next person opens a page the user had: nothing of theirs
    await page.goto('/service')
    await page.getByText('Please log in to see the forms.').waitFor()
    expect(await page.getByText('Luis Ortega').count()).toBe(0)
    expect(await session()).toHaveLength(1)
    // the signal returns: the session ends before anything else is asked
    await goOnline(context)
    await page.goto('/service')
    await page.waitForURL((url) => url.pathname === '/login')
    expect(await session()).toEqual([])
    await context.close()
  })
})
