// The application sheet with no signal, in Chromium with its network switched off
// (context.setOffline): the service worker keeps the sheets, IndexedDB keeps the edits, the sync
// and the queued submit on reconnect, the conflict choice, and 'No Data Available' for a sheet this
// device never had (decision 0038); then what waits, sent by other pages (0048, 0060).
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { QUEUED_TEXT } from '#app/offline/sheet-offline.tsx'
import { UNSENT_DRAFTS_WARNING } from '#app/offline/sign-out.ts'
import { FINAL_CHECKLIST_ITEMS } from '#core/enums.ts'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { modalShown, newContext, signIn } from '../support/browser.ts'
import { httpSession } from '../support/http-session.ts'
import {
  announceOnline,
  checklistItem,
  field,
  fillAllButTwo as fillAll,
  goOffline,
  goOnline,
  isCached,
  sheetColumn,
  statusLine,
  storedDrafts,
  userApplicatorId,
  waitForDraft,
  waitUntilCached,
} from '../support/offline.ts'
import { makePretreat } from '../support/pretreats.ts'

const suite = useBrowserSuite()

const applicatorId = () => userApplicatorId(suite.app.db, 'applicator')
const fillAllButTwo = (id: number) => fillAll(suite.app.db, id)
const column = (id: number, name: 'batch_numbers' | 'sampled_by' | 'status') => sheetColumn(suite.app.db, id, name)

async function applicatorPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(suite.browser, suite.app.url, { serviceWorkers: 'allow' })
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
    await announceOnline(page)
    await statusLine(page, /^Online — saved at \d\d:\d\d$/).waitFor()
    expect(await column(sheet.id, 'batch_numbers')).toBe('B-17, B-18')
    expect(await column(sheet.id, 'status')).toBe('in-progress')

    // offline again: the submit is queued, then sent once when the signal returns
    await goOffline(context)
    await statusLine(page, 'Offline — saved on this device').waitFor()
    await field(page, 'sampled_by').fill('Cody H.')
    await page.getByRole('button', { name: 'Submit', exact: true }).click()
    await page.getByText(QUEUED_TEXT).waitFor()
    // said beside the button pressed, not at the top of a sheet thousands of pixels long
    const [said, button] = await Promise.all([page.getByText(QUEUED_TEXT).boundingBox(), page.getByRole('button', { name: 'Submit', exact: true }).boundingBox()])
    expect(Math.abs(said!.y - button!.y)).toBeLessThan(200)
    expect(await column(sheet.id, 'status')).toBe('in-progress')
    await goOnline(context)
    await modalShown(page, 'Success', 'Submission Successful! Redirecting...')
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
    await announceOnline(page)
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
    expect(await isCached(page, `/pretreats/${sheet.id}`)).toBe(false)
    const drafts = (await storedDrafts(page)).length
    expect(drafts).toBe(0)
    await context.close()
  })
})

// A sheet's queued submit and its final checklist with no signal (issue 19, items 12 and 32;
// decision 0048), and its edits left unsent (decision 0060): whatever page is open sends what waits
// when the server answers again, the top bar says what waits, and the checklist is filled and saved
// on the device, then sent before the submit.
const waiting = (page: Page, text: string) => page.locator('.top-bar').getByText(text, { exact: true })
const submitEvents = (id: number) => suite.app.db.selectFrom('workflow_events').select('id').where('entity', '=', 'pretreat').where('entity_id', '=', id).where('event', '=', 'SUBMIT').execute()

