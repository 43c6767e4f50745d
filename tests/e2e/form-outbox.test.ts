// A field form submitted with no signal waits in the app's outbox (issue 22; form-outbox.ts): the
// form says it is kept on the device, the top bar says what waits, and once the server answers
// again the page sends it — once — and the count goes; one the server refuses stays, never dropped.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { FORM_QUEUED_TEXT } from '#app/components/offline/form-outbox.ts'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { newContext, signIn } from '../support/browser.ts'
import { announceOnline, goOffline, goOnline } from '../support/offline.ts'

const suite = useBrowserSuite()

const COMPANY = 'Aberdeen Acres'
const waiting = (page: Page, text: string) => page.locator('.top-bar').getByText(text, { exact: true })
const callsWith = (description: string) => suite.app.db.selectFrom('call_ins').select('id').where('description', '=', description).execute()

/** The call form filled in for a storage of COMPANY, then sent with no signal: kept, and said so. */
async function callSentOffline(description: string) {
  const context = await newContext(suite.browser, suite.app.url)
  const page = await context.newPage()
  await signIn(page, 'tech')
  const storage = await suite.app.db
    .selectFrom('storages as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .select('s.id')
    .where('c.company_name', '=', COMPANY)
    .orderBy('s.name')
    .executeTakeFirstOrThrow()
  await page.goto(`/service-call?company=${encodeURIComponent(COMPANY)}&storage=${storage.id}`)
  await page.getByLabel('Requested By').fill('Dale')
  await page.getByLabel('Reason for Service').fill(description)
  await goOffline(context)
  await page.getByRole('button', { name: 'Submit' }).click()
  await page.getByRole('dialog', { name: 'Waiting to send' }).getByText(FORM_QUEUED_TEXT).waitFor()
  await waiting(page, '1 waiting to send').waitFor()
  expect(await callsWith(description)).toEqual([])
  return { context, page }
}

/** What the device keeps: each queued form's refusal status (null: not refused). */
const kept = (page: Page) =>
  page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('offline-drafts')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const all = await new Promise<{ refused?: number }[]>((resolve) => {
      const request = db.transaction('forms').objectStore('forms').getAll()
      request.onsuccess = () => resolve(request.result as { refused?: number }[])
    })
    db.close()
    return all.map((f) => f.refused ?? null)
  })

describe('a call submitted with no signal', () => {
  it('is kept on the device, then sent once when the server answers again; pressed twice, still one', async () => {
    const description = `Fan 3 rattles, from the cellar ${Date.now()}`
    const { context, page } = await callSentOffline(description)
    await page.getByRole('button', { name: 'OK' }).click()
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('dialog', { name: 'Waiting to send' }).waitFor()
    await waiting(page, '1 waiting to send').waitFor()

    await goOnline(context)
    await announceOnline(page)
    await expect.poll(() => callsWith(description).then((rows) => rows.length), { timeout: 15_000, interval: 250 }).toBe(1)
    await expect.poll(() => waiting(page, '1 waiting to send').count(), { timeout: 5_000 }).toBe(0)
    expect(await kept(page)).toEqual([])
    expect(await callsWith(description)).toHaveLength(1)
    await context.close()
  })

  it('stays on the device, still counted, when the server refuses it (its grower made inactive meanwhile)', async () => {
    const description = `For a grower about to leave ${Date.now()}`
    const { context, page } = await callSentOffline(description)
    await suite.app.db.updateTable('companies').set({ active: false }).where('company_name', '=', COMPANY).execute()
    try {
      await goOnline(context)
      await announceOnline(page)
      await expect.poll(() => kept(page), { timeout: 15_000, interval: 250 }).toEqual([400])
      await waiting(page, '1 waiting to send').waitFor()
      expect(await callsWith(description)).toEqual([])
    } finally {
      await suite.app.db.updateTable('companies').set({ active: true }).where('company_name', '=', COMPANY).execute()
      await context.close()
    }
  })
})
