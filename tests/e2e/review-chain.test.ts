// The three-level review chain in the browser, by three reviewers who each hold one level:
// the values each level starts from, what the previous level changed, the tracker after each
// step; once with JavaScript and once without. Also: a reviewer refused at another level's URL,
// and the conflict message when two reviewers save the same review.
import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { hydrated, modalShown, newContext, signIn } from '../support/browser.ts'
import { approveLevel, makeServiceSheet } from '../support/service-sheets.ts'
import { runCommand } from '#commands/command.ts'
import { saveServiceReview } from '#commands/service-reviews.ts'

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
    parts: [
      { part_id: plain.id, quantity: 2 },
      { part_id: special.id, quantity: 1, description: 'Custom bracket' },
    ],
  })
  return { id: sheet.id, number: Number(sheet.service_sheet_number) }
}

const reviewIdAt = async (sheetId: number, level: number) =>
  (
    await suite.app.db
      .selectFrom('service_reviews')
      .select('id')
      .where('service_sheet_id', '=', sheetId)
      .where('review_level', '=', level as 1)
      .executeTakeFirstOrThrow()
  ).id

async function reviewerPage(browser: Browser, username: string, javaScriptEnabled: boolean): Promise<Page> {
  const page = await (await newContext(browser, suite.app.url, { javaScriptEnabled })).newPage()
  await signIn(page, username)
  return page
}

const value = (page: Page, label: string) => page.getByLabel(label, { exact: true }).inputValue()
const partRows = (page: Page) => page.locator('table.parts-table tbody tr')
/** A line's NC checkboxes, NC1 to NC3. */
const ncBoxes = (page: Page, row: number) => partRows(page).nth(row).getByRole('checkbox', { name: /^NC\d/ })
/** A line's removal mark: a checkbox drawn as a button, named by what pressing it does. */
const removal = (page: Page, row: number) =>
  partRows(page)
    .nth(row)
    .getByRole('checkbox', { name: /^(Remove|Add back) / })

/** Opens the review from Available Reviews, as the reviewer would. */
async function openFromList(page: Page, sheetId: number, level: number): Promise<void> {
  const id = await reviewIdAt(sheetId, level)
  await page.goto('/review-sheets')
  await page.locator(`a[href="/review-editor/${id}"]`).first().click()
  await page.waitForURL(`**/review-editor/${id}`)
  await page.getByRole('heading', { name: `Edit Review - Level ${level}` }).waitFor()
}

async function approve(page: Page, js: boolean): Promise<void> {
  if (js) await hydrated(page)
  await page.getByRole('button', { name: 'Approve' }).click()
  if (js) await modalShown(page, 'Success', 'Submission Successful! Redirecting...')
  await page.waitForURL('**/review-sheets*')
}

/** Marks a line for removal (or takes the mark back): in the page, with or without JavaScript. */
async function toggleRemoval(page: Page, row: number): Promise<void> {
  const before = await removal(page, row).isChecked()
  await partRows(page)
    .nth(row)
    .getByText(before ? 'Add back' : 'Remove', { exact: true })
    .click()
  await removal(page, row)
    .and(page.getByRole('checkbox', { name: before ? /^Remove / : /^Add back / }))
    .waitFor()
  expect(await removal(page, row).isChecked()).toBe(!before)
}

