// The storage detail page (/view-storage/{id}) in Chromium, with JavaScript and without: the
// storage's facts, every tab's content, tabs hidden from users who may not see them, the timeline
// filter, the conditions chart with its table, and the 404s.
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { seedStorageHistory } from '../../bin/demo/storage-history.ts'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { newContext, signIn } from '../support/browser.ts'
import { makeGrower, makeUser } from '../support/records.ts'

const suite = useBrowserSuite()

let storageId: number
let emptyStorageId: number
let busyStorageId: number

beforeAll(async () => {
  const db = suite.app.db
  const company = (await makeGrower(db)).id
  const insert = (name: string, values: Record<string, unknown>) =>
    db
      .insertInto('storages')
      .values({ company_id: company, name, ...values })
      .returning('id')
      .executeTakeFirstOrThrow()
  storageId = (
    await insert('Detail Test Cellar', {
      type: 'Quonset',
      address: '1200 N 400 E, Shelley, ID',
      gps_lat: '43.3812345',
      gps_lng: '-112.1234567',
      service_start: '2019-09-01',
      duct_count: 12,
      duct_size_inches: '24',
      duct_spacing_inches: '0',
      door_type: 'Louvres',
      door_count: null,
      length_feet: '240',
      width_feet: '0',
      notes: '',
    })
  ).id
  emptyStorageId = (await insert('Detail Test Empty Cellar', { active: false })).id
  busyStorageId = (await insert('Detail Test Busy Cellar', {})).id
  const tech = await makeUser(db, { applicator: true })
  const [userId, applicatorId] = [tech.id, tech.applicatorId!]
  // two seasons: 2024–25 and 2025–26; 24 checks (every 6th with a photo), 6 calls, 8 sheets, 4 pre-treats
  await seedStorageHistory(db, storageId, { userId, applicatorId }, { seasons: 2, lastSeason: 2025, checks: 24, calls: 6, sheets: 8, pretreats: 4, photoEvery: 6 })
  await seedStorageHistory(db, busyStorageId, { userId, applicatorId }, { seasons: 3, lastSeason: 2025, checks: 130, calls: 0, sheets: 0, pretreats: 0 })
})

async function openAs(username: string, js: boolean, path: string): Promise<Page> {
  const context = await newContext(suite.browser, suite.app.url, { javaScriptEnabled: js })
  const page = await context.newPage()
  await page.goto(path)
  await signIn(page, username)
  return page
}

const tabNames = async (page: Page) => page.getByRole('navigation', { name: 'Storage sections' }).getByRole('link').allInnerTexts()
const currentTab = async (page: Page) => page.getByRole('navigation', { name: 'Storage sections' }).locator('[aria-current="page"]').innerText()

/** Waits for the tab to be the open one (with JavaScript the URL changes before the page redraws). */
const tabOpen = (page: Page, name: string) => page.getByRole('navigation', { name: 'Storage sections' }).locator('[aria-current="page"]', { hasText: name }).waitFor()

async function openTab(page: Page, name: string, tab: string) {
  await Promise.all([page.waitForURL(new RegExp(`tab=${tab}`)), page.getByRole('navigation', { name: 'Storage sections' }).getByRole('link', { name }).click()])
  await tabOpen(page, name)
}

/** The seeded checks of a season (the seeder spreads them evenly, so the split is its arithmetic's). */
async function checksIn(year: number) {
  const rows = await suite.app.db
    .selectFrom('storage_checks')
    .select('id')
    .where('storage_id', '=', storageId)
    .where('date_inspected', '>=', `${year}-07-01`)
    .where('date_inspected', '<', `${year + 1}-07-01`)
    .execute()
  return rows.length
}

