// A sheet's queued submit and its final checklist with no signal (issue 19, items 12 and 32;
// decision 0048): whatever page is open sends what waits when the server answers again, the top bar
// says what waits, and the checklist is filled and saved on the device, then sent before the submit.
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { QUEUED_TEXT } from '#app/components/offline/sheet-offline.tsx'
import { FINAL_CHECKLIST_ITEMS } from '#core/enums.ts'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { newContext, signIn } from '../support/browser.ts'
import { announceOnline, checklistItem, field, fillAllButTwo, goOffline, goOnline, sheetColumn, statusLine, userApplicatorId, waitUntilCached } from '../support/offline.ts'
import { makePretreat } from '../support/pretreats.ts'

const suite = useBrowserSuite()

async function applicatorPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(suite.browser, suite.app.url, { serviceWorkers: 'allow' })
  const page = await context.newPage()
  await signIn(page, 'applicator')
  return { context, page }
}

const waiting = (page: Page, text: string) => page.locator('.top-bar').getByText(text, { exact: true })
const submitEvents = (id: number) => suite.app.db.selectFrom('workflow_events').select('id').where('entity', '=', 'pretreat').where('entity_id', '=', id).where('event', '=', 'SUBMIT').execute()

describe('a submit queued offline (item 12)', () => {
  it('is sent by another page when the signal returns, and the top bar says it waits until then', async () => {
    const sheet = await makePretreat(suite.app.db, { stage: 'assigned', assignTo: await userApplicatorId(suite.app.db, 'applicator') })
    await fillAllButTwo(suite.app.db, sheet.id)
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
    await fillAllButTwo(suite.app.db, sheet.id, { checklist: false })
    const { context, page } = await applicatorPage()
    await page.goto(`/pretreats/${sheet.id}`)
    await waitUntilCached(page, `/pretreats/${sheet.id}`)
    await statusLine(page, /^Online/).waitFor()

    await goOffline(context)
    await page.getByRole('link', { name: 'Next' }).click()
    for (const item of FINAL_CHECKLIST_ITEMS) await checklistItem(page, item).getByLabel(item === 'purge' ? 'No' : 'Yes').check()
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
    await page.getByRole('dialog', { name: 'Success' }).getByText('Submission Successful! Redirecting...').waitFor()
    await page.waitForURL((url) => url.pathname === '/pretreats')
    expect(await sheetColumn(suite.app.db, sheet.id, 'status')).toBe('to-review')
    const saved = await suite.app.db.selectFrom('final_checklists').selectAll().where('pretreat_id', '=', sheet.id).executeTakeFirstOrThrow()
    expect(saved).toMatchObject({ inverter: true, purge: false, storage: true, barrel_temp: '180.00' })
    expect(await submitEvents(sheet.id)).toHaveLength(1)
    await context.close()
  })
})

describe('a sheet’s edits left unsent when its page closed (decision 0060)', () => {
  it('wait in the top bar and are saved by another page when the signal returns', async () => {
    const sheet = await makePretreat(suite.app.db, { stage: 'assigned', assignTo: await userApplicatorId(suite.app.db, 'applicator') })
    const { context, page } = await applicatorPage()
    await page.goto(`/pretreats/${sheet.id}`)
    await waitUntilCached(page, '/')
    await statusLine(page, /^Online/).waitFor()

    await goOffline(context)
    await field(page, 'batch_numbers').fill('B-41')
    await statusLine(page, 'Offline — saved on this device').waitFor()
    // on the sheet its status line says so; the top bar counts it once the sheet is left
    expect(await waiting(page, '1 waiting to send').count()).toBe(0)
    await page.getByRole('link', { name: 'Home' }).first().click()
    await page.getByRole('heading', { name: 'Welcome, Cody Hansen' }).waitFor()
    await waiting(page, '1 waiting to send').waitFor()
    await page.locator('.top-bar').getByText('1 waiting to send').click()
    await page.getByText(`Application sheet of pre-treat ${sheet.id}`).waitFor()

    await goOnline(context)
    await announceOnline(page)
    await expect.poll(() => sheetColumn(suite.app.db, sheet.id, 'batch_numbers'), { timeout: 15_000, interval: 250 }).toBe('B-41')
    await expect.poll(() => waiting(page, '1 waiting to send').count(), { timeout: 5_000 }).toBe(0)
    // saved, not submitted
    expect(await sheetColumn(suite.app.db, sheet.id, 'status')).toBe('in-progress')
    await context.close()
  })

  it('refused by the server (the sheet was given to another applicator meanwhile): listed with its words; Send now asks again', async () => {
    const sheet = await makePretreat(suite.app.db, { stage: 'assigned', assignTo: await userApplicatorId(suite.app.db, 'applicator') })
    const { context, page } = await applicatorPage()
    await page.goto(`/pretreats/${sheet.id}`)
    await waitUntilCached(page, '/')
    await statusLine(page, /^Online/).waitFor()
    await goOffline(context)
    await field(page, 'batch_numbers').fill('B-42')
    await statusLine(page, 'Offline — saved on this device').waitFor()
    await page.getByRole('link', { name: 'Home' }).first().click()
    await waiting(page, '1 waiting to send').waitFor()

    const other = await suite.app.db.insertInto('users').values({ username: `other-${sheet.id}`, password_hash: '!' }).returning('id').executeTakeFirstOrThrow()
    const applicator = await suite.app.db.insertInto('applicators').values({ user_id: other.id }).returning('id').executeTakeFirstOrThrow()
    await suite.app.db.updateTable('pretreats').set({ assigned_to: applicator.id }).where('id', '=', sheet.id).execute()
    const posts: string[] = []
    page.on('request', (request) => request.url().includes('/api/pretreat-sheet/') && posts.push(request.url()))

    await goOnline(context)
    await announceOnline(page)
    await page.locator('.top-bar').getByText('1 not accepted', { exact: false }).waitFor({ timeout: 15_000 })
    await page.locator('.top-bar').getByText('1 waiting to send').click()
    await page.locator('.outbox__error').filter({ hasText: /^Not sent: / }).waitFor()
    expect(posts).toHaveLength(1)
    // Send now asks the server again
    await page.getByRole('button', { name: 'Send now' }).click()
    await expect.poll(() => posts.length, { timeout: 10_000 }).toBe(2)
    await page.locator('.outbox__error').filter({ hasText: /^Not sent: / }).waitFor()
    expect(await sheetColumn(suite.app.db, sheet.id, 'batch_numbers')).not.toBe('B-42')
    await context.close()
  })
})