async function trackerStatus(page: Page, number: number): Promise<string> {
  await page.goto('/sheet-status')
  const row = page
    .getByRole('table')
    .getByRole('row')
    .filter({ hasText: String(number) })
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
    expect(await ncBoxes(r1, 0).evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).disabled))).toEqual([false, true, true])
    await toggleRemoval(r1, 1)
    expect(await removal(r1, 1).isChecked()).toBe(true)
    await r1.getByLabel('Travel hours', { exact: true }).fill('2.5')
    await r1.getByLabel('NC labor hours', { exact: true }).fill('1')
    await ncBoxes(r1, 0).first().check()
    await r1.getByLabel('Level 1 comments (optional)').fill('Travel was longer')
    await approve(r1, js)
    expect(await trackerStatus(r1, sheet.number)).toMatch(/Done.*Not done.*Not done.*Not done/)

    // Level 2 starts from level 1's values and shows what level 1 changed.
    const r2 = await reviewerPage(suite.browser, 'reviewer2', js)
    await openFromList(r2, sheet.id, 2)
    expect([await value(r2, 'Travel hours'), await value(r2, 'Labor hours'), await value(r2, 'NC labor hours')]).toEqual(['2.5', '3', '1'])
    const changed2 = (await r2.locator('.what-changed').innerText()).replace(/\s+/g, ' ')
    // one sentence per change
    expect(changed2).toContain('Travel hours changed from 2 to 2.5.')
    expect(changed2).toContain('NC labor hours changed from 0 to 1.')
    expect(changed2).toMatch(/Part \S+ was marked non-chargeable\./)
    expect(changed2).toMatch(/Part \S+ was marked for removal\./)
    expect(await r2.getByText('Travel was longer').count()).toBe(1)
    expect(await ncBoxes(r2, 0).evaluateAll((boxes) => boxes.map((b) => [(b as HTMLInputElement).checked, (b as HTMLInputElement).disabled]))).toEqual([
      [true, true],
      [true, false],
      [false, true],
    ])
    expect(await removal(r2, 1).isChecked()).toBe(true)
    expect(await partRows(r2).nth(1).getByText('Add back').isVisible()).toBe(true)
    await r2.getByLabel('Labor hours', { exact: true }).fill('2.75')
    await approve(r2, js)
    expect(await trackerStatus(r2, sheet.number)).toMatch(/Done.*Done.*Not done.*Not done/)

    // Level 3 starts from level 2's and may change every NC flag.
    const r3 = await reviewerPage(suite.browser, 'reviewer3', js)
    await openFromList(r3, sheet.id, 3)
    expect([await value(r3, 'Travel hours'), await value(r3, 'Labor hours'), await value(r3, 'NC labor hours')]).toEqual(['2.5', '2.75', '1'])
    const changed3 = (await r3.locator('.what-changed').innerText()).replace(/\s+/g, ' ')
    expect(changed3).toContain('Labor hours changed from 3 to 2.75.')
    expect(changed3).not.toContain('Travel hours')
    expect(await ncBoxes(r3, 0).evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).disabled))).toEqual([false, false, false])
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

const linesOf = (sheetId: number) =>
  suite.app.db
    .selectFrom('service_sheet_parts as l')
    .innerJoin('parts as p', 'p.id', 'l.part_id')
    .select(['p.part_number', 'l.quantity', 'l.added_at_level', 'l.nc1', 'l.marked_for_deletion1'])
    .where('l.service_sheet_id', '=', sheetId)
    .orderBy('l.id')
    .execute()

/** Picks a part in the parts picker and presses Add Part. */
async function addPart(page: Page, partNumber: string, quantity = '1') {
  await page.getByLabel('Part Number').fill(partNumber)
  await page.getByLabel('Quantity').fill(quantity)
  await page.getByRole('button', { name: 'Add Part' }).click()
}