describe.each([
  { js: true, name: 'with JavaScript' },
  { js: false, name: 'without JavaScript' },
])('storage detail ($name)', ({ js }) => {
  it('shows the storage and its equipment, zero or empty values as Not available', async () => {
    const page = await openAs('admin', js, `/view-storage/${storageId}`)
    await page.getByRole('heading', { level: 1, name: 'Detail Test Cellar' }).waitFor()
    expect(await page.locator('.storage-head').innerText()).toContain('Active')
    const facts = await page.locator('.storage-facts').innerText()
    for (const part of ['Quonset', '1200 N 400 E, Shelley, ID', '2019-09-01', '43.381235, -112.123457']) expect(facts).toContain(part)
    expect(await page.getByRole('link', { name: '43.381235, -112.123457' }).getAttribute('href')).toBe('https://www.google.com/maps?q=43.381235,-112.123457')
    expect(await tabNames(page)).toEqual(['Equipment', 'Storage Checks', 'Service Calls', 'Pre Treats', 'Ledger', 'Timeline', 'Conditions'])
    expect(await currentTab(page)).toBe('Equipment')
    const pairs = async (group: string) => (await page.getByRole('region', { name: group }).innerText()).replace(/\s+/g, ' ')
    expect(await pairs('Ducts')).toBe('Ducts Duct Count 12 Duct Size 24 in Duct Spacing Not available')
    expect(await pairs('Doors')).toBe('Doors Door Type Louvres Door Count Not available')
    expect(await pairs('Dimensions')).toBe('Dimensions Length 240 ft Width Not available')
    expect(await pairs('Additional Notes')).toBe('Additional Notes Not available')
    await page.context().close()
  })

  it('lists the storage’s checks, service sheets and completed pre-treats in their tabs', async () => {
    const page = await openAs('admin', js, `/view-storage/${storageId}`)
    await openTab(page, 'Storage Checks', 'checks')
    const checks = page.getByRole('table', { name: 'Storage Checks' })
    expect(await checks.getByRole('row').count()).toBe(11) // header + the first 10 of 24
    expect(await checks.getByRole('columnheader').allInnerTexts()).not.toContain('Storage')
    expect(await page.getByText('Showing 1–10 of 24').count()).toBe(1)
    const checkHref = await checks.locator('.list-row-link').first().getAttribute('href')
    expect(checkHref).toMatch(new RegExp(`^/view-storage-check/\\d+\\?i=${storageId}$`))
    // the list's pager keeps the tab
    await Promise.all([page.waitForURL(/current_page=2/), page.getByRole('link', { name: 'Page 2', exact: true }).click()])
    expect(new URL(page.url()).searchParams.get('tab')).toBe('checks')
    await page.getByText('Showing 11–20 of 24').waitFor()
    expect(await currentTab(page)).toBe('Storage Checks')

    await openTab(page, 'Service Calls', 'service')
    const sheets = page.getByRole('table', { name: 'Service Calls' })
    await sheets.waitFor()
    expect(await sheets.getByRole('row').count()).toBe(9)
    expect(await sheets.locator('.list-row-link').first().getAttribute('href')).toMatch(new RegExp(`^/view-service/\\d+\\?i=${storageId}$`))

    await openTab(page, 'Pre Treats', 'pretreats')
    const pretreats = page.locator('table.plain-table')
    await pretreats.waitFor()
    // four pre-treats: the newest is still in review, so three are completed
    expect(await pretreats.locator('tbody tr').count()).toBe(3)
    expect(await pretreats.innerText()).toMatch(/PT-\d\d-\d{6}/)
    expect(
      await pretreats
        .getByRole('link', { name: /^PT-\d\d-\d{6}$/ })
        .first()
        .getAttribute('href'),
    ).toMatch(/^\/pretreats\/\d+$/)
    await page.context().close()
  })

  it('shows the timeline by season and filters it by season and kind in the URL', async () => {
    const page = await openAs('admin', js, `/view-storage/${storageId}?tab=timeline`)
    const seasons = page.locator('.timeline-season h3')
    await page.getByRole('heading', { name: 'Timeline' }).waitFor()
    expect(await seasons.allInnerTexts()).toEqual(['Season 2025–26', 'Season 2024–25'])
    const entries = page.locator('.timeline-entry')
    expect(await entries.count()).toBe(
      24 + 4 + 6 + 8 + 4 + (await suite.app.db.selectFrom('restarts as r').innerJoin('pretreats as p', 'p.id', 'r.pretreat_id').select('r.id').where('p.storage_id', '=', storageId).execute()).length,
    )
    const dates = await page.locator('.timeline-entry time').allInnerTexts()
    expect(dates).toEqual([...dates].sort().reverse())
    expect(await page.locator('.timeline-sheet a').first().getAttribute('href')).toMatch(/^\/view-service\/\d+$/)
    expect(await page.locator('.timeline-call a').first().getAttribute('href')).toMatch(/^\/view-calls\/\d+$/)
    expect(await page.locator('.timeline-photo a').first().getAttribute('href')).toMatch(/^\/view-storage-check\/\d+$/)
    expect(await page.locator('.timeline-sheet').allInnerTexts()).toContainEqual(expect.stringContaining('Waiting for review 1'))

    const filter = page.getByRole('form', { name: 'Timeline filter' })
    await filter.getByLabel('Season').selectOption('2024')
    for (const kind of ['Call-ins', 'Service sheets', 'Pre-treats', 'Restarts', 'Photos']) await filter.getByLabel(kind).uncheck()
    await filter.getByLabel('Storage checks').check()
    await Promise.all([page.waitForURL(/season=2024/), filter.getByRole('button', { name: 'Filter' }).click()])
    const url = new URL(page.url())
    expect(url.searchParams.getAll('kind')).toEqual(['check'])
    expect(url.searchParams.get('tab')).toBe('timeline')
    await page.locator('.timeline-entry:not(.timeline-check)').first().waitFor({ state: 'detached' })
    expect(await seasons.allInnerTexts()).toEqual(['Season 2024–25'])
    expect(await entries.count()).toBe(await checksIn(2024))
    expect(await page.locator('.timeline-entry:not(.timeline-check)').count()).toBe(0)
    await page.context().close()
  })

  it('draws a season’s conditions as an SVG chart with pre-treat marks, and the same numbers as a table', async () => {
    const page = await openAs('admin', js, `/view-storage/${storageId}?tab=conditions`)
    await page.getByRole('heading', { name: 'Conditions, season 2025–26' }).waitFor()
    const chart = page.getByRole('img', { name: 'Storage conditions, season 2025–26' })
    expect(await chart.count()).toBe(1)
    expect(await chart.locator('circle').count()).toBeGreaterThan(5 * (await checksIn(2025))) // up to 6 readings a check
    const marks = await chart.locator('.chart-pretreat title').allTextContents()
    expect(marks.length).toBe(2)
    expect(marks[0]).toMatch(/^Pre-treat PT-\d\d-\d{6} applied 2025-/)
    expect(await chart.locator('circle title').first().textContent()).toMatch(/^2025-\d\d-\d\d · Pile 1: [\d.]+ °F$/)
    await page.getByText('The numbers as a table').click()
    const table = page.getByRole('table', { name: 'Storage check readings, season 2025–26' })
    expect(await table.locator('tbody tr').count()).toBe(await checksIn(2025))
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['Date', 'Pile 1 (°F)', 'Pile 2 (°F)', 'Pile 3 (°F)', 'Pile 4 (°F)', 'Plenum (°F)', 'Humidity (%)'])

    await page.getByRole('combobox', { name: /^Season/ }).selectOption('2024')
    await Promise.all([page.waitForURL(/season=2024/), page.getByRole('button', { name: 'Show' }).click()])
    await page.getByRole('img', { name: 'Storage conditions, season 2024–25' }).waitFor()
    // with JavaScript the table stays open from before; without, the new page has it closed
    if ((await page.locator('details.conditions-numbers[open]').count()) === 0) await page.getByText('The numbers as a table').click()
    expect(await page.getByRole('table', { name: 'Storage check readings, season 2024–25' }).locator('tbody tr').count()).toBe(await checksIn(2024))
    await page.context().close()
  })
})

