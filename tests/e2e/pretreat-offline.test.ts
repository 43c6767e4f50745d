// The application sheet with no signal, in Chromium with its network switched off
// (context.setOffline): the service worker keeps the sheets, IndexedDB keeps the edits, the sync
// and the queued submit on reconnect, the conflict choice, and 'No Data Available' for a sheet this
// device never had. Decision 0038.
import { sql } from 'kysely'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { QUEUED_TEXT } from '#app/components/offline/sheet-offline.tsx'
import { UNSENT_DRAFTS_WARNING } from '#app/components/offline/sign-out.ts'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { newContext, signIn } from '../support/browser.ts'
import { httpSession } from '../support/http-session.ts'
import { makePretreat } from '../support/pretreats.ts'

const suite = useBrowserSuite()

/** No network for the page and its service worker; navigator.onLine and the online/offline events follow. */
const goOffline = (context: BrowserContext) => context.setOffline(true)
const goOnline = (context: BrowserContext) => context.setOffline(false)

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
  const cached = (p: string) => page.evaluate(async (q) => navigator.serviceWorker.controller !== null && (await (await caches.open('pages-v1')).match(new URL(q, location.origin).href)) !== undefined, p)
  await expect.poll(() => cached(path), { timeout: 30_000, interval: 200 }).toBe(true)
}

/** Everything a submit needs, but the two fields the tests type (batch numbers, sampled by). */
async function fillAllButTwo(id: number): Promise<void> {
  const db = suite.app.db
  const truck = await db.selectFrom('trucks').select('id').where('active', '=', true).orderBy('id').executeTakeFirstOrThrow()
  const creator = await db.selectFrom('pretreats').select('created_by').where('id', '=', id).executeTakeFirstOrThrow()
  await db
    .updateTable('pretreats')
    .set({
      requested_by: creator.created_by,
      pile_front: 'Dry', pile_middle: 'Dry', pile_back: 'Damp', sprouting: 'None', pile_comments: 'Firm pile',
      temps1_front: '45', temps1_middle: '46', temps1_back: '45', temps2_front: '44', temps2_middle: '45', temps2_back: '44',
      set_point: '45', ducts_open: 'All Open', ducts_condition: 'Dry', storage_temp_front: '45', storage_temp_middle: '45', storage_temp_back: '46',
      bypass_door: 'Closed', coils_covered: true, cell_covered: true,
      env_temp: '30', weather: 'Clear', wind_speed: '5', wind_direction: 'NW', env_comments: 'Calm',
      truck_id: truck.id, application_date: sql<string>`current_date`, start_time: '08:00', stop_time: '09:30',
    })
    .where('id', '=', id)
    .execute()
  await db.updateTable('pretreat_chemicals').set({ quantity_used: '16.6' }).where('pretreat_id', '=', id).execute()
  await db
    .insertInto('final_checklists')
    .values({ pretreat_id: id, inverter: true, wires: true, coils: true, residue: true, covers: true, fan_direction: true, system_run: true, purge: false, panel: true, instructions: true, tools: true, lights: true, storage: true, barrel_temp: '70' })
    .execute()
}

const field = (page: Page, name: string) => page.locator(`#pretreat-sheet [name="${name}"]`)
const statusLine = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text })

/** The draft this device holds for the sheet has `name` = `value` (IndexedDB, written on every change). */
async function waitForDraft(page: Page, sheetId: number, name: string, value: string): Promise<void> {
  const draftValue = () =>
    page.evaluate(
      ([key, n]) =>
        new Promise<string | null>((resolve) => {
          const open = indexedDB.open('offline-drafts')
          open.onsuccess = () => {
            const db = open.result
            if (!db.objectStoreNames.contains('drafts')) return resolve(null)
            const all = db.transaction('drafts').objectStore('drafts').getAll()
            all.onsuccess = () => resolve((all.result as { draftKey: string; values: Record<string, string> }[]).find((d) => d.draftKey === key)?.values[n] ?? null)
          }
          open.onerror = () => resolve(null)
        }),
      [`pretreat:${sheetId}`, name] as const,
    )
  await expect.poll(draftValue, { timeout: 10_000, interval: 100 }).toBe(value)
}

