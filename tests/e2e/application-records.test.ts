// The application record (decision 0042) the way the office reads it, with JavaScript and without:
// a completed pre-treat's record in Application Records (a void one marked, with its reason), its
// one-page PDF (rendered by the app's own workers; its text holds the pre-treat number, the EPA
// number and the licence), the CSV with every item, and the season summary's table, CSV and PDF.
import fs from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { csvLine } from '#app/lists/csv.ts'
import { seasonOf } from '#core/season.ts'
import { keepApplicationRecord } from '#workflows/application-record.server.ts'
import { startAppServer, type AppServer } from '../support/app-server.ts'
import { newContext, shot, shotsDir, signIn } from '../support/browser.ts'
import { connectBrowser } from '../support/shared-browser.ts'
import { httpSession, type HttpSession } from '../support/http-session.ts'
import { pdfText } from '../support/pdf-text.ts'
import { makeTestPretreat } from '../support/records.ts'

let app: AppServer
let browser: Browser
let office: HttpSession
const APPLIED = { application_date: '2026-10-02', start_time: '08:00', stop_time: '11:30', wind_speed: 5, wind_direction: 'NW' as const }
const SEASON = seasonOf(APPLIED.application_date)
let kept: { id: number; pre_treat_number: string; epa_registrations: string; applicator_licence: string; grower_name: string; products: string }
let voided: { id: number; pre_treat_number: string }

