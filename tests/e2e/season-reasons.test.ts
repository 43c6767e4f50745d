// Reasons asked where a pre-treat is assigned and reviewed (issue 23, decision 0063), in the browser
// with JavaScript and without, at 375 px and on a desktop: a season warning the form's reason does
// not answer (the storage became a seed store, the quantity used passes the label) refuses the
// Assign (in the list: a message pointing to the Assign window; in the window: the reason field)
// and the review's Submit, changing nothing; given a reason, the step goes on and the reason is
// kept; the next reviewer reads every reason and is not asked again; the application record's page
// and PDF print them.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEASON_REASON_MISSING } from '#core/season-reasons.ts'
import { pretreatSeasonCheck } from '#db/queries/season.ts'
import { startAppServer, type AppServer } from '../support/app-server.ts'
import { modalShown, newContext, shot, signIn } from '../support/browser.ts'
import { connectBrowser } from '../support/shared-browser.ts'
import { httpSession } from '../support/http-session.ts'
import { pdfText } from '../support/pdf-text.ts'
import { makePretreat, SHEET_OBSERVATIONS } from '../support/pretreats.ts'

let app: AppServer
let browser: Browser
let companyId: number
let productId: number
let truckId: number
const SEED = 'Seedless Fog is not for seed potatoes, and this storage holds seed.'
const RATE_25 = "Seedless Fog is over the label's limit: 25 ppm planned, the label allows at most 20 ppm per application."
const FORM_REASON = 'Processing crop; the agronomist agreed.'
const reviewed: Record<string, number> = {}