describe('the review editor without JavaScript', () => {
  it('Select Service Details moves the sheet to a job; Add Part and Remove post back without saving; Save keeps them; level 2 reads it all', async () => {
    const sheet = await submittedSheet()
    const job = await suite.app.db
      .selectFrom('jobs as j')
      .innerJoin('storages as s', 's.id', 'j.storage_id')
      .select(['j.name', 's.name as storage'])
      .where('j.active', '=', true)
      .orderBy('j.name')
      .executeTakeFirstOrThrow()
    const parts = await suite.app.db.selectFrom('parts').select('part_number').where('is_special', '=', false).orderBy('part_number', 'desc').limit(2).execute()
    const [part, other] = parts.map((p) => p.part_number) as [string, string]
    const r1 = await reviewerPage(suite.browser, 'reviewer1', false)
    await r1.goto(`/review-editor/${await reviewIdAt(sheet.id, 1)}`)

    await r1.getByRole('link', { name: 'Select Service Details' }).click()
    const modal = r1.getByRole('dialog', { name: 'Select Service Details' })
    await modal.getByLabel('Job Number').fill(job.name)
    await modal.getByRole('button', { name: 'Continue' }).click()
    await modal.getByRole('button', { name: 'Apply' }).click()
    await r1.getByText('Submission Successful!').waitFor()
    expect(await r1.locator('.review-sheet').innerText()).toContain(job.storage)

    const before = await linesOf(sheet.id)
    await addPart(r1, 'NOT-A-PART')
    await r1.getByText('Choose a part from the parts list.').waitFor()
    await addPart(r1, other, '3')
    await addPart(r1, part, '2')
    expect(await partRows(r1).count()).toBe(4)
    // nothing is saved by Add Part or Remove: they only change the form
    await partRows(r1)
      .filter({ hasText: other })
      .getByRole('button', { name: `Remove ${other} (new)` })
      .click()
    expect(await partRows(r1).count()).toBe(3)
    expect(await partRows(r1).nth(2).innerText()).toContain(part)
    await toggleRemoval(r1, 0)
    expect(await linesOf(sheet.id)).toEqual(before)

    await r1.getByRole('button', { name: 'Save' }).click()
    await r1.getByText('Submission Successful!').waitFor()
    const saved = await linesOf(sheet.id)
    expect(saved.map((l) => [l.part_number, Number(l.quantity), l.added_at_level, l.marked_for_deletion1])).toEqual([
      [before[0]!.part_number, 2, 0, true],
      [before[1]!.part_number, 1, 0, false],
      [part, 2, 1, false],
    ])
    // the saved line says where it came from, inside its own row
    const tag = partRows(r1).filter({ hasText: part }).getByText('added at level 1')
    await tag.waitFor()
    const [row, box] = [await partRows(r1).filter({ hasText: part }).boundingBox(), await tag.boundingBox()]
    expect(box!.y >= row!.y && box!.y + box!.height <= row!.y + row!.height).toBe(true)
    await approve(r1, false)

    const r2 = await reviewerPage(suite.browser, 'reviewer2', false)
    await r2.goto(`/review-editor/${await reviewIdAt(sheet.id, 2)}`)
    const changed = (await r2.locator('.what-changed').innerText()).replace(/\s+/g, ' ')
    expect(changed).toMatch(new RegExp(`The service details changed from .+ to .+, job ${job.name}\\.`))
    expect(changed).toContain(`Part ${part} was added.`)
    expect(changed).toContain(`Part ${before[0]!.part_number} was marked for removal.`)
    for (const page of [r1, r2]) await page.context().close()
  })
})