async function column(id: number, name: 'batch_numbers' | 'sampled_by' | 'status'): Promise<string> {
  const row = await suite.app.db.selectFrom('pretreats').select(['batch_numbers', 'sampled_by', 'status']).where('id', '=', id).executeTakeFirstOrThrow()
  return row[name]
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

  it('offline, an assigned sheet never opened here opens from the pre-cache', async () => {
    const assigned = await makePretreat(suite.app.db, { stage: 'assigned', assignTo: await applicatorId() })
    const { context, page } = await applicatorPage()
    await waitUntilCached(page, `/pretreats/${assigned.id}`)
    await goOffline(context)
    await page.goto(`/pretreats/${assigned.id}`)
    await page.getByText(assigned.pre_treat_number).first().waitFor()
    await field(page, 'batch_numbers').waitFor()
    await context.close()
  })

  it('offline, a sheet this device never had and has no draft of shows No Data Available, then goes home', async () => {
    const { context, page } = await applicatorPage()
    await waitUntilCached(page, '/')
    // assigned after the pre-cache ran: this device has never seen it
    const unseen = await makePretreat(suite.app.db, { stage: 'assigned', assignTo: await applicatorId() })
    await goOffline(context)
    await page.goto(`/pretreats/${unseen.id}`)
    const dialog = page.getByRole('dialog', { name: 'No Data Available' })
    await dialog.getByText("You're currently offline and no draft is saved locally. Please reconnect to fetch the latest data.").waitFor()
    await page.waitForURL((url) => url.pathname === '/')
    // home, from the service worker's copy: the signed-in shell, not the browser's offline error
    await page.getByRole('button', { name: 'Log out' }).first().waitFor()
    await context.close()
  })
})

describe('the sheet offline', () => {
  it('reopens from the service worker, keeps edits through a reload, syncs on reconnect, and sends a queued submit once', async () => {
    const sheet = await makePretreat(suite.app.db, { stage: 'assigned', assignTo: await applicatorId() })
    await fillAllButTwo(sheet.id)
    const { context, page } = await applicatorPage()
    await page.goto(`/pretreats/${sheet.id}`)
    await waitUntilCached(page, `/pretreats/${sheet.id}`)
    await statusLine(page, /^Online/).waitFor()

    await goOffline(context)
    await page.reload()
    await field(page, 'batch_numbers').waitFor()
    await statusLine(page, 'Offline — saved on this device').waitFor()
    await field(page, 'batch_numbers').fill('B-17, B-18')
    await field(page, 'sampled_by').fill('Cody Hansen')
    await waitForDraft(page, sheet.id, 'sampled_by', 'Cody Hansen')
    await page.reload()
    await statusLine(page, 'Offline — saved on this device').waitFor()
    expect(await field(page, 'batch_numbers').inputValue()).toBe('B-17, B-18')
    expect(await field(page, 'sampled_by').inputValue()).toBe('Cody Hansen')
    expect(await column(sheet.id, 'batch_numbers')).toBe('')

    // back online: the draft goes to the server at once
    await goOnline(context)
    // A page Chromium loaded under offline emulation reads navigator.onLine as true and hears no
    // 'online' when the emulation ends; a real network change sends it, so the test does.
    await page.evaluate(() => window.dispatchEvent(new Event('online')))
    await statusLine(page, /^Online — saved at \d\d:\d\d$/).waitFor()
    expect(await column(sheet.id, 'batch_numbers')).toBe('B-17, B-18')
    expect(await column(sheet.id, 'status')).toBe('in-progress')

    // offline again: the submit is queued, then sent once when the signal returns
    await goOffline(context)
    await statusLine(page, 'Offline — saved on this device').waitFor()
    await field(page, 'sampled_by').fill('Cody H.')
    await page.getByRole('button', { name: 'Submit', exact: true }).click()
    await page.getByText(QUEUED_TEXT).waitFor()
    expect(await column(sheet.id, 'status')).toBe('in-progress')
    await goOnline(context)
    await page.getByRole('dialog', { name: 'Success' }).getByText('Submission Successful! Redirecting...').waitFor()
    await page.waitForURL((url) => url.pathname === '/pretreats')
    expect(await column(sheet.id, 'status')).toBe('to-review')
    expect(await column(sheet.id, 'sampled_by')).toBe('Cody H.')
    const submits = await suite.app.db.selectFrom('workflow_events').select('id').where('entity', '=', 'pretreat').where('entity_id', '=', sheet.id).where('event', '=', 'SUBMIT').execute()
    expect(submits).toHaveLength(1)
    await context.close()
  })

  it('a change on the server while this device had edits: both are shown, and "Keep mine" saves the device’s values', async () => {
    const sheet = await makePretreat(suite.app.db, { stage: 'assigned', assignTo: await applicatorId() })
    const { context, page } = await applicatorPage()
    await page.goto(`/pretreats/${sheet.id}`)
    await statusLine(page, /^Online/).waitFor()
    const pageValues = await page.evaluate(() => [...new FormData(document.getElementById('pretreat-sheet') as HTMLFormElement)].map(([k, v]) => [k, String(v)] as [string, string]))

    await goOffline(context)
    await statusLine(page, 'Offline — saved on this device').waitFor()
    await field(page, 'sampled_by').fill('Sampled on the phone')
    await waitForDraft(page, sheet.id, 'sampled_by', 'Sampled on the phone')

    // meanwhile the office saves the same sheet from another device
    const office = await httpSession(suite.app.url, 'admin')
    const body = new URLSearchParams(pageValues.filter(([k]) => k !== 'csrf'))
    body.set('intent', 'save')
    body.set('sampled_by', 'Sampled at the office')
    const saved = await office.fetch(`/api/pretreat-sheet/${sheet.id}`, { method: 'POST', body, headers: { 'X-CSRF-Token': await office.csrfToken() } })
    expect(saved.status).toBe(200)

    await goOnline(context)
    const choice = page.getByRole('dialog', { name: 'This sheet changed on the server' })
    await choice.getByRole('cell', { name: 'Sampled on the phone' }).waitFor()
    await choice.getByRole('cell', { name: 'Sampled at the office' }).waitFor()
    expect(await column(sheet.id, 'sampled_by')).toBe('Sampled at the office')
    await choice.getByRole('button', { name: 'Keep mine' }).click()
    await statusLine(page, /^Online — saved at \d\d:\d\d$/).waitFor()
    expect(await column(sheet.id, 'sampled_by')).toBe('Sampled on the phone')
    await context.close()
  })

  it('Save after the draft sync saved the sheet and more was typed: saved, not taken for someone else’s change', async () => {
    const sheet = await makePretreat(suite.app.db, { stage: 'assigned', assignTo: await applicatorId() })
    const { context, page } = await applicatorPage()
    await page.goto(`/pretreats/${sheet.id}`)
    await statusLine(page, /^Online/).waitFor()
    await field(page, 'batch_numbers').fill('B-21')
    await waitForDraft(page, sheet.id, 'batch_numbers', 'B-21')
    // the draft sync saves the sheet (its version moves on) …
    await page.evaluate(() => window.dispatchEvent(new Event('online')))
    await statusLine(page, /^Online — saved at \d\d:\d\d$/).waitFor()
    expect(await column(sheet.id, 'batch_numbers')).toBe('B-21')
    // … then more is typed (the page draws itself again) and Save is pressed
    await field(page, 'sampled_by').fill('Cody Hansen')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.locator('#pretreat-sheet').getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
    expect(await page.getByText('Someone else changed this record meanwhile', { exact: false }).count()).toBe(0)
    expect(await column(sheet.id, 'sampled_by')).toBe('Cody Hansen')
    await context.close()
  })
})