describe('a submit queued offline (item 12)', () => {
  it('is sent by another page when the signal returns, and the top bar says it waits until then', async () => {
    const sheet = await makePretreat(suite.app.db, { stage: 'assigned', assignTo: await userApplicatorId(suite.app.db, 'applicator') })
    await fillAll(suite.app.db, sheet.id)
    const { context, page } = await applicatorPage()
    await page.goto(`/pretreats/${sheet.id}`)
    await waitUntilCached(page, `/pretreats/${sheet.id}`)
    await waitUntilCached(page, '/')
    await statusLine(page, /^Online/).waitFor()

    await goOffline(context)
    await field(page, 'batch_numbers').fill('B-31')
    await field(page, 'sampled_by').fill('Cody Hansen')
    await page.getByRole('button', { name: 'Submit', exact: true }).click()
    await page.getByText(QUEUED_TEXT).waitFor()
    await waiting(page, '1 waiting to send').waitFor()

    // the applicator moves on to another page, still with no signal
    await page.goto('/')
    await page.getByRole('heading', { name: 'Welcome, Cody Hansen' }).waitFor()
    await waiting(page, '1 waiting to send').waitFor()
    expect(await sheetColumn(suite.app.db, sheet.id, 'status')).toBe('assigned')

    await goOnline(context)
    await announceOnline(page)
    await expect.poll(() => sheetColumn(suite.app.db, sheet.id, 'status'), { timeout: 15_000, interval: 250 }).toBe('to-review')
    expect(await sheetColumn(suite.app.db, sheet.id, 'batch_numbers')).toBe('B-31')
    expect(await submitEvents(sheet.id)).toHaveLength(1)
    await expect.poll(() => waiting(page, '1 waiting to send').count(), { timeout: 5_000 }).toBe(0)
    expect(new URL(page.url()).pathname).toBe('/')
    await context.close()
  })
})

describe('the final checklist with no signal (item 32)', () => {
  it('is filled and saved on the device, comes back after a reload, and goes before the queued submit once online', async () => {
    const sheet = await makePretreat(suite.app.db, { stage: 'assigned', assignTo: await userApplicatorId(suite.app.db, 'applicator') })
    await fillAll(suite.app.db, sheet.id, { checklist: false })
    const { context, page } = await applicatorPage()
    await page.goto(`/pretreats/${sheet.id}`)
    await waitUntilCached(page, `/pretreats/${sheet.id}`)
    await statusLine(page, /^Online/).waitFor()

    await goOffline(context)
    await page.getByRole('link', { name: 'Next' }).click()
    for (const item of FINAL_CHECKLIST_ITEMS)
      await checklistItem(page, item)
        .getByLabel(item === 'purge' ? 'No' : 'Yes')
        .check()
    await page.getByLabel('Barrel Temperature (°F)').fill('180')
    await page.getByRole('button', { name: 'Save Checklist' }).click()
    await page.getByText('Final checklist saved on this device — it will be sent when you are back online.').waitFor()
    expect(await page.getByRole('dialog', { name: 'Error' }).count()).toBe(0)
    await waiting(page, '1 waiting to send').waitFor()

    // still offline: the page again, from the service worker, with the checklist as it was filled
    await page.reload()
    await page.getByRole('link', { name: 'Next' }).click()
    expect(await checklistItem(page, 'inverter').getByLabel('Yes').isChecked()).toBe(true)
    expect(await checklistItem(page, 'purge').getByLabel('No').isChecked()).toBe(true)
    expect(await page.getByLabel('Barrel Temperature (°F)').inputValue()).toBe('180')
    await page.getByRole('link', { name: 'Back' }).click()
    await field(page, 'batch_numbers').fill('B-32')
    await field(page, 'sampled_by').fill('Cody Hansen')
    await page.getByRole('button', { name: 'Submit', exact: true }).click()
    await page.getByText(QUEUED_TEXT).waitFor()
    expect(await suite.app.db.selectFrom('final_checklists').select('id').where('pretreat_id', '=', sheet.id).executeTakeFirst()).toBeUndefined()

    await goOnline(context)
    await announceOnline(page)
    await modalShown(page, 'Success', 'Submission Successful! Redirecting...')
    await page.waitForURL((url) => url.pathname === '/pretreats')
    expect(await sheetColumn(suite.app.db, sheet.id, 'status')).toBe('to-review')
    const saved = await suite.app.db.selectFrom('final_checklists').selectAll().where('pretreat_id', '=', sheet.id).executeTakeFirstOrThrow()
    expect(saved).toMatchObject({ inverter: true, purge: false, storage: true, barrel_temp: '180.00' })
    expect(await submitEvents(sheet.id)).toHaveLength(1)
    await context.close()
  })
})