describe('the review editor screen', () => {
  it('hours inputs carry min and step, and the NC hours the hours beside them as max', async () => {
    const sheet = await submittedSheet()
    const page = await reviewerPage(suite.browser, 'reviewer1', true)
    await page.goto(`/review-editor/${await reviewIdAt(sheet.id, 1)}`)
    const attrs = (label: string) => page.getByLabel(label, { exact: true }).evaluate((input) => ['min', 'step', 'max'].map((name) => (input as HTMLInputElement).getAttribute(name)))
    expect(await attrs('Travel hours')).toEqual(['0', '0.25', null])
    expect(await attrs('NC travel hours')).toEqual(['0', '0.25', '2'])
    expect(await attrs('NC labor hours')).toEqual(['0', '0.25', '3'])
    await page.getByLabel('Travel hours', { exact: true }).fill('4.5')
    await expect.poll(() => attrs('NC travel hours')).toEqual(['0', '0.25', '4.5'])
    await page.context().close()
  })

  it('on a 375 px phone every NC box and Remove is in reach, and "Communications" stays whole', async () => {
    const tech = await suite.app.db.selectFrom('users').select('id').where('username', '=', 'tech').executeTakeFirstOrThrow()
    const part = await suite.app.db.selectFrom('parts').select('id').where('is_special', '=', false).executeTakeFirstOrThrow()
    const made = await makeServiceSheet(suite.app.db, { created_by: tech.id, service_rendered: ['Fan', 'Communications', 'High Pressure System'], parts: [{ part_id: part.id, quantity: 2 }] })
    const page = await (await newContext(suite.browser, suite.app.url, { width: 375 })).newPage()
    await signIn(page, 'reviewer1', `/review-editor/${await reviewIdAt(made.id, 1)}`)
    // NC1-NC3 and the removal control of a line, each inside the 375 px screen
    const controls = partRows(page).first().locator('input[type="checkbox"], button')
    expect(await controls.count()).toBe(4)
    const rights = await controls.evaluateAll((all) => all.map((c) => Math.round((c.closest('label') ?? c).getBoundingClientRect().right)))
    expect(rights.filter((right) => right > 375)).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    /** Lines the word "Communications" is laid out on, in each place it shows. */
    const linesOfWord = () =>
      page.evaluate(() => {
        const counts: number[] = []
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent!.indexOf('Communications')
          if (at < 0 || (node.parentElement?.offsetParent ?? null) === null) continue
          const range = document.createRange()
          range.setStart(node, at)
          range.setEnd(node, at + 'Communications'.length)
          counts.push(new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size)
        }
        return counts
      })
    expect(await linesOfWord()).toEqual([1])
    await page.getByRole('link', { name: 'Select Service Details' }).click()
    await page.getByRole('dialog', { name: 'Select Service Details' }).getByText('Communications').waitFor()
    expect(await linesOfWord()).toEqual([1, 1])
    await page.context().close()
  })

  it('with JavaScript, Add Part and Remove work in the page (no request); Save saves the line once', async () => {
    const sheet = await submittedSheet()
    const part = (await suite.app.db.selectFrom('parts').select('part_number').where('is_special', '=', false).orderBy('part_number', 'desc').executeTakeFirstOrThrow()).part_number
    const page = await reviewerPage(suite.browser, 'reviewer1', true)
    await page.goto(`/review-editor/${await reviewIdAt(sheet.id, 1)}`)
    const posts: string[] = []
    page.on('request', (request) => (request.method() === 'POST' ? posts.push(request.url()) : undefined))
    await addPart(page, 'NOT-A-PART')
    await page.getByText('Choose a part from the parts list.').waitFor()
    await addPart(page, part, '2')
    await page.getByRole('button', { name: `Remove ${part} (new)` }).click()
    await page.getByRole('button', { name: `Remove ${part} (new)` }).waitFor({ state: 'detached' })
    await addPart(page, part, '4')
    expect(await partRows(page).count()).toBe(3)
    expect(posts).toEqual([])

    await page.getByRole('button', { name: 'Save' }).click()
    await modalShown(page, 'Success')
    await partRows(page).filter({ hasText: 'added at level 1' }).waitFor()
    // the form starts again from the saved lines: the added one is a saved line now, not a new one
    await page.locator('tr.part-new').first().waitFor({ state: 'detached' })
    expect(await partRows(page).count()).toBe(3)
    expect((await linesOf(sheet.id)).filter((l) => l.added_at_level === 1).map((l) => [l.part_number, Number(l.quantity)])).toEqual([[part, 4]])
    await page.context().close()
  })

  it('a completed level-1 review shows level 1’s values only', async () => {
    const db = suite.app.db
    const sheet = await submittedSheet()
    const reviewer = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
    await approveLevel(db, sheet.id, 1, reviewer.id)
    // level 2 adds a line, flags another NC and changes the hours
    const level2 = await db.selectFrom('service_reviews').select(['id', 'version']).where('service_sheet_id', '=', sheet.id).where('review_level', '=', 2).executeTakeFirstOrThrow()
    const lines = await db.selectFrom('service_sheet_parts').select('id').where('service_sheet_id', '=', sheet.id).orderBy('id').execute()
    const added = await db.selectFrom('parts').select(['id', 'part_number']).where('is_special', '=', false).orderBy('part_number', 'desc').executeTakeFirstOrThrow()
    await runCommand(db, saveServiceReview, {
      actor: { id: reviewer.id, username: 'admin', is_superuser: true, permissions: [] },
      key: crypto.randomUUID(),
      input: {
        review_id: level2.id,
        intent: 'save',
        version: level2.version,
        travel_hours: 5,
        labor_hours: 6,
        nc_travel: 1,
        nc_labor: 0,
        comments: '',
        parts: lines.map((l) => ({ id: l.id, nc1: false, nc2: true, nc3: false, removed: false })),
        new_parts: [{ part_id: added.id, quantity: 1, description: '', nc: true }],
        new_part: '',
        new_description: '',
      },
    })

    const page = await reviewerPage(suite.browser, 'reviewer3', true)
    await page.goto(`/review-editor/${await reviewIdAt(sheet.id, 1)}`)
    await page.getByRole('heading', { name: 'Completed Review' }).waitFor()
    expect([await value(page, 'Travel hours'), await value(page, 'Labor hours'), await value(page, 'NC travel hours')]).toEqual(['2', '3', '0'])
    expect(await page.locator('table.parts-table thead').innerText()).not.toMatch(/NC2|NC3/)
    expect(await partRows(page).count()).toBe(2)
    expect(await page.locator('table.parts-table').innerText()).not.toContain(added.part_number)
    await page.context().close()
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
    // the server's reason, in the Error modal (spec §6)
    const error = r1.getByRole('dialog', { name: 'Error' })
    await error.getByText('This review is for level 2 reviewers.').waitFor()
    expect(await error.getByRole('link', { name: 'OK' }).getAttribute('href')).toBe('/')
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
    await modalShown(first, 'Success')

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
