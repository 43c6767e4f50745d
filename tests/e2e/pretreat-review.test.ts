// The whole pre-treat chain in the browser, with JavaScript and without (issue 12; decision 0039):
// the applicator fills and submits the sheet → ptreview1 reviews it (to-review1) → ptreview2 prices
// it (a billable company: two lines at the default split; shares changed → the Missing row and a
// refused submit; fixed → submitted) → completed; the completed row opens the read-only modal.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { FIRST_REVIEW_BY_YOU } from '#commands/pretreat-review.ts'
import { FINAL_CHECKLIST_ITEMS } from '#core/enums.ts'
import { runPretreatStep } from '#workflows/pretreat.server.ts'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { modalShown, newContext, shot, shotsDir, signIn } from '../support/browser.ts'
import { EVERY_RIGHT, makePretreat } from '../support/pretreats.ts'

const suite = useBrowserSuite()

const pretreat = (id: number) => suite.app.db.selectFrom('pretreats').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const prices = (id: number) => suite.app.db.selectFrom('pretreat_prices').select(['company_id', 'cwt_share', 'price']).where('pretreat_id', '=', id).orderBy('cwt_share', 'desc').execute()

/** A sheet assigned to the demo applicator, of 1,000 cwt, billed also to a second company. */
async function chainPretreat() {
  const db = suite.app.db
  const applicator = await db.selectFrom('applicators as a').innerJoin('users as u', 'u.id', 'a.user_id').select('a.id').where('u.username', '=', 'applicator').executeTakeFirstOrThrow()
  const pt = await makePretreat(db, { stage: 'assigned', assignTo: applicator.id, cwt: 1000 })
  const owner = (await pretreat(pt.id)).company_id
  const billable = await db
    .insertInto('companies')
    .values({ company_name: `Billable ${pt.pre_treat_number}` })
    .returning(['id', 'company_name'])
    .executeTakeFirstOrThrow()
  await db.insertInto('pretreat_bill_to').values({ pretreat_id: pt.id, company_id: billable.id }).execute()
  const ownerName = (await db.selectFrom('companies').select('company_name').where('id', '=', owner).executeTakeFirstOrThrow()).company_name
  return { ...pt, owner, ownerName, billable }
}

async function signedIn(username: string, js: boolean, width = 1280): Promise<Page> {
  const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: js, width })).newPage()
  await signIn(page, username)
  return page
}

/** With JavaScript, the form is React's once AppForm adds its _enhanced field (before that a click posts the plain form). */
async function hydrated(page: Page, js: boolean) {
  if (js) await page.locator('input[name="_enhanced"]').first().waitFor({ state: 'attached' })
}

/** Without JavaScript a post is a page load: wait for it. */
async function press(page: Page, js: boolean, name: string) {
  const button = page.getByRole('button', { name, exact: true })
  if (js) await button.click()
  else await Promise.all([page.waitForLoadState('load'), page.waitForEvent('framenavigated'), button.click()])
}

async function submitted(page: Page, js: boolean, list: string) {
  if (js) await modalShown(page, 'Success', 'Submission Successful! Redirecting...')
  await page.waitForURL((url) => url.pathname === list)
}

async function fillSheet(page: Page) {
  for (const [label, option] of [
    ['Pile Front', 'Dry'],
    ['Pile Middle', 'Damp'],
    ['Pile Back', 'Dry'],
    ['Sprouting', 'Eyes Open'],
    ['Ducts Open', 'All Open'],
    ['Duct Condition', 'Dry'],
    ['Bypass Door', 'Closed'],
    ['Coils Covered', 'Yes'],
    ['Cell Covered', 'No'],
    ['Weather', 'Clear'],
    ['Wind Direction', 'NW'],
  ] as const)
    await page.getByLabel(label, { exact: true }).selectOption({ label: option })
  await page.getByLabel('Truck', { exact: true }).selectOption({ index: 1 })
  for (const [label, value] of [
    ['Pile Temp 1 Front (°F)', '45'],
    ['Pile Temp 1 Middle (°F)', '46'],
    ['Pile Temp 1 Back (°F)', '45.5'],
    ['Set Point (°F)', '44'],
    ['Storage Temp Front (°F)', '44'],
    ['Storage Temp Middle (°F)', '44.5'],
    ['Storage Temp Back (°F)', '45'],
    ['Temperature (°F)', '28'],
    ['Wind Speed (mph)', '6'],
    ['Pile Comments', 'Even pile, no rot.'],
    ['Outdoor Comments', 'Calm morning.'],
    ['Batch Numbers', 'B-1001'],
    ['Sampled By', 'Cody Hansen'],
    ['Start Time', '08:00'],
    ['Stop Time', '11:30'],
  ] as const)
    await page.getByLabel(label, { exact: true }).fill(value)
  await page.getByLabel(/^Quantity Used/).fill('16.6')
}