beforeAll(async () => {
  ;[app, browser] = await Promise.all([startAppServer({ WORKERS: 'on' }), connectBrowser()])
  const db = app.db
  companyId = (await db.insertInto('companies').values({ company_name: 'Reason Test Farms', address: '40 Canal Rd, Rigby, ID 83442' }).returning('id').executeTakeFirstOrThrow()).id
  // 16.6 gal on 1000 cwt is 16.6 ppm: within the label's 20 ppm; not for seed
  productId = (
    await db
      .insertInto('products')
      .values({ product_name: 'Seedless Fog', registration: 'EPA Reg. No. 0000-77', units: 'gal', ppm: 16.6, ppm_constant: 1000, min_qty: 0, max_ppm_per_application: 20, not_for_seed: true })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
  truckId = (await db.selectFrom('trucks').select('id').where('active', '=', true).orderBy('id').executeTakeFirstOrThrow()).id
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

const storage = async (seed: boolean) =>
  (
    await app.db
      .insertInto('storages')
      .values({ company_id: companyId, name: `Reason Cellar ${crypto.randomUUID().slice(0, 6)}`, address: '44 Canal Rd, Rigby, ID 83442', seed })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
const pretreat = (id: number) => app.db.selectFrom('pretreats').select(['status', 'assigned_to', 'version']).where('id', '=', id).executeTakeFirstOrThrow()
const used = async (id: number) => Number((await app.db.selectFrom('pretreat_chemicals').select('quantity_used').where('pretreat_id', '=', id).executeTakeFirstOrThrow()).quantity_used)
const reasonsKept = async (id: number) =>
  (await app.db.selectFrom('workflow_events').select(['event', 'details']).where('entity', '=', 'pretreat').where('entity_id', '=', id).orderBy('id').execute())
    .map((e) => [e.event, (e.details as { season_reason?: { reason: string } }).season_reason?.reason])
    .filter(([, reason]) => reason !== undefined)

async function opened(username: string, js: boolean, width: number, path: string): Promise<Page> {
  const page = await (await newContext(browser, app.url, { javaScriptEnabled: js, width })).newPage()
  await signIn(page, username, path)
  return page
}

/** Without JavaScript a post is a page load: wait for it. */
async function press(page: Page, js: boolean, button: ReturnType<Page['getByRole']>) {
  if (js) await button.click()
  else await Promise.all([page.waitForLoadState('load'), page.waitForEvent('framenavigated'), button.click()])
}

const MODES = [
  { js: false, width: 1280, mode: 'without JavaScript, desktop' },
  { js: true, width: 375, mode: 'with JavaScript, 375 px' },
] as const

describe.each(MODES)('a season reason, $mode', ({ js, width }) => {
  it('is asked when the list’s Assign meets a new warning: refused there with a way to the window, refused in the window without it, assigned with it', async () => {
    const made = await makePretreat(app.db, { stage: 'scheduled', company_id: companyId, storage_id: await storage(false), productId })
    const number = made.pre_treat_number
    // after the form was saved, the storage is marked as holding seed: a warning the form did not see
    const { storage_id } = await app.db.selectFrom('pretreats').select('storage_id').where('id', '=', made.id).executeTakeFirstOrThrow()
    await app.db.updateTable('storages').set({ seed: true }).where('id', '=', storage_id).execute()
    const applicator = await app.db.selectFrom('applicators as a').innerJoin('users as u', 'u.id', 'a.user_id').select('a.id').where('u.username', '=', 'applicator').executeTakeFirstOrThrow()

    const search = `?filter_by=pre_treat_number&filter_value=${number}`
    const page = await opened('assigner', js, width, `/scheduled-pre-treat${search}`)
    const row =
      width === 375 ? page.getByRole('list', { name: 'Pre Treat Details' }).getByRole('listitem').filter({ hasText: number }) : page.getByRole('table').getByRole('row').filter({ hasText: number })
    await row.getByLabel(`Assign ${number} to`).selectOption({ label: 'Cody Hansen' })
    await press(page, js, row.getByRole('button', { name: `Assign ${number}`, exact: true }))
    const refused = page.getByRole('alert').filter({ hasText: SEED })
    await refused.waitFor()
    expect(await pretreat(made.id)).toMatchObject({ status: 'pending', assigned_to: null })

    await refused.getByRole('link', { name: 'Give the reason in the Assign window' }).click()
    await page.waitForURL((url) => url.pathname === `/scheduled-pre-treat/assign/${made.id}` && url.search === search)
    const dialog = page.getByRole('dialog', { name: 'Assign Applicator' })
    const check = dialog.getByRole('note', { name: 'Season check' })
    expect(await check.innerText()).toContain(`${SEED} No reason answers this yet.`)
    expect(await check.innerText()).toContain('No reason was given on the form.')
    // Assign without the reason: refused, nothing changed
    await dialog.getByLabel(`Assign ${number} to`).selectOption({ label: 'Cody Hansen' })
    await press(page, js, dialog.getByRole('button', { name: `Assign ${number}`, exact: true }))
    await dialog.getByRole('alert').filter({ hasText: SEED }).waitFor()
    await dialog.getByText(SEASON_REASON_MISSING).waitFor()
    expect(await pretreat(made.id)).toMatchObject({ status: 'pending', assigned_to: null })
    if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await shot(page, `season-reason-assign-${width}`)

    await dialog.getByLabel('Reason to Go On Anyway').fill('The seed lot goes to a chipper this year.')
    await dialog.getByLabel(`Assign ${number} to`).selectOption({ label: 'Cody Hansen' })
    await dialog.getByRole('button', { name: `Assign ${number}`, exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/scheduled-pre-treat')
    await row.getByText('Assigned', { exact: true }).waitFor()
    expect(await pretreat(made.id)).toMatchObject({ status: 'assigned', assigned_to: applicator.id })
    expect(await reasonsKept(made.id)).toEqual([['ASSIGN', 'The seed lot goes to a chipper this year.']])
    await page.context().close()
  })

  it('is asked when the review’s quantity used passes the label anew: Submit refused without it, nothing saved; submitted with it', async () => {
    const made = await makePretreat(app.db, {
      stage: 'to-review',
      company_id: companyId,
      storage_id: await storage(true),
      productId,
      quantityUsed: 16,
      variety: 'Russet - Process',
      treated_for: 'Sprouting',
      stock_type: 'Process',
      application_date: '2026-11-20',
      start_time: '08:00',
      stop_time: '11:30',
      batch_numbers: 'B-1001',
      sampled_by: 'Cody',
      truck_id: truckId,
      ...SHEET_OBSERVATIONS,
      // the row's booleans (the form sends 'yes' and 'no')
      coils_covered: true,
      cell_covered: false,
    })
    // the form saw the seed store and its reason answers that warning
    const seen = await pretreatSeasonCheck(app.db, made.id, '2026-11-20')
    expect(seen.map((w) => w.message)).toEqual([SEED])
    await app.db
      .updateTable('pretreats')
      .set({ dose_warnings: JSON.stringify(seen), dose_reason: FORM_REASON })
      .where('id', '=', made.id)
      .execute()
    reviewed[js ? 'js' : 'plain'] = made.id

    const page = await opened('ptreview1', js, width, `/review-pre-treat/${made.id}`)
    if (js) await page.locator('input[name="_enhanced"]').first().waitFor({ state: 'attached' })
    const check = page.getByRole('note', { name: 'Season check' })
    expect(await check.innerText()).toContain(`On the pre-treat form: “${FORM_REASON}”`)
    expect(await check.innerText()).not.toContain('No reason answers this yet.')
    expect(await page.getByLabel('Reason to Go On Anyway').count()).toBe(0) // the form's reason answers the seed store

    await page.getByLabel(/^Quantity Used/).fill('25')
    const before = await pretreat(made.id)
    await press(page, js, page.getByRole('button', { name: 'Submit', exact: true }))
    await page.locator('.notice-error').filter({ hasText: SEASON_REASON_MISSING }).waitFor()
    const field = page.getByLabel('Reason to Go On Anyway')
    await page.locator('.season-reason-field .field-error').filter({ hasText: RATE_25 }).waitFor()
    expect(await pretreat(made.id)).toEqual(before)
    expect(await used(made.id)).toBe(16)
    if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await page.locator('.season-reason-field').scrollIntoViewIfNeeded()
    await shot(page, `season-reason-review-${width}`, false)

    await field.fill('Heavy sprouting; the grower asked for the higher rate in writing.')
    expect(await page.getByLabel(/^Quantity Used/).inputValue()).toBe('25') // what was typed is still there
    await press(page, js, page.getByRole('button', { name: 'Submit', exact: true }))
    if (js) await modalShown(page, 'Success')
    await page.waitForURL((url) => url.pathname === '/pretreats')
    expect((await pretreat(made.id)).status).toBe('to-review1')
    expect(await used(made.id)).toBe(25)
    expect(await reasonsKept(made.id)).toEqual([['REVIEW', 'Heavy sprouting; the grower asked for the higher rate in writing.']])
    await page.context().close()
  })
})

describe('every reason, read by the next reviewer and printed on the record', () => {
  it('shows the form’s and the first reviewer’s reasons; completes without asking again; the record’s page and PDF print them', async () => {
    const id = reviewed.plain!
    expect(id).toBeDefined()
    const name = await app.db.selectFrom('users').select(['first_name', 'last_name']).where('username', '=', 'ptreview1').executeTakeFirstOrThrow()
    const page = await opened('ptreview2', true, 1280, `/review-pre-treat/${id}`)
    await page.locator('input[name="_enhanced"]').first().waitFor({ state: 'attached' })
    const reasons = page.getByRole('note', { name: 'Season check' }).getByRole('region', { name: 'Reasons given' })
    const text = await reasons.innerText()
    expect(text).toContain(`On the pre-treat form: “${FORM_REASON}”`)
    expect(text).toMatch(new RegExp(`In review, ${name.first_name} ${name.last_name}, \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC: “Heavy sprouting; the grower asked for the higher rate in writing\\.”`))
    expect(text).toContain(RATE_25)
    expect(await page.getByLabel('Reason to Go On Anyway').count()).toBe(0)
    await page.getByRole('button', { name: 'Submit', exact: true }).click()
    await modalShown(page, 'Success')
    await page.waitForURL((url) => url.pathname === '/pretreats')
    expect((await pretreat(id)).status).toBe('completed')

    const record = await app.db.selectFrom('application_records').select('id').where('pretreat_id', '=', id).executeTakeFirstOrThrow()
    await page.goto(`/application-records/${record.id}`)
    const printed = await page.getByRole('region', { name: 'Reasons given past the label’s limits' }).innerText()
    expect(printed).toContain(`On the pre-treat form: “${FORM_REASON}”`)
    expect(printed).toContain(SEED)
    expect(printed).toContain('Heavy sprouting; the grower asked for the higher rate in writing.')
    await page.context().close()

    const office = await httpSession(app.url, 'ptreview2')
    const answer = await office.fetch(`/application-records/${record.id}/pdf`)
    expect(answer.status).toBe(303)
    const pdf = await fetch(new URL(answer.headers.get('location')!, app.url))
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const flat = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).text.replace(/\s+/g, '')
    for (const line of ['Reasons given past the label’s limits', FORM_REASON, SEED, 'Heavy sprouting; the grower asked for the higher rate in writing.', RATE_25])
      expect(flat).toContain(line.replace(/\s+/g, ''))
  })
})
