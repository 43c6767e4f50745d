// The service lists in a browser, as staff use them: find a sheet in Completed Service Sheets and
// open its modal, one storage's list, Available and Completed Reviews, the tracker under both
// paths; with JavaScript and without, on a desk and on a phone.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { newContext, signIn } from '../support/browser.ts'
import { makeGrower, makePart, makeStorage } from '../support/records.ts'
import { makeServiceSheet, type MadeSheet } from '../support/service-sheets.ts'

const suite = useBrowserSuite()
const today = new Date().toISOString().slice(0, 10)
let complete: MadeSheet // all three levels approved
let atLevel2: MadeSheet // level 1 approved, level 2 open
let fresh: MadeSheet // level 1 open
let storage: { id: number; name: string; company_name: string }

beforeAll(async () => {
  const db = suite.app.db
  const user = (name: string) => db.selectFrom('users').select('id').where('username', '=', name).executeTakeFirstOrThrow()
  const [tech, reviewer] = [await user('tech'), await user('admin')]
  // a storage of its own: its list holds these sheets only
  const grower = await makeGrower(db)
  const made = await makeStorage(db, { company_id: grower.id })
  storage = { id: made.id, name: made.name, company_name: grower.name }
  const parts = [await makePart(db), await makePart(db)]
  const at = {
    company_id: grower.id,
    storage_id: storage.id,
    created_by: tech.id,
    service_date: today,
    reviewerId: reviewer.id,
  }
  complete = await makeServiceSheet(db, { ...at, approvedLevels: 3, requested_by: 'Kirk Hoff', parts: parts.map((p) => ({ part_id: p.id, quantity: 2 })) })
  atLevel2 = await makeServiceSheet(db, { ...at, approvedLevels: 1 })
  fresh = await makeServiceSheet(db, { ...at, service_rendered: ['Other', 'Fan'], other_service: 'Conveyor repair' })
})

async function pageFor(user: string, options: { javaScriptEnabled?: boolean; width?: number } = {}): Promise<Page> {
  const page = await (await newContext(suite.browser, suite.app.url, options)).newPage()
  await signIn(page, user)
  return page
}

/** Filters a list by sheet number through its toolbar, as a person does, until it shows that one sheet. */
async function filterBySheet(page: Page, number: number) {
  await page.getByLabel('Filter by').selectOption('service_sheet_number')
  await page.getByLabel('Filter value').fill(String(number))
  await Promise.all([page.waitForURL(/filter_value=/), page.getByRole('button', { name: 'Filter', exact: true }).click()])
  await page.getByText('Showing 1–1 of 1').waitFor()
}

describe('Completed Service Sheets', () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`${javaScriptEnabled ? 'with' : 'without'} JavaScript: finds a sheet by number and opens it in a modal with its own URL`, async () => {
      const page = await pageFor('tech', { javaScriptEnabled })
      await page.goto('/view-service')
      await page.getByRole('heading', { name: 'Completed Service Sheets', level: 1 }).waitFor()
      await filterBySheet(page, complete.service_sheet_number)
      const rows = page.getByRole('table').getByRole('row')
      expect(await rows.count()).toBe(2) // the header and the sheet
      const row = rows.nth(1)
      expect(await row.innerText()).toContain(storage.company_name)
      await row.getByRole('link').first().click()
      const dialog = page.getByRole('dialog', { name: 'Service Sheet Details' })
      await dialog.waitFor()
      expect(new URL(page.url()).pathname).toBe(`/view-service/${complete.id}`)
      const text = await dialog.innerText()
      for (const expected of ['Kirk Hoff', storage.name, String(complete.service_sheet_number), 'Part Number', 'NC Travel']) expect(text).toContain(expected)
      expect(await dialog.getByRole('table').getByRole('row').count()).toBe(3) // header + two part lines
      await dialog.getByRole('link', { name: 'Close' }).click()
      await dialog.waitFor({ state: 'detached' })
      expect(new URL(page.url()).searchParams.get('filter_value')).toBe(String(complete.service_sheet_number))
    })
  }

  it('on a phone: shows cards, and a card opens the sheet', async () => {
    const page = await pageFor('tech', { width: 375 })
    await page.goto(`/view-service?filter_by=service_sheet_number&filter_value=${fresh.service_sheet_number}`)
    expect(await page.getByRole('table').isVisible()).toBe(false)
    const card = page.getByRole('list', { name: 'Completed Service Sheets' }).getByRole('listitem')
    expect(await card.innerText()).toContain('Other: Conveyor repair, Fan')
    await card.getByRole('link').click()
    await page.getByRole('dialog', { name: 'Service Sheet Details' }).waitFor()
  })

  it('without JavaScript: one storage’s list names the storage and leaves out company and storage', async () => {
    const page = await pageFor('tech', { javaScriptEnabled: false })
    await page.goto(`/view-service?i=${storage.id}`)
    await page.getByRole('heading', { name: `Completed Service Sheets – ${storage.name}`, level: 1 }).waitFor()
    const headers = await page.getByRole('table').getByRole('columnheader').allInnerTexts()
    expect(headers.map((h) => h.replace(/[▲▼↕]/g, '').trim())).toEqual(['Date', 'Sheet #', 'Job', 'Tech', 'Service'])
    await page.locator(`a[href^="/view-service/${fresh.id}?"]`).first().click()
    await page.getByRole('dialog', { name: 'Service Sheet Details' }).waitFor()
    expect(new URL(page.url()).searchParams.get('i')).toBe(String(storage.id))
  })
})