async function fillChecklist(page: Page) {
  for (const item of FINAL_CHECKLIST_ITEMS) {
    const group = page.getByRole('group', { name: item === 'system_run' ? /^System Run/ : new RegExp(`^${item.replace('_', ' ')}$`, 'i') })
    await group.getByLabel('Yes').check()
  }
  await page.getByLabel('Purge Time (minutes)').fill('15')
  await page.getByLabel('Barrel Temperature (°F)').fill('180')
}

/** Screenshots for a person to look at, when SHOTS_DIR is set (not an assertion). */
async function shots(page: Page, name: string) {
  const dir = shotsDir()
  if (!dir) return
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await shot(page, `${name}-${width}`)
    await page
      .getByRole('region', { name: 'Pricing' })
      .first()
      .screenshot({ path: `${dir}/${name}-pricing-${width}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

describe.each([
  { js: true, mode: 'with JavaScript' },
  { js: false, mode: 'without JavaScript' },
])('the pre-treat review chain, $mode', ({ js, mode }) => {
  it('applicator → ptreview1 → ptreview2 prices with a billable company → completed, opened read-only from the completed list', async () => {
    const pt = await chainPretreat()

    // the applicator fills the sheet, saves, changes the weather, and submits. Always as a plain
    // form: the sheet's own JavaScript is tested by pretreat-sheet.test.ts and pretreat-offline.test.ts
    // (which also shows a Save after the draft sync's own save); the reviewers' steps run in both modes.
    const applicator = await signedIn('applicator', false)
    await applicator.goto(`/pretreats/${pt.id}`)
    await fillSheet(applicator)
    await press(applicator, false, 'Save')
    await applicator.waitForURL(/saved=sheet/)
    await applicator.goto(`/pretreats/${pt.id}?view=checklist`)
    await fillChecklist(applicator)
    await press(applicator, false, 'Save Checklist')
    await applicator.waitForURL(/saved=checklist/)
    await applicator.goto(`/pretreats/${pt.id}`)
    await applicator.getByLabel('Weather', { exact: true }).selectOption({ label: 'Snow' })
    await press(applicator, false, 'Submit')
    await submitted(applicator, false, '/pretreats')
    expect((await pretreat(pt.id)).status).toBe('to-review')
    expect(await prices(pt.id)).toEqual([])

    // ptreview1 opens it from the review list: the change after the first save is shown; Submit → to-review1
    const r1 = await signedIn('ptreview1', js)
    await r1.goto(`/review-pre-treat?filter_by=pre_treat_number&filter_value=${pt.pre_treat_number}`)
    await r1.getByRole('table').getByRole('row').filter({ hasText: pt.pre_treat_number }).getByRole('link').first().click()
    await r1.waitForURL((url) => url.pathname === `/review-pre-treat/${pt.id}`)
    await r1.getByRole('heading', { name: `Review Pre-Treat ${pt.pre_treat_number}` }).waitFor()
    await hydrated(r1, js)
    await r1.getByRole('region', { name: 'What changed after the first save' }).getByText('Weather: Clear → Snow').waitFor()
    await press(r1, js, 'Submit')
    // the spec: the sheet's Success modal redirects to /pretreats (the review page is the sheet in review mode)
    await submitted(r1, js, '/pretreats')
    expect((await pretreat(pt.id)).status).toBe('to-review1')
    expect((await prices(pt.id)).map((p) => p.cwt_share)).toEqual(['500.00', '500.00'])

    // ptreview2: two price lines at the default split (500 / 500 at the base price)
    const r2 = await signedIn('ptreview2', js)
    await r2.goto(`/review-pre-treat/${pt.id}`)
    await hydrated(r2, js)
    const pricing = r2.getByRole('region', { name: 'Pricing' })
    const ownerShare = pricing.getByLabel(`CWT Share for ${pt.ownerName}`)
    const otherShare = pricing.getByLabel(`CWT Share for ${pt.billable.company_name}`)
    expect([await ownerShare.inputValue(), await otherShare.inputValue()]).toEqual(['500', '500'])
    expect(await pricing.getByLabel(`Price for ${pt.ownerName}`).inputValue()).toMatch(/^\d+\.\d{4}$/)
    await shots(r2, `review-${js ? 'js' : 'nojs'}`)

    // shares that do not add up: the Missing row says so (as typed with JavaScript), and Submit is refused
    await ownerShare.fill('600')
    const mismatch = 'CWT total mismatch, expected 1,000, got 1,100'
    if (js) await pricing.getByRole('alert').filter({ hasText: mismatch }).waitFor()
    await press(r2, js, 'Submit')
    await r2.locator('.notice-error').filter({ hasText: mismatch }).waitFor() // the form's answer, above it
    expect((await pretreat(pt.id)).status).toBe('to-review1')
    expect((await prices(pt.id)).map((p) => p.cwt_share)).toEqual(['500.00', '500.00'])
    expect(await pricing.getByRole('row', { name: /^Missing/ }).innerText()).toContain('-100')

    // fixed: 600 / 400 adds up → completed, with both lines saved; a price with 5 decimals is rounded to 4
    await otherShare.fill('400')
    if (js) expect(await pricing.getByText(mismatch).count()).toBe(0)
    await pricing.getByLabel(`Price for ${pt.ownerName}`).fill('0.05255')
    if (js) await pricing.getByText('Saved as 0.0526').waitFor()
    await press(r2, js, 'Submit')
    await submitted(r2, js, '/pretreats')
    expect((await pretreat(pt.id)).status).toBe('completed')
    expect((await prices(pt.id)).map((p) => [Number(p.company_id), p.cwt_share])).toEqual([
      [pt.owner, '600.00'],
      [pt.billable.id, '400.00'],
    ])
    expect((await prices(pt.id))[0]!.price).toBe('0.0526')

    // the completed list's row opens the read-only modal at its own URL: prices shown, no inputs, Close back to the list
    const search = `?filter_by=pre_treat_number&filter_value=${pt.pre_treat_number}`
    await r2.goto(`/completed-pre-treat${search}`)
    await r2.getByRole('table').getByRole('row').filter({ hasText: pt.pre_treat_number }).getByRole('link').first().click()
    await r2.waitForURL((url) => url.pathname === `/completed-pre-treat/${pt.id}` && url.search === search)
    const modal = r2.getByRole('dialog', { name: `Pre-Treat ${pt.pre_treat_number}` })
    const modalPricing = modal.getByRole('region', { name: 'Pricing' })
    await modalPricing
      .getByRole('row', { name: new RegExp(pt.billable.company_name) })
      .getByText('400')
      .waitFor()
    await modal.getByRole('heading', { name: 'Final Checklist' }).waitFor()
    expect(await modal.locator('input, select, textarea').count(), mode).toBe(0)
    await shots(r2, `completed-modal-${js ? 'js' : 'nojs'}`)
    await modal.getByRole('link', { name: 'Close' }).click()
    await r2.waitForURL((url) => url.pathname === '/completed-pre-treat' && url.search === search)

    // a completed pre-treat's review sheet is read-only: no inputs, no buttons
    await r2.goto(`/review-pre-treat/${pt.id}`)
    await r2.getByText('This pre-treat is completed: its sheet and prices are read-only.').waitFor()
    expect(await r2.locator('.pretreat-sheet').locator('input, select, textarea, button').count()).toBe(0)
  })
})

describe('the review sheet for those who may not review', () => {
  it('the assigner reads it with no inputs; a post from them is refused with a clear message and changes nothing', async () => {
    const pt = await makePretreat(suite.app.db, { stage: 'to-review', quantityUsed: 16 })
    const page = await signedIn('assigner', true)
    await page.goto(`/review-pre-treat/${pt.id}`)
    await page.getByText('You can read this sheet; pre-treat reviewers review it.').waitFor()
    expect(await page.locator('.pretreat-sheet').locator('input, select, textarea').count()).toBe(0)
    const before = await pretreat(pt.id)
    const answer = await page.evaluate(async (id) => {
      const csrf = document.querySelector<HTMLInputElement>('input[name=csrf]')?.value ?? document.cookie.replace(/.*csrf=([^.;]*).*/, '$1')
      const form = new FormData()
      for (const [k, v] of Object.entries({ csrf, intent: 'submit', version: '1', submission_id: crypto.randomUUID() })) form.set(k, v)
      const response = await fetch(`/review-pre-treat/${id}`, { method: 'POST', body: form, redirect: 'manual', headers: { 'X-CSRF-Token': csrf } })
      return { status: response.status, text: await response.text() }
    }, pt.id)
    expect(answer.status).toBe(403)
    expect(answer.text).toContain('Only pre-treat reviewers may review this sheet')
    expect(await pretreat(pt.id)).toEqual(before)
    for (const path of ['/review-pre-treat/99999999', '/review-pre-treat/abc', '/completed-pre-treat/99999999', `/completed-pre-treat/${pt.id}`]) {
      expect((await page.goto(path))?.status(), path).toBe(404)
    }
  })

  it('hostile values in every field of the review form, and hostile ids: never a 5xx, nothing changed', async () => {
    const pt = await makePretreat(suite.app.db, { stage: 'to-review', quantityUsed: 16 })
    const page = await signedIn('ptreview2', true)
    await page.goto(`/review-pre-treat/${pt.id}`)
    await hydrated(page, true)
    const before = await pretreat(pt.id)
    // what can only fail end to end (bytes, length, overflow, a price computed from a tiny or
    // negative figure); how each field reads '-0x10', 'NaN', '２０', a quote or nothing is its
    // schema's rule, proven with every hostile value in core/schemas/hostile.unit.test.ts
    const HOSTILE = ['\u0000', 'x'.repeat(100_000), '1e999', '9'.repeat(40), '-1', '0.00001', '\r\nSet-Cookie: a=b']
    const answers = await page.evaluate(
      async ({ id, values }) => {
        const statuses: Record<string, number> = {}
        const element = document.getElementById('pretreat-review') as HTMLFormElement
        const names = [...new Set([...element.elements].map((e) => (e as HTMLInputElement).name).filter((n) => n && n !== 'csrf'))]
        // the page drawn again with each value in every field at once (its refusal rendered)
        for (const value of values) {
          const form = new FormData(element)
          for (const name of names) form.set(name, value)
          form.set('intent', 'submit')
          const response = await fetch(`/review-pre-treat/${id}`, { method: 'POST', body: form, redirect: 'manual' })
          statuses[`${response.status}`] = (statuses[`${response.status}`] ?? 0) + 1
          if (response.status >= 500) statuses[`every field=${value.slice(0, 20)}`] = response.status
        }
        // one field at a time: names a crafted post adds to the form as served (a price line past
        // the last) and the line ids; every served field is posted one at a time by the crawl
        // (tests/support/hostile/crawl.ts)
        for (const name of ['prices[9].company_id', 'prices[9].price', 'chemicals[0].id']) {
          for (const value of values) {
            const form = new FormData(element)
            form.set('intent', 'submit')
            form.set(name, value)
            const response = await fetch(`/review-pre-treat/${id}.data`, { method: 'POST', body: form, redirect: 'manual', headers: { 'X-CSRF-Token': String(form.get('csrf')) } })
            statuses[`${response.status}`] = (statuses[`${response.status}`] ?? 0) + 1
            if (response.status >= 500) statuses[`${name}=${value.slice(0, 20)}`] = response.status
          }
        }
        for (const path of ['/review-pre-treat/0', '/review-pre-treat/-1', '/review-pre-treat/1e3', '/review-pre-treat/%00', '/completed-pre-treat/99999999999999999999', '/completed-pre-treat/%ZZ']) {
          const response = await fetch(path, { redirect: 'manual' })
          statuses[`${response.status}`] = (statuses[`${response.status}`] ?? 0) + 1
          if (response.status >= 500) statuses[path] = response.status
        }
        return statuses
      },
      { id: pt.id, values: HOSTILE },
    )
    expect(Object.keys(answers).filter((k) => Number(k) >= 500 || k.includes('=') || k.startsWith('/'))).toEqual([])
    expect(answers['400']).toBeGreaterThan(20)
    expect(await pretreat(pt.id)).toEqual(before)
  })
})

describe('two people complete a pre-treat (decision 0078)', () => {
  it('a level-2 reviewer who made the level-1 review is told on the sheet that another must complete it', async () => {
    const pt = await makePretreat(suite.app.db, { stage: 'to-review', quantityUsed: 16 })
    const reviewer = await suite.app.db.selectFrom('users').select('id').where('username', '=', 'ptreview2').executeTakeFirstOrThrow()
    await suite.app.db.transaction().execute((trx) => runPretreatStep(trx, pt.id, { type: 'REVIEW', level: 2, reviewedFirst: false }, { actor: { ...EVERY_RIGHT, id: reviewer.id } }))
    expect((await pretreat(pt.id)).status).toBe('to-review1')
    const page = await signedIn('ptreview2', false)
    await page.goto(`/review-pre-treat/${pt.id}`)
    await page.getByRole('note').filter({ hasText: FIRST_REVIEW_BY_YOU }).waitFor()
    await shots(page, 'review-first-review-yours')
    // another level-2 reviewer (admin, a superuser) is not told so
    const other = await signedIn('admin', false)
    await other.goto(`/review-pre-treat/${pt.id}`)
    await other.getByRole('button', { name: 'Submit', exact: true }).waitFor()
    expect(await other.getByText(FIRST_REVIEW_BY_YOU).count()).toBe(0)
  })
})
