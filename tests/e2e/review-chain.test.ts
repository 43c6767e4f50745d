// The three-level review chain in the browser, by three reviewers who each hold one level:
// the values each level starts from, what the previous level changed, the tracker after each
// step; once with JavaScript and once without. Also: a reviewer refused at another level's URL,
// and the conflict message when two reviewers save the same review.
import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { newContext, signIn } from '../support/browser.ts'
import { makeServiceSheet } from '../support/service-sheets.ts'

const suite = useBrowserSuite()

/** A submitted sheet (travel 2, labor 3) with a belt and a special bracket, its level-1 review open. */
async function submittedSheet(): Promise<{ id: number; number: number }> {
  const db = suite.app.db
  const tech = await db.selectFrom('users').select('id').where('username', '=', 'tech').executeTakeFirstOrThrow()
  const parts = await db.selectFrom('parts').select(['id', 'is_special']).where('active', '=', true).orderBy('part_number').execute()
  const plain = parts.find((p) => !p.is_special)!
  const special = parts.find((p) => p.is_special) ?? parts.find((p) => p.id !== plain.id)!
  const sheet = await makeServiceSheet(db, {
    created_by: tech.id,
    service_date: '2026-11-20',
    travel_hours: 2,
    labor_hours: 3,
    parts: [{ part_id: plain.id, quantity: 2 }, { part_id: special.id, quantity: 1, description: 'Custom bracket' }],
  })
  return { id: sheet.id, number: Number(sheet.service_sheet_number) }
}

const reviewIdAt = async (sheetId: number, level: number) =>
  (await suite.app.db.selectFrom('service_reviews').select('id').where('service_sheet_id', '=', sheetId).where('review_level', '=', level as 1).executeTakeFirstOrThrow()).id

async function reviewerPage(browser: Browser, username: string, javaScriptEnabled: boolean): Promise<Page> {
  const page = await (await newContext(browser, suite.app.url, { javaScriptEnabled })).newPage()
  await signIn(page, username)
  return page
}

const value = (page: Page, label: string) => page.getByLabel(label, { exact: true }).inputValue()
const partRows = (page: Page) => page.locator('table.parts-table tbody tr')

/** Opens the review from Available Reviews, as the reviewer would. */
async function openFromList(page: Page, sheetId: number, level: number): Promise<void> {
  const id = await reviewIdAt(sheetId, level)
  await page.goto('/review-sheets')
  await page.locator(`a[href="/review-editor/${id}"]`).first().click()
  await page.waitForURL(`**/review-editor/${id}`)
  await page.getByRole('heading', { name: `Edit Review - Level ${level}` }).waitFor()
}

async function approve(page: Page, js: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Approve' }).click()
  if (js) await page.getByRole('dialog', { name: 'Success' }).getByText('Submission Successful! Redirecting...').waitFor()
  await page.waitForURL('**/review-sheets*')
}

/** Removes (or adds back) a part line: in the page with JavaScript, by a saving round trip without. */
async function toggleRemoval(page: Page, row: number, js: boolean): Promise<void> {
  const button = partRows(page).nth(row).getByRole('button', { name: /^(Remove|Add back)$/ })
  const before = await button.innerText()
  await button.click()
  const after = before === 'Remove' ? 'Add back' : 'Remove'
  await partRows(page).nth(row).getByRole('button', { name: after }).waitFor()
  if (!js) await page.getByText('Submission Successful!').waitFor()
}

async function trackerStatus(page: Page, number: number): Promise<string> {
  await page.goto('/sheet-status')
  const row = page.getByRole('table').getByRole('row').filter({ hasText: String(number) })
  expect(await row.count()).toBe(1)
  return (await row.innerText()).replace(/\s+/g, ' ')
}