describe('a record modal on a phone and on a desk', () => {
  /** Where the 'Requested by' label sits against its value. */
  async function layout(width: number) {
    const page = await pageFor('tech', { width, javaScriptEnabled: false })
    await page.goto(`/view-service/${complete.id}?sort_by=service_date`)
    const dialog = page.getByRole('dialog', { name: 'Service Sheet Details' })
    const label = (await dialog.locator('dt', { hasText: 'Requested by' }).boundingBox())!
    const value = (await dialog.locator('dt', { hasText: 'Requested by' }).locator('xpath=following-sibling::dd[1]').boundingBox())!
    const box = (await dialog.boundingBox())!
    await dialog.getByRole('link', { name: 'Close' }).click()
    await page.waitForURL((url) => url.pathname === '/view-service' && url.searchParams.get('sort_by') === 'service_date')
    return { label, value, box }
  }

  it('puts labels above their values on a phone, using the width of the modal', async () => {
    const { label, value, box } = await layout(375)
    expect(value.y).toBeGreaterThanOrEqual(label.y + label.height - 1)
    expect(Math.abs(value.x - label.x)).toBeLessThan(2)
    expect(value.width).toBeGreaterThan(box.width * 0.7)
  })

  it('puts labels beside their values on a desk', async () => {
    const { label, value } = await layout(1280)
    expect(value.x).toBeGreaterThan(label.x + label.width)
    expect(Math.abs(value.y - label.y)).toBeLessThan(4)
  })
})

describe('the review lists', () => {
  const reviewLink = async (sheet: MadeSheet, level: 1 | 2 | 3) => {
    const review = await suite.app.db.selectFrom('service_reviews').select('id').where('service_sheet_id', '=', sheet.id).where('review_level', '=', level).executeTakeFirstOrThrow()
    return `/review-editor/${review.id}`
  }

  it('without JavaScript: Available Reviews shows a level-1 reviewer the level-1 reviews only, each linking to the editor', async () => {
    const page = await pageFor('reviewer1', { javaScriptEnabled: false })
    await page.goto('/review-sheets')
    await page.getByRole('heading', { name: 'Available Reviews', level: 1 }).waitFor()
    expect(await page.title()).toBe('Review Service Sheets')
    expect(await page.locator(`table a[href="${await reviewLink(fresh, 1)}"]`).count()).toBe(1)
    expect(await page.locator(`a[href="${await reviewLink(atLevel2, 2)}"]`).count()).toBe(0)
    const levels = await page
      .getByRole('table')
      .getByRole('row')
      .evaluateAll((rows) => rows.slice(1).map((r) => r.children[1]?.textContent))
    expect(new Set(levels)).toEqual(new Set(['1']))
  })

  it('with JavaScript: Completed Reviews lists approved reviews of every level for a level-3 reviewer; a row opens the editor', async () => {
    const page = await pageFor('reviewer3')
    await page.goto('/completed-reviews?sort_by=service_date&order=desc')
    await page.getByRole('heading', { name: 'Completed Reviews', level: 1 }).waitFor()
    for (const level of [1, 2, 3] as const) expect(await page.locator(`table a[href="${await reviewLink(complete, level)}"]`).count()).toBe(1)
    const target = await reviewLink(complete, 3)
    await page.locator(`table a[href="${target}"]`).click()
    await page.waitForURL((url) => url.pathname === target)
  })

  it('a reviewer of level 1 only is not allowed into Completed Reviews', async () => {
    const page = await pageFor('reviewer1')
    const response = await page.goto('/completed-reviews')
    expect(response?.status()).toBe(403)
    await page.getByText('You do not have permission to view this page.').waitFor()
  })
})

describe('Service Sheet Tracker', () => {
  it('without JavaScript: shows the levels done and not done, and opens a sheet with who approved what', async () => {
    const page = await pageFor('reviewer1', { javaScriptEnabled: false })
    await page.goto('/sheet-status')
    await page.getByRole('heading', { name: 'Service Sheet Tracker', level: 1 }).waitFor()
    await filterBySheet(page, atLevel2.service_sheet_number)
    const row = page.getByRole('table').getByRole('row').nth(1)
    const marks = await row.locator('.done-mark').allTextContents()
    expect(marks).toEqual(['Done', 'Not done', 'Not done', 'Not done'])
    expect(await row.innerText()).toContain('No Date Available')
    await row.getByRole('link').first().click()
    const dialog = page.getByRole('dialog', { name: `Service Sheet #${atLevel2.service_sheet_number}` })
    await dialog.waitFor()
    expect(new URL(page.url()).pathname).toBe(`/sheet-status/${atLevel2.id}`)
    const text = await dialog.innerText()
    expect(text).toMatch(/Review 1\s+Done\s+Approved by Dana Whitaker on \d{4}-\d{2}-\d{2}/)
    expect(text).toMatch(/Review 2\s+Not done\s+Waiting for review/)
    expect(text).toMatch(/Review 3\s+Not done\s+Not started/)
    expect(await dialog.locator('.done-mark').allTextContents()).toEqual(['Done', 'Not done', 'Not done', 'Not done'])
  })

  it('with JavaScript: the same tracker at /service-status, its rows opening under that path', async () => {
    const page = await pageFor('reviewer3')
    await page.goto(`/service-status?filter_by=service_sheet_number&filter_value=${complete.service_sheet_number}`)
    await page.getByRole('heading', { name: 'Service Sheet Tracker', level: 1 }).waitFor()
    const row = page.getByRole('table').getByRole('row').nth(1)
    expect(await row.locator('.done-mark').allTextContents()).toEqual(['Done', 'Done', 'Done', 'Done'])
    expect(await row.innerText()).toContain(today)
    await row.getByRole('cell').nth(3).click() // anywhere on the row
    await page.getByRole('dialog', { name: `Service Sheet #${complete.service_sheet_number}` }).waitFor()
    expect(new URL(page.url()).pathname).toBe(`/service-status/${complete.id}`)
  })
})
