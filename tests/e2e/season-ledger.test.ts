// A storage's season chemical ledger (issue 23) as the office and the assigners read it: the Ledger
// tab with JavaScript and without, at 375 px and on a desktop; its CSV and PDF agree with the tab
// and with the pre-treats they are counted from (figures worked out by hand below); who may see it.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '#core/season-check.ts'
import { startAppServer, type AppServer } from '../support/app-server.ts'
import { newContext, signIn } from '../support/browser.ts'
import { connectBrowser } from '../support/shared-browser.ts'
import { httpSession } from '../support/http-session.ts'
import { makePretreat } from '../support/pretreats.ts'
import { makeStorage } from '../support/records.ts'
import { pdfText } from '../support/pdf-text.ts'

let app: AppServer
let browser: Browser
let storageId: number
let ownerId: number
let sightId: number
let nipId: number
const ids: Record<string, number> = {}
const numbers: Record<string, string> = {}

// By hand: 1,4SIGHT at 20 ppm is 1,828.5714 oz on 60,000 cwt and 1,523.8095 oz on 50,000 cwt, each
// 0.6095 oz per ton (×20 cwt); the two 1.219 of the label's 3.68 oz per ton (33.1 %), 2 of its 6.
// Sprout Nip 7A: 40 units on 60,000 cwt, 0.0007 units per cwt; 1 of 2; its label wants 14 days to
// removal (from 2025-10-20: 2025-11-03) and no seed crop. The void one counts for nothing.
const EXPECTED_PRODUCTS = [
  ['1,4SIGHT', '2 of 6', '1.219 oz per ton of 3.68 oz per ton', '33.1%', 'Any day', '—', ''],
  ['Sprout Nip 7A', '1 of 2', '0.0007 units per cwt', '—', 'Any day', '2025-11-03', 'not for seed potatoes, and this storage holds seed'],
]

beforeAll(async () => {
  ;[app, browser] = await Promise.all([startAppServer({ WORKERS: 'on' }), connectBrowser()])
  const db = app.db
  const storage = await makeStorage(db, { name: 'Ledger Test Cellar', seed: true, planned_removal: '2026-04-15' })
  const owner = { id: storage.company_id }
  storageId = storage.id
  const product = async (name: string) => (await db.selectFrom('products').select('id').where('product_name', '=', name).executeTakeFirstOrThrow()).id
  const [sight, nip] = [await product('1,4SIGHT'), await product('Sprout Nip 7A')]
  ;[ownerId, sightId, nipId] = [owner.id, sight, nip]
  const at = async (key: string, application_date: string, more: Parameters<typeof makePretreat>[1]) => {
    const made = await makePretreat(db, { stage: 'to-review', company_id: owner.id, storage_id: storageId, application_date, stop_time: '16:00', ...more })
    numbers[key] = made.pre_treat_number
    ids[key] = made.id
    return made
  }
  await at('first', '2025-10-01', { productId: sight, cwt: 60_000, quantityUsed: 1828.5714, stage: 'completed' })
  await at('nip', '2025-10-20', { productId: nip, cwt: 60_000, quantityUsed: 40 })
  const voided = await at('void', '2025-11-05', { productId: sight, cwt: 60_000, quantityUsed: 1828.5714 })
  await db.updateTable('pretreats').set({ void: true, void_comments: 'Fan failed' }).where('id', '=', voided.id).execute()
  await at('second', '2025-11-20', { productId: sight, cwt: 50_000, quantityUsed: 1523.8095, stage: 'to-review1' })
  await at('next season', '2026-07-02', { productId: sight, cwt: 50_000, quantityUsed: 1523.8095 })
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

async function opened(username: string, js: boolean, width: number, path: string): Promise<Page> {
  const page = await (await newContext(browser, app.url, { javaScriptEnabled: js, width })).newPage()
  await signIn(page, username, path)
  return page
}

const tableRows = (page: Page, caption: string) =>
  page
    .locator('table', { has: page.locator('caption', { hasText: caption }) })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent ?? '')))

const csvRows = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"')).slice(0, -1))