/**
 * An assigned sheet edited with no signal (its batch numbers), then left for home: on the sheet its
 * status line says so and the top bar does not count it; once the sheet is left, it does.
 */
async function editedOfflineThenLeft(batch: string) {
  const sheet = await makePretreat(suite.app.db, { stage: 'assigned', assignTo: await userApplicatorId(suite.app.db, 'applicator') })
  const { context, page } = await applicatorPage()
  await page.goto(`/pretreats/${sheet.id}`)
  await waitUntilCached(page, '/')
  await statusLine(page, /^Online/).waitFor()
  await goOffline(context)
  await field(page, 'batch_numbers').fill(batch)
  await statusLine(page, 'Offline — saved on this device').waitFor()
  expect(await waiting(page, '1 waiting to send').count()).toBe(0)
  await page.getByRole('link', { name: 'Home' }).first().click()
  await waiting(page, '1 waiting to send').waitFor()
  return { sheet, context, page }
}

describe('a sheet’s edits left unsent when its page closed (decision 0060)', () => {
  it('wait in the top bar and are saved by another page when the signal returns', async () => {
    const { sheet, context, page } = await editedOfflineThenLeft('B-41')
    await page.getByRole('heading', { name: 'Welcome, Cody Hansen' }).waitFor()
    await page.locator('.top-bar').getByText('1 waiting to send').click()
    await page.getByText(`Application sheet ${sheet.pre_treat_number}`).waitFor()

    await goOnline(context)
    await announceOnline(page)
    await expect.poll(() => sheetColumn(suite.app.db, sheet.id, 'batch_numbers'), { timeout: 15_000, interval: 250 }).toBe('B-41')
    await expect.poll(() => waiting(page, '1 waiting to send').count(), { timeout: 5_000 }).toBe(0)
    // saved, not submitted
    expect(await sheetColumn(suite.app.db, sheet.id, 'status')).toBe('in-progress')
    await context.close()
  })

  it('refused by the server (the sheet was given to another applicator meanwhile): listed with its words; Send now asks again', async () => {
    const { sheet, context, page } = await editedOfflineThenLeft('B-42')

    const other = await suite.app.db
      .insertInto('users')
      .values({ username: `other-${sheet.id}`, password_hash: '!' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const applicator = await suite.app.db.insertInto('applicators').values({ user_id: other.id }).returning('id').executeTakeFirstOrThrow()
    await suite.app.db.updateTable('pretreats').set({ assigned_to: applicator.id }).where('id', '=', sheet.id).execute()
    const posts: string[] = []
    page.on('request', (request) => request.url().includes('/api/pretreat-sheet/') && posts.push(request.url()))

    await goOnline(context)
    await announceOnline(page)
    await page.locator('.top-bar').getByText('1 not accepted', { exact: false }).waitFor({ timeout: 15_000 })
    await page.locator('.top-bar').getByText('1 waiting to send').click()
    await page
      .locator('.outbox__error')
      .filter({ hasText: /^Not sent: / })
      .waitFor()
    expect(posts).toHaveLength(1)
    // Send now asks the server again
    await page.getByRole('button', { name: 'Send now' }).click()
    await expect.poll(() => posts.length, { timeout: 10_000 }).toBe(2)
    await page
      .locator('.outbox__error')
      .filter({ hasText: /^Not sent: / })
      .waitFor()
    expect(await sheetColumn(suite.app.db, sheet.id, 'batch_numbers')).not.toBe('B-42')
    await context.close()
  })
})
