// Corrections with history (issue 24, decision 0067) in the browser: the technician corrects their
// storage check from its modal, with JavaScript on a phone, and the modal then shows what changed
// (old → new, who); the office deletes a receipt with a reason, without JavaScript on a desktop: the
// receipt's page says it was deleted, by whom and why, and the list hides it until Show deleted is
// ticked; an author whose receipt is older than 7 days sees no Correct, and its form answers 403.
// The rules themselves are proved in commands/corrections.test.ts.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAppServer, type AppServer } from '../support/app-server.ts'
import { newContext, signIn } from '../support/browser.ts'
import { makeGrower, makeInteraction, makeReceipt, makeStorageCheck, makeUser, rightsOf, type MadeUser } from '../support/records.ts'
import { connectBrowser } from '../support/shared-browser.ts'

let app: AppServer
let browser: Browser
let tech: MadeUser
let office: MadeUser

beforeAll(async () => {
  ;[app, browser] = await Promise.all([startAppServer(), connectBrowser()])
  tech = await makeUser(app.db, { permissions: rightsOf('tech') })
  office = await makeUser(app.db, { permissions: rightsOf('office'), staff: true })
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

async function opened(username: string, js: boolean, width: number, to: string): Promise<Page> {
  const page = await (await newContext(browser, app.url, { javaScriptEnabled: js, width })).newPage()
  await signIn(page, username, to)
  return page
}

describe('corrections with history', () => {
  it('the technician corrects their storage check; its modal shows what changed, with JavaScript at 375 px', async () => {
    const check = await makeStorageCheck(app.db, { created_by: tech.id })
    const page = await opened(tech.username, true, 375, `/view-storage-check/${check.id}`)
    await expect.poll(() => page.getByText('Not corrected since it was submitted.').count()).toBe(1)
    await page.getByRole('link', { name: 'Correct this storage check' }).click()
    await page.getByRole('heading', { name: 'Correct Storage Check' }).waitFor()
    const trail = await page.getByRole('navigation', { name: 'Breadcrumb' }).innerText()
    expect(trail).toContain('Correct Storage Check') // the trail names a correction as the heading does
    expect(trail).not.toContain('Storage Check Form')
    const notes = page.getByLabel('Notes')
    expect(await notes.inputValue()).toBe(check.notes) // the same form, filled with the check
    await notes.fill('Pile 2 re-read: sensor was loose.')
    await page.getByRole('button', { name: 'Save Correction' }).click()
    // the Success modal, then the check's modal with its history
    await expect.poll(() => page.url(), { timeout: 15_000 }).toContain(`/view-storage-check/${check.id}`)
    const history = page.getByRole('list', { name: 'Corrections' })
    await expect.poll(() => history.textContent(), { timeout: 15_000 }).toContain(`Notes: ${check.notes} → Pile 2 re-read: sensor was loose.`)
    expect(await history.textContent()).toMatch(new RegExp(String.raw`^Corrected by ${tech.name}, \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC`))
    expect(await app.db.selectFrom('storage_checks').select(['notes', 'version']).where('id', '=', check.id).executeTakeFirstOrThrow()).toEqual({
      notes: 'Pile 2 re-read: sensor was loose.',
      version: 2,
    })
    await page.context().close()
  }, 60_000)

  it('the office deletes a receipt with a reason; the list hides it until Show deleted, without JavaScript at 1280 px', async () => {
    const receipt = await makeReceipt(app.db, { created_by: tech.id })
    const { location } = receipt
    const page = await opened(office.username, false, 1280, `/view-receipt/${receipt.id}`)
    await page.getByRole('link', { name: 'Delete this receipt' }).click()
    // Save Correction is the page's main action; Delete is not drawn like it
    const look = (name: string) => page.getByRole('button', { name, exact: true }).evaluate((b) => getComputedStyle(b).backgroundColor)
    expect(await look('Delete')).not.toBe(await look('Save Correction'))
    await page.getByLabel('Reason for deleting').fill('Entered twice: the same fill-up.')
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await page.waitForURL(new RegExp(`/view-receipt/${receipt.id}`))
    const notice = page.getByRole('status').filter({ hasText: 'This receipt was deleted' })
    expect(await notice.textContent()).toMatch(new RegExp(String.raw`^This receipt was deleted by ${office.name} on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.Reason: Entered twice: the same fill-up\.$`))
    expect(await page.getByRole('link', { name: 'Correct this receipt' }).count()).toBe(0) // a deleted record is no longer corrected

    await page.goto(`/view-receipt?filter_by=location&filter_value=${encodeURIComponent(location)}`)
    expect(await page.getByText('No receipts available.').count()).toBe(1)
    await page.getByLabel('Show deleted').check()
    await page.getByRole('button', { name: 'Filter' }).click()
    const table = page.getByRole('table', { name: 'Receipts' })
    await expect.poll(() => table.getByRole('row').count()).toBe(2)
    expect(await table.getByRole('row').nth(1).textContent()).toContain('Deleted')
    expect(new URL(page.url()).searchParams.get('deleted')).toBe('1')
    expect(await app.db.selectFrom('receipts').select(['deleted_reason']).where('id', '=', receipt.id).executeTakeFirstOrThrow()).toEqual({ deleted_reason: 'Entered twice: the same fill-up.' })
    await page.context().close()
  }, 60_000)

  it('the office corrects a customer note with JavaScript: the Success modal, then the note with its history', async () => {
    const grower = await makeGrower(app.db)
    const note = { ...(await makeInteraction(app.db, grower, office.id)), company_id: grower.id }
    const page = await opened(office.username, true, 1280, `/view-interaction/${note.company_id}/${note.id}`)
    await page.getByRole('link', { name: 'Correct this customer note' }).click()
    await page.getByRole('heading', { name: 'Correct Customer Note' }).waitFor()
    await page.getByLabel('Notes').fill('Called back: bins 3 and 4 ready.')
    await page.getByRole('button', { name: 'Save Correction' }).click()
    await page.getByRole('dialog', { name: 'Success' }).waitFor({ timeout: 10_000 })
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(`/view-interaction/${note.company_id}/${note.id}`)
    await expect.poll(() => page.getByRole('list', { name: 'Corrections' }).textContent(), { timeout: 15_000 }).toContain('→ Called back: bins 3 and 4 ready.')
    await page.context().close()
  }, 60_000)

  it('an author whose receipt is older than 7 days sees no Correct, and its correction form answers 403', async () => {
    const receipt = await makeReceipt(app.db, { created_by: tech.id, created_at: new Date(Date.now() - 8 * 86_400_000) })
    const page = await opened(tech.username, false, 375, `/view-receipt/${receipt.id}`)
    await page.getByRole('heading', { name: 'Receipt Details' }).waitFor()
    expect(await page.getByRole('link', { name: 'Correct this receipt' }).count()).toBe(0)
    expect((await page.request.get(`/receipt-form?correct=${receipt.id}`)).status()).toBe(403)
    await page.context().close()
  }, 60_000)
})