describe.each([
  { js: true, name: 'with JavaScript' },
  { js: false, name: 'without JavaScript' },
])('the review chain $name', ({ js }) => {
  it('goes level 1 → 2 → 3 by three reviewers, each starting from the level before', async () => {
    const sheet = await submittedSheet()

    // Level 1 starts from the tech's hours.
    const r1 = await reviewerPage(suite.browser, 'reviewer1', js)
    await openFromList(r1, sheet.id, 1)
    expect([await value(r1, 'Travel hours'), await value(r1, 'Labor hours'), await value(r1, 'NC travel hours')]).toEqual(['2', '3', '0'])
    expect(await r1.getByRole('heading', { name: /What level/ }).count()).toBe(0)
    // only the level's own NC flag is editable
    expect(await partRows(r1).first().getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).disabled))).toEqual([false, true, true])
    await toggleRemoval(r1, 1, js)
    expect(await partRows(r1).nth(1).getAttribute('class')).toContain('part-removed')
    await r1.getByLabel('Travel hours', { exact: true }).fill('2.5')
    await r1.getByLabel('NC labor hours', { exact: true }).fill('1')
    await partRows(r1).first().getByRole('checkbox').first().check()
    await r1.getByLabel('Level 1 comments (optional)').fill('Travel was longer')
    await approve(r1, js)
    expect(await trackerStatus(r1, sheet.number)).toMatch(/Done.*Not done.*Not done.*Not done/)

    // Level 2 starts from level 1's values and shows what level 1 changed.
    const r2 = await reviewerPage(suite.browser, 'reviewer2', js)
    await openFromList(r2, sheet.id, 2)
    expect([await value(r2, 'Travel hours'), await value(r2, 'Labor hours'), await value(r2, 'NC labor hours')]).toEqual(['2.5', '3', '1'])
    const changed2 = (await r2.locator('.what-changed').innerText()).replace(/\s+/g, ' ')
    expect(changed2).toContain('Travel hours: 2 → 2.5')
    expect(changed2).toContain('NC labor hours: 0 → 1')
    expect(changed2).toMatch(/NC no → yes/)
    expect(changed2).toContain('marked for removal')
    expect(await r2.getByText('Travel was longer').count()).toBe(1)
    expect(await partRows(r2).first().getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => [(b as HTMLInputElement).checked, (b as HTMLInputElement).disabled]))).toEqual([
      [true, true],
      [true, false],
      [false, true],
    ])
    expect(await partRows(r2).nth(1).getByRole('button', { name: 'Add back' }).count()).toBe(1)
    await r2.getByLabel('Labor hours', { exact: true }).fill('2.75')
    await approve(r2, js)
    expect(await trackerStatus(r2, sheet.number)).toMatch(/Done.*Done.*Not done.*Not done/)

    // Level 3 starts from level 2's and may change every NC flag.
    const r3 = await reviewerPage(suite.browser, 'reviewer3', js)
    await openFromList(r3, sheet.id, 3)
    expect([await value(r3, 'Travel hours'), await value(r3, 'Labor hours'), await value(r3, 'NC labor hours')]).toEqual(['2.5', '2.75', '1'])
    const changed3 = (await r3.locator('.what-changed').innerText()).replace(/\s+/g, ' ')
    expect(changed3).toContain('Labor hours: 3 → 2.75')
    expect(changed3).not.toContain('Travel hours')
    expect(await partRows(r3).first().getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).disabled))).toEqual([false, false, false])
    await approve(r3, js)
    expect(await trackerStatus(r3, sheet.number)).toMatch(/Done.*Done.*Done.*Done/)

    // Approved: read-only as 'Completed Review'.
    await r3.goto(`/review-editor/${await reviewIdAt(sheet.id, 2)}`)
    await r3.getByRole('heading', { name: 'Completed Review' }).waitFor()
    expect(await r3.getByRole('button', { name: 'Approve' }).count()).toBe(0)
    expect(await r3.getByLabel('Labor hours', { exact: true }).isDisabled()).toBe(true)
    for (const page of [r1, r2, r3]) await page.context().close()
  })
})

