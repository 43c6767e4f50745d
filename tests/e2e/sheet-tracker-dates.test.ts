// The tracker's call-in date, as a reviewer reads it without JavaScript: the call's date for a
// sheet made from a call, 'No Date Available' for one made without (never when the sheet was made).
// And the sheet's photos in the reviewer's review editor (issue 38, item 31).
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { newContext, shot, signIn } from '../support/browser.ts'
import { makeStorage } from '../support/records.ts'
import { makeServiceSheet, type MadeSheet } from '../support/service-sheets.ts'

const suite = useBrowserSuite()
let fromCall: MadeSheet
let withoutCall: MadeSheet

beforeAll(async () => {
  const db = suite.app.db
  const tech = await db.selectFrom('users').select('id').where('username', '=', 'tech').executeTakeFirstOrThrow()
  // at a storage of a grower of its own: no demo storage gains these sheets (or their call)
  const storage = await makeStorage(db)
  const at = { created_by: tech.id, company_id: storage.company_id, storage_id: storage.id }
  fromCall = await makeServiceSheet(db, { ...at, calledInAt: '2026-10-03' })
  withoutCall = await makeServiceSheet(db, at)
})

/** The tracker filtered to one sheet: its row's call-in date, then the same sheet's modal. */
async function trackerShows(page: Page, sheet: MadeSheet): Promise<{ cell: string; modal: string }> {
  await page.goto(`/sheet-status?filter_by=service_sheet_number&filter_value=${sheet.service_sheet_number}`)
  const table = page.getByRole('table', { name: 'Service Sheet Tracker' })
  const column = (await table.getByRole('columnheader').allInnerTexts()).findIndex((h) => h.includes('Call-in Date'))
  const row = table.getByRole('row').nth(1)
  const cell = (await row.getByRole('cell').nth(column).innerText()).trim()
  await row.getByRole('link').first().click()
  const dialog = page.getByRole('dialog', { name: `Service Sheet #${sheet.service_sheet_number}` })
  await dialog.waitFor()
  return { cell, modal: await dialog.innerText() }
}

describe('Service Sheet Tracker call-in date', () => {
  it("shows the call's date, or 'No Date Available' for a sheet made without a call, in the list and the sheet's modal", async () => {
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false })).newPage()
    await signIn(page, 'reviewer1')
    const called = await trackerShows(page, fromCall)
    expect(called.cell).toBe('2026-10-03')
    expect(called.modal).toMatch(/Call-in date\s+2026-10-03/)
    const uncalled = await trackerShows(page, withoutCall)
    expect(uncalled.cell).toBe('No Date Available')
    expect(uncalled.modal).toMatch(/Call-in date\s+No Date Available/)
    await page.context().close()
  })
})

describe('the sheet’s photos in the review editor (issue 38, item 31)', () => {
  it('shows each photo of the sheet, opening for the reviewer (375 px)', async () => {
    const db = suite.app.db
    const tech = await db.selectFrom('users').select('id').where('username', '=', 'tech').executeTakeFirstOrThrow()
    const sheet = await makeServiceSheet(db, { created_by: tech.id })
    // a photo the demo stored (its bytes are in the app's store), attached to this sheet
    const photo = await db.selectFrom('storage_images as si').innerJoin('blobs as b', 'b.id', 'si.blob_id').select(['b.id', 'b.filename']).orderBy('si.storage_id').executeTakeFirstOrThrow()
    await db.insertInto('service_sheet_images').values({ service_sheet_id: sheet.id, blob_id: photo.id }).execute()
    const page = await (await newContext(suite.browser, suite.app.url, { width: 375 })).newPage()
    const review = await db.selectFrom('service_reviews').select('id').where('service_sheet_id', '=', sheet.id).where('review_level', '=', 1).executeTakeFirstOrThrow()
    await signIn(page, 'reviewer1', `/review-editor/${review.id}`)
    const image = page.getByRole('img', { name: photo.filename })
    await image.waitFor()
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true)
    await shot(page, 'review-editor-photos-375', false)
    await page.context().close()
  })
})