describe('the season ledger of a storage', () => {
  for (const [js, width] of [
    [false, 1280],
    [true, 375],
  ] as const) {
    it(`shows the season's applications with running totals, each product against its label, and void pre-treats apart (${js ? 'with JavaScript, 375 px' : 'without JavaScript, desktop'})`, async () => {
      const page = await opened('assigner', js, width, `/view-storage/${storageId}`)
      await page.getByRole('link', { name: 'Ledger', exact: true }).click()
      // the newest season with applications opens first; the season before is chosen with the form
      await page.getByRole('heading', { name: 'Chemical Ledger, season 2026–27' }).waitFor()
      await page.getByRole('combobox', { name: 'Season' }).selectOption('2025')
      await page.getByRole('button', { name: 'Show' }).click()
      await page.getByRole('heading', { name: 'Chemical Ledger, season 2025–26' }).waitFor()

      expect(await tableRows(page, 'Each product')).toEqual(EXPECTED_PRODUCTS)
      const lines = await tableRows(page, 'The season’s applications')
      expect(lines.map((l) => [l[0], l[1], l[2], l[7], l[10], l[11]])).toEqual([
        ['2025-10-01', numbers.first, '1,4SIGHT', '60,000', '0.6095 oz per ton', '1 of 6'],
        ['2025-10-20', numbers.nip, 'Sprout Nip 7A', '60,000', '0.0007 units per cwt', '1 of 2'],
        ['2025-11-20', numbers.second, '1,4SIGHT', '50,000', '1.219 oz per ton', '2 of 6'],
      ])
      expect((await tableRows(page, 'Void pre-treats')).map((l) => l[1])).toEqual([numbers.void])
      // a pre-treat's number opens it
      await page.getByRole('link', { name: numbers.second! }).click()
      await page.waitForURL(/\/pretreats\/\d+$/)
      if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
      await page.context().close()
    })
  }

  it('gives the same lines as CSV and PDF as the tab shows', async () => {
    const page = await opened('assigner', false, 1280, `/view-storage/${storageId}?tab=ledger&season=2025`)
    const [products, lines, voids] = [await tableRows(page, 'Each product'), await tableRows(page, 'The season’s applications'), await tableRows(page, 'Void pre-treats')]
    const csvHref = await page.getByRole('link', { name: 'CSV' }).getAttribute('href')
    const pdfHref = await page.getByRole('link', { name: 'PDF' }).getAttribute('href')
    await page.context().close()

    const assigner = await httpSession(app.url, 'assigner')
    const csv = await assigner.fetch(csvHref!)
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const [header, ...rows] = csvRows(await csv.text())
    expect(header).toEqual(['Date', 'Pre-Treat #', 'Product', 'EPA Registration', 'Grower', 'Applicator', 'Licence', 'CWT', 'Rate', 'Amount', 'Season Total', 'Applications', 'Void'])
    expect(rows).toEqual([...lines.map((l) => [...l, 'No']), ...voids.map((l) => [...l, '', '', 'Yes'])])

    const answer = await assigner.fetch(pdfHref!)
    expect(answer.status).toBe(303)
    const pdf = await fetch(new URL(answer.headers.get('location')!, app.url))
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()))
    // the PDF's text breaks a long cell over lines: compared without spaces
    const flat = text.replace(/\s+/g, '')
    expect(flat).toContain('ChemicalLedgerLedgerTestCellar2025–26')
    for (const row of [...products, ...lines, ...voids]) for (const cell of row.filter(Boolean)) expect(flat).toContain(cell.replace(/\s+/g, ''))
  })

  it('is for those who may view pre-treats: no Ledger tab, and 403 on its CSV and PDF, for the others; a bad season is refused', async () => {
    const office = await httpSession(app.url, 'office')
    expect(await (await office.fetch(`/view-storage/${storageId}`)).text()).not.toContain('>Ledger<')
    expect((await office.fetch(`/view-storage/${storageId}/ledger.csv?season=2025`)).status).toBe(403)
    expect((await office.fetch(`/view-storage/${storageId}/ledger/pdf?season=2025`)).status).toBe(403)
    const assigner = await httpSession(app.url, 'assigner')
    expect((await assigner.fetch(`/view-storage/${storageId}/ledger.csv?season=1e3`)).status).toBe(400)
    expect((await assigner.fetch(`/view-storage/${storageId}/ledger/pdf?season=20255`)).status).toBe(400)
    expect((await assigner.fetch('/view-storage/999999999/ledger.csv')).status).toBe(404)
  })

  it('says when people may go in again, on the sheet and on the storage: the stop time plus the label’s hours', async () => {
    const today = new Date().toLocaleDateString('en-CA')
    const made = await makePretreat(app.db, {
      stage: 'to-review',
      company_id: ownerId,
      storage_id: storageId,
      application_date: today,
      stop_time: '23:30',
      productId: sightId,
      cwt: 50_000,
      quantityUsed: 1523.8095,
    })
    // 1,4SIGHT's demo label: 48 hours
    const reentry = `${addDays(today, 2)} 23:30 (48 h after the stop time, 1,4SIGHT's label)`
    const page = await opened('assigner', false, 1280, `/view-storage/${storageId}`)
    expect(await page.locator('.storage-facts').innerText()).toContain(`Re-entry From\n${reentry}, ${made.pre_treat_number}`)
    await page.context().close()
    const sheet = await opened('admin', true, 375, `/pretreats/${made.id}`)
    expect(await sheet.getByRole('region', { name: 'Chemical Info' }).innerText()).toContain(`Re-entry From\n${reentry}`)
    await sheet.context().close()
  })

  it('shows the season check where the pre-treat is assigned and where it is reviewed (a seed crop here)', async () => {
    const scheduled = await makePretreat(app.db, { stage: 'scheduled', company_id: ownerId, storage_id: storageId, productId: nipId, cwt: 60_000, quantityRequested: 40, dose_reason: '' })
    const seed = 'Sprout Nip 7A is not for seed potatoes, and this storage holds seed.'
    const assign = await opened('assigner', false, 1280, `/scheduled-pre-treat/assign/${scheduled.id}`)
    const check = assign.getByRole('note', { name: 'Season check' })
    expect(await check.innerText()).toContain(seed)
    expect(await check.innerText()).toContain('No reason was given on the form.')
    await assign.context().close()
    // in review, with the quantity used: the same limit, read again
    const review = await opened('ptreview1', true, 375, `/review-pre-treat/${ids.nip}`)
    expect(await review.getByRole('note', { name: 'Season check' }).innerText()).toContain(seed)
    await review.context().close()
  })
})