beforeAll(async () => {
  ;[app, browser] = await Promise.all([startAppServer({ WORKERS: 'on' }), connectBrowser()])
  // a grower, storage and applicator of their own: the season summary's row of them holds these records alone
  const done = await makeTestPretreat(app.db, { stage: 'completed', ...APPLIED, cwt: 43_210, quantityUsed: 7.25 })
  kept = await app.db
    .selectFrom('application_records')
    .select(['id', 'pre_treat_number', 'epa_registrations', 'applicator_licence', 'grower_name', 'products'])
    .where('pretreat_id', '=', done.id)
    .executeTakeFirstOrThrow()
  const applied = await makeTestPretreat(app.db, { stage: 'to-review', ...APPLIED, quantityUsed: 3, company_id: done.company_id, applicator: done.applicator })
  await app.db.transaction().execute(async (trx) => {
    await trx.updateTable('pretreats').set({ void: true, void_comments: 'Pile shipped early.' }).where('id', '=', applied.id).execute()
    await keepApplicationRecord(trx, applied.id)
  })
  voided = await app.db.selectFrom('application_records').select(['id', 'pre_treat_number']).where('pretreat_id', '=', applied.id).executeTakeFirstOrThrow()
  office = await httpSession(app.url, 'ptreview2')
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

async function signedIn(username: string, js: boolean, width = 1280): Promise<Page> {
  const page = await (await newContext(browser, app.url, { javaScriptEnabled: js, width })).newPage()
  await signIn(page, username)
  return page
}

/** GET a PDF route: the 303 to the signed URL, then the file. */
async function fetchPdf(path: string) {
  const answer = await office.fetch(path)
  expect(answer.status).toBe(303)
  const pdf = await fetch(new URL(answer.headers.get('location')!, app.url))
  expect(pdf.headers.get('content-type')).toBe('application/pdf')
  return pdfText(new Uint8Array(await pdf.arrayBuffer()))
}

const cwtOf = (n: number) => n.toLocaleString('en-US')

describe.each([
  { js: true, mode: 'with JavaScript' },
  { js: false, mode: 'without JavaScript' },
])('application records, $mode', ({ js }) => {
  it("lists the completed pre-treat's record, marks the void one with its reason, and opens each row with its PDF button", async () => {
    const page = await signedIn('ptreview2', js)
    await page.goto('/pretreats')
    await page.getByRole('link', { name: 'Completed', exact: true }).click()
    await page
      .getByRole('link', { name: /Application Records/ })
      .first()
      .click()
    await page.waitForURL('**/application-records')
    await page.getByRole('heading', { name: 'Application Records' }).waitFor()
    const row = page.getByRole('table').getByRole('row').filter({ hasText: kept.pre_treat_number })
    await row.waitFor()
    for (const text of [kept.grower_name, kept.products, cwtOf(43_210), '2026-10-02']) expect(await row.textContent()).toContain(text)
    const voidRow = page.getByRole('table').getByRole('row').filter({ hasText: voided.pre_treat_number })
    expect(await voidRow.textContent()).toContain('Void')
    // the filter narrows it to the grower's records (a GET form: the same without JavaScript)
    await page.getByLabel('Filter by').selectOption('product')
    await page.getByLabel('Filter value').fill(kept.products.slice(0, 5))
    await page.getByLabel('Filter value').press('Enter')
    await page.waitForURL(/filter_value=/)
    await row.waitFor()
    // a row opens the record in a modal with its own URL, every item shown, and the PDF's button
    await row.getByRole('link').first().click()
    await page.waitForURL(new RegExp(`/application-records/${kept.id}\\?`))
    const dialog = page.getByRole('dialog', { name: `Application Record ${kept.pre_treat_number}` })
    for (const text of [kept.epa_registrations, kept.applicator_licence, '08:00 – 11:30', '5 mph NW']) await dialog.getByText(text).first().waitFor()
    expect(await dialog.locator(`form[action="/application-records/${kept.id}/pdf"] button`).textContent()).toBe('Open PDF')
    await shot(page, `application-records-1280-${js ? 'js' : 'nojs'}`)
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto('/application-records')
    await page.getByText(`2026-10-02 · ${kept.pre_treat_number}`).waitFor() // the phone card's title
    await shot(page, `application-records-375-${js ? 'js' : 'nojs'}`)
    await page.context().close()
  }, 60_000)

  it('shows the season summary by grower, licence and product, voids left out, for the season picked', async () => {
    const page = await signedIn('ptreview2', js)
    await page.goto('/season-summary')
    await page.getByRole('heading', { name: 'Season Summary' }).waitFor()
    await page.getByLabel('Season (July–June)').selectOption(String(SEASON.year))
    await page.getByRole('button', { name: 'Show' }).click()
    await page.waitForURL(`**/season-summary?season=${SEASON.year}`)
    // every completed record of the season counts (the demo's too), the void one does not
    const counted = await app.db.selectFrom('application_records').select('id').where('season', '=', SEASON.year).where('state', '=', 'completed').execute()
    await page.getByRole('heading', { name: `${SEASON.label}: ${counted.length} application${counted.length === 1 ? '' : 's'}` }).waitFor()
    // the grower's row with the applicator's licence: this record alone (the void one left out)
    const row = page.getByRole('table').getByRole('row').filter({ hasText: kept.applicator_licence }).filter({ hasText: kept.grower_name })
    const cells = await row.getByRole('cell').allTextContents()
    expect(cells.slice(0, 4)).toEqual([kept.grower_name, kept.applicator_licence, kept.products, cwtOf(43_210)])
    expect(cells[5]).toBe('1')
    await shot(page, `season-summary-1280-${js ? 'js' : 'nojs'}`)
    if (shotsDir()) {
      await page.setViewportSize({ width: 375, height: 800 })
      await page.reload()
      await shot(page, `season-summary-375-${js ? 'js' : 'nojs'}`)
    }
    await page.context().close()
  }, 60_000)
})

describe('application record documents', () => {
  it('gives each record as a one-page PDF holding the pre-treat number, the EPA number and the licence', async () => {
    const { pages, text } = await fetchPdf(`/application-records/${kept.id}/pdf`)
    fs.writeFileSync('/tmp/application-record.txt', text)
    expect(pages).toBe(1)
    for (const part of [kept.pre_treat_number, kept.epa_registrations, kept.applicator_licence, kept.grower_name]) expect(text).toContain(part)
    const voidPdf = await fetchPdf(`/application-records/${voided.id}/pdf`)
    expect(voidPdf.text).toContain('Pile shipped early.')
  }, 60_000)

  it('exports every item of the record as CSV, and the season summary as CSV and PDF', async () => {
    const csv = await (await office.fetch('/application-records.csv')).text()
    const [header, ...lines] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(header).toContain('EPA registration number')
    expect(header).toContain('Applicator licence number')
    const line = lines.find((l) => l.startsWith(kept.pre_treat_number))!
    for (const part of [kept.epa_registrations, kept.applicator_licence, '43210.00', 'Potatoes', '08:00', '11:30', 'NW']) expect(line).toContain(part)
    expect(lines.find((l) => l.startsWith(voided.pre_treat_number))).toContain('Pile shipped early.')

    const summary = await (await office.fetch(`/season-summary.csv?season=${SEASON.year}`)).text()
    expect(summary).toContain(csvLine([kept.grower_name, kept.applicator_licence, kept.products, '43,210']).trim())
    const { text } = await fetchPdf(`/season-summary/pdf?season=${SEASON.year}`)
    for (const part of [`Season Summary ${SEASON.label}`, kept.applicator_licence, kept.products]) expect(text).toContain(part)
  }, 60_000)

  it('refuses the records to those without the rule, and answers 404 for a record that does not exist', async () => {
    const applicator = await httpSession(app.url, 'applicator')
    expect((await applicator.fetch(`/application-records/${kept.id}/pdf`)).status).toBe(403)
    expect((await applicator.fetch('/season-summary')).status).toBe(403)
    expect((await office.fetch('/application-records/999999999/pdf')).status).toBe(404)
    const bad = await office.fetch('/season-summary?season=abc')
    expect(bad.status).toBe(200)
    expect(await bad.text()).toContain('Season must be a year from 1999 to 2099')
    // no PDF is asked for a season the URL gets wrong
    expect((await office.fetch('/season-summary/pdf?season=1e3')).status).toBe(400)
  }, 60_000)
})