describe('signing out on a shared phone', () => {
  it('warns first while a draft has not reached the server; once sent, sign-out clears this user’s sheets and drafts', async () => {
    const sheet = await makePretreat(suite.app.db, { stage: 'assigned', assignTo: await applicatorId() })
    const { context, page } = await applicatorPage()
    await page.goto(`/pretreats/${sheet.id}`)
    await waitUntilCached(page, `/pretreats/${sheet.id}`)
    await goOffline(context)
    await statusLine(page, 'Offline — saved on this device').waitFor()
    await field(page, 'sampled_by').fill('Not sent yet')
    await waitForDraft(page, sheet.id, 'sampled_by', 'Not sent yet')

    let warning = ''
    page.once('dialog', (dialog) => {
      warning = dialog.message()
      void dialog.dismiss()
    })
    await page.getByRole('button', { name: 'Log out' }).first().click()
    await expect.poll(() => warning).toBe(UNSENT_DRAFTS_WARNING)
    expect(new URL(page.url()).pathname).toBe(`/pretreats/${sheet.id}`)

    await goOnline(context)
    await statusLine(page, /^Online — saved at \d\d:\d\d$/).waitFor()
    await Promise.all([page.waitForURL((url) => url.pathname === '/'), page.getByRole('button', { name: 'Log out' }).first().click()])
    await page.getByRole('link', { name: 'Log in' }).waitFor()
    const sheetCached = await page.evaluate(async (path) => (await (await caches.open('pages-v1')).match(new URL(path, location.origin).href)) !== undefined, `/pretreats/${sheet.id}`)
    expect(sheetCached).toBe(false)
    const drafts = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('offline-drafts')
          open.onsuccess = () => {
            const all = open.result.transaction('drafts').objectStore('drafts').getAll()
            all.onsuccess = () => resolve(all.result.length)
          }
        }),
    )
    expect(drafts).toBe(0)
    await context.close()
  })
})