describe('storage detail: timeline pages', () => {
  it('shows 100 entries a page, with links to older and newer ones that keep the filter', async () => {
    const page = await openAs('admin', false, `/view-storage/${busyStorageId}?tab=timeline&kind=check`)
    const entries = page.locator('.timeline-entry')
    expect(await entries.count()).toBe(100)
    expect(await page.getByRole('link', { name: 'Newer entries' }).count()).toBe(0)
    const newest = await page.locator('.timeline-entry time').allInnerTexts()
    await Promise.all([page.waitForURL(/page=2/), page.getByRole('link', { name: 'Older entries' }).click()])
    expect(new URL(page.url()).searchParams.getAll('kind')).toEqual(['check'])
    expect(await entries.count()).toBe(30)
    expect(await page.getByRole('link', { name: 'Older entries' }).count()).toBe(0)
    const older = await page.locator('.timeline-entry time').allInnerTexts()
    expect(older[0]! <= newest.at(-1)!).toBe(true)
    await Promise.all([page.waitForURL((url) => !url.searchParams.has('page')), page.getByRole('link', { name: 'Newer entries' }).click()])
    expect(await page.locator('.timeline-entry time').allInnerTexts()).toEqual(newest)
    await page.context().close()
  })
})

describe('storage detail: who sees what', () => {
  it('hides the tabs a user may not see, and their URLs show Equipment', async () => {
    // assigner: storages and pre-treats, no checks or service sheets
    const page = await openAs('assigner', false, `/view-storage/${storageId}?tab=checks`)
    expect(await tabNames(page)).toEqual(['Equipment', 'Pre Treats', 'Ledger', 'Timeline'])
    expect(await currentTab(page)).toBe('Equipment')
    await page.goto(`/view-storage/${storageId}?tab=conditions`)
    expect(await currentTab(page)).toBe('Equipment')
    await page.goto(`/view-storage/${storageId}?tab=timeline`)
    expect(
      await page
        .getByRole('form', { name: 'Timeline filter' })
        .getByRole('checkbox')
        .evaluateAll((boxes) => boxes.map((b) => (b.parentElement as HTMLElement).innerText.trim())),
    ).toEqual(['Pre-treats', 'Restarts', 'Photos'])
    expect(await page.locator('.timeline-check, .timeline-sheet, .timeline-call').count()).toBe(0)
    expect(await page.locator('.timeline-pretreat').count()).toBe(4)
    // photos of checks are not theirs to see; each pre-treat links to its sheet
    const hrefs = await page.locator('.timeline-entry a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(hrefs).toHaveLength(4)
    for (const href of hrefs) expect(href).toMatch(/^\/pretreats\/\d+$/)
    await page.context().close()

    const office = await openAs('office', false, `/view-storage/${storageId}?tab=pretreats`)
    expect(await tabNames(office)).toEqual(['Equipment', 'Timeline'])
    expect(await currentTab(office)).toBe('Equipment')
    await office.context().close()
  })

  it('says so when a storage has no completed pre-treats or checks, and labels it Inactive', async () => {
    const page = await openAs('admin', false, `/view-storage/${emptyStorageId}?tab=pretreats`)
    expect(await page.locator('.storage-head').innerText()).toContain('Inactive')
    await page.getByText('No completed pre-treats available.').waitFor()
    await page.goto(`/view-storage/${emptyStorageId}?tab=checks`)
    await page.getByText('No storage checks available.').waitFor()
    await page.goto(`/view-storage/${emptyStorageId}?tab=conditions`)
    await page.getByText('No storage checks available.').waitFor()
    await page.goto(`/view-storage/${emptyStorageId}?tab=timeline`)
    await page.getByText('Nothing has happened at this storage yet.').waitFor()
    await page.context().close()
  })

  it('answers 404 for a storage that does not exist or an id that is not one, 403 without the permission', async () => {
    const page = await openAs('admin', false, `/view-storage/${storageId}`)
    for (const path of ['/view-storage/99999999', '/view-storage/abc', '/view-storage/1e3', '/view-storage/-1']) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
      await page.getByRole('heading', { level: 1, name: 'Not found' }).waitFor()
    }
    // hostile tab, season, kind and list parameters are ignored or refused, never a 5xx
    for (const query of [
      'tab=%00',
      'tab=timeline&season=1e309&kind=%FF%FE&kind=<script>',
      'tab=timeline&season=9999',
      'tab=conditions&season=0x10',
      'tab=checks&current_page=99999999999999999999&sort_by=%00',
      'tab=service&filter_by=job&filter_value=%ED%A0%80',
    ]) {
      expect((await page.goto(`/view-storage/${storageId}?${query}`))?.status(), query).toBe(200)
    }
    await page.context().close()
    const viewer = await openAs('viewer', false, `/view-storage/${storageId}`)
    expect((await viewer.goto(`/view-storage/${storageId}`))?.status()).toBe(403)
    await viewer.context().close()
  })
})