describe('the review editor without JavaScript', () => {
  it('moves a sheet to a job through Select Service Details, adds a part, and level 2 sees both', async () => {
    const sheet = await submittedSheet()
    const job = await suite.app.db
      .selectFrom('jobs as j')
      .innerJoin('storages as s', 's.id', 'j.storage_id')
      .select(['j.name', 's.name as storage'])
      .where('j.active', '=', true)
      .orderBy('j.name')
      .executeTakeFirstOrThrow()
    const part = await suite.app.db.selectFrom('parts').select('part_number').where('is_special', '=', false).orderBy('part_number', 'desc').executeTakeFirstOrThrow()
    const r1 = await reviewerPage(suite.browser, 'reviewer1', false)
    await r1.goto(`/review-editor/${await reviewIdAt(sheet.id, 1)}`)

    await r1.getByRole('link', { name: 'Select Service Details' }).click()
    const modal = r1.getByRole('dialog', { name: 'Select Service Details' })
    await modal.getByLabel('Job Number (fills customer and storage)').fill(job.name)
    await modal.getByRole('button', { name: 'Apply' }).click()
    await r1.getByText('Submission Successful!').waitFor()
    expect(await r1.locator('.review-sheet').innerText()).toContain(job.storage)

    await r1.getByLabel('Part', { exact: true }).fill('NOT-A-PART')
    await r1.getByRole('button', { name: 'Add Part' }).click()
    await r1.getByText('Choose a part from the parts list.').waitFor()
    await r1.getByLabel('Part', { exact: true }).fill(part.part_number)
    await r1.getByLabel('Quantity').fill('2')
    await r1.getByRole('button', { name: 'Add Part' }).click()
    await r1.getByText('Submission Successful!').waitFor()
    expect(await partRows(r1).filter({ hasText: part.part_number }).innerText()).toContain('added at level 1')
    await approve(r1, false)

    const r2 = await reviewerPage(suite.browser, 'reviewer2', false)
    await r2.goto(`/review-editor/${await reviewIdAt(sheet.id, 2)}`)
    const changed = (await r2.locator('.what-changed').innerText()).replace(/\s+/g, ' ')
    expect(changed).toContain(`→`)
    expect(changed).toContain(job.name)
    expect(changed).toContain(`Part ${part.part_number} added by level 1`)
    for (const page of [r1, r2]) await page.context().close()
  })
})

describe('review permissions and conflicts', () => {
  it('refuses a level-1 reviewer at a level-2 review URL, to view and to save', async () => {
    const sheet = await submittedSheet()
    const r1 = await reviewerPage(suite.browser, 'reviewer1', true)
    await r1.goto(`/review-editor/${await reviewIdAt(sheet.id, 1)}`)
    await r1.getByRole('button', { name: 'Approve' }).click()
    await r1.waitForURL('**/review-sheets*')
    const level2 = await reviewIdAt(sheet.id, 2)
    const response = await r1.goto(`/review-editor/${level2}`)
    expect(response?.status()).toBe(403)
    const posted = await r1.request.post(`/review-editor/${level2}`, { form: { intent: 'approve', version: '1', travel_hours: '1', labor_hours: '1', nc_travel: '0', nc_labor: '0' } })
    expect(posted.status()).toBe(403)
    expect((await suite.app.db.selectFrom('service_reviews').select('status').where('id', '=', level2).executeTakeFirstOrThrow()).status).toBe('open')
    expect((await r1.goto('/review-editor/99999999'))?.status()).toBe(404)
    expect((await r1.goto('/review-editor/abc'))?.status()).toBe(404)
    await r1.context().close()
  })

  it('tells the second of two reviewers saving the same review that it changed, with the current values', async () => {
    const sheet = await submittedSheet()
    const id = await reviewIdAt(sheet.id, 1)
    const first = await reviewerPage(suite.browser, 'reviewer1', true)
    const second = await reviewerPage(suite.browser, 'admin', true)
    await first.goto(`/review-editor/${id}`)
    await second.goto(`/review-editor/${id}`)
    await first.getByLabel('Travel hours', { exact: true }).fill('4')
    await first.getByRole('button', { name: 'Save' }).click()
    await first.getByRole('dialog', { name: 'Success' }).waitFor()

    await second.getByLabel('Labor hours', { exact: true }).fill('5')
    await second.getByRole('button', { name: 'Save' }).click()
    const alert = second.getByRole('alert').filter({ hasText: 'while you were editing' })
    await alert.waitFor()
    expect(await alert.innerText()).toContain('Current values: travel 4, labor 3, NC travel 0, NC labor 0')
    const row = await suite.app.db.selectFrom('service_sheets').select(['travel_hours1', 'labor_hours1']).where('id', '=', sheet.id).executeTakeFirstOrThrow()
    expect([Number(row.travel_hours1), Number(row.labor_hours1)]).toEqual([4, 3])
    for (const page of [first, second]) await page.context().close()
  })
})
