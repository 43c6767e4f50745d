// The pre-treat form as the demo assigner uses it, with JavaScript and without: company, storage,
// a billable company chip, Recommended By, Requested By Other with a name, a product and its cwt,
// the quantities, a pre-written message, notes, the dose warning and its reason; then the edit, VOID
// with its notes, and the bad-input messages.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { PRETREAT_FORM_MESSAGES } from '#core/schemas/pretreat-form.ts'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { modalShown, newContext, signIn } from '../support/browser.ts'
import { EVERY_RIGHT, makePretreat } from '../support/pretreats.ts'
import { makeStorage } from '../support/records.ts'
import { runPretreatStep } from '#workflows/pretreat.server.ts'

const suite = useBrowserSuite()

async function page(js: boolean, username = 'assigner', width?: number): Promise<Page> {
  const p = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: js, width })).newPage()
  await signIn(p, username)
  return p
}

const OWNER = 'Snake River Farms'
const BILLED = 'Aberdeen Acres'
const FIRST_MESSAGE = 'Restart the fans at 50% speed for 2 hours'

const storageOf = (company: string) =>
  suite.app.db
    .selectFrom('storages as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .select(['s.id', 's.name'])
    .where('c.company_name', '=', company)
    .where('s.active', '=', true)
    .orderBy('s.name')
    .executeTakeFirstOrThrow()
const companyId = async (name: string) => (await suite.app.db.selectFrom('companies').select('id').where('company_name', '=', name).executeTakeFirstOrThrow()).id
const savedWith = (notes: string) => suite.app.db.selectFrom('pretreats').selectAll().where('application_notes', 'like', `%${notes}%`).execute()
const linesOf = (id: number) => suite.app.db.selectFrom('pretreat_chemicals').select(['cwt', 'quantity_requested']).where('pretreat_id', '=', id).execute()
const billedOf = (id: number) => suite.app.db.selectFrom('pretreat_bill_to').select('company_id').where('pretreat_id', '=', id).execute()

/** Clicks a button that posts the form (without JavaScript) and waits for the page it answers with. */
async function post(p: Page, name: string) {
  await Promise.all([p.waitForLoadState('load'), p.waitForEvent('framenavigated'), p.getByRole('button', { name, exact: true }).click()])
}

describe('pre-treat form', () => {
  it('with JavaScript: creates a staged pre-treat; quantities follow the cwt; a dose past the label needs a reason', async () => {
    const p = await page(true)
    await p.goto('/create-pre-treat')
    await p.getByLabel('Company', { exact: true }).fill(OWNER)
    await p.getByLabel('Storage', { exact: true }).waitFor()
    const storage = await storageOf(OWNER)
    await p.getByLabel('Storage', { exact: true }).selectOption(String(storage.id))
    const number = await p.getByLabel('Pre-Treat Number').inputValue()
    expect(number).toMatch(/^PT-\d{2}-\d{6}$/)
    // Requested By offers the company's contacts and the form's own Other (not a catch-all contact)
    expect(
      await p
        .getByLabel('Requested By')
        .locator('option', { hasText: /^Other$/ })
        .count(),
    ).toBe(1)

    // the service company itself is never billed (issue 19 item 19)
    expect(await p.getByLabel('Add Billable Company').locator('option', { hasText: 'Keystone Storage Services' }).count()).toBe(0)
    await p.getByLabel('Add Billable Company').selectOption({ label: BILLED })
    await p.getByRole('button', { name: 'Add', exact: true }).click()
    await p.getByRole('list', { name: 'Billable companies' }).getByText(BILLED).waitFor()
    // a company added is not offered again
    expect(await p.getByLabel('Add Billable Company').locator('option', { hasText: BILLED }).count()).toBe(0)

    // the technician's licence runs out within 30 days: offered, and marked
    const recommended = p.getByLabel('Recommended By')
    expect(await recommended.locator('option', { hasText: 'licence expires' }).count()).toBe(1)
    await recommended.selectOption({ index: 1 })
    await p.getByLabel('Requested By').selectOption('other')
    await p.getByLabel('Other Name').fill('Dale Jensen')
    // the sheet needs a destination its applicator cannot set: the form asks for it (decision 0049)
    expect(await p.getByLabel('Destination').evaluate((select) => (select as HTMLSelectElement).required)).toBe(true)
    await p.getByLabel('Destination').selectOption('Teton Fresh Pack')

    await p.getByLabel('Product', { exact: true }).selectOption({ label: '1,4SIGHT Thermal' })
    await p.getByLabel('CWT').fill('12,500')
    await p.getByRole('button', { name: 'Add Product' }).click()
    const quantity = p.getByLabel('Quantity of 1,4SIGHT (oz)')
    expect(await quantity.inputValue()).toBe('380.9524')
    const chemicals = p.getByRole('table', { name: 'Chemicals' })
    expect(await chemicals.innerText()).toContain('2 gal 124.95 oz')
    // editing the cwt updates the line
    await p.getByLabel('CWT').fill('25,000')
    expect(await quantity.inputValue()).toBe('761.9048')
    await p.getByLabel('CWT').fill('12,500')
    expect(await quantity.inputValue()).toBe('380.9524')

    await p.getByLabel('Pre Written Messages').selectOption({ index: 1 })
    await p.getByRole('button', { name: 'Insert Message' }).click()
    const notes = `Seal the doors first ${Date.now()}.`
    expect(await p.getByLabel('Notes', { exact: true }).inputValue()).toContain(FIRST_MESSAGE)
    await p.getByLabel('Notes', { exact: true }).press('End')
    await p.getByLabel('Notes', { exact: true }).pressSequentially(` ${notes}`)

    // 500 oz for 12,500 cwt is 26.25 ppm, above the label's 20
    expect(await p.getByRole('alert', { name: 'Dose warning' }).count()).toBe(0)
    await quantity.fill('500')
    expect(await p.getByRole('alert', { name: 'Dose warning' }).innerText()).toContain("over the label's limit: 26.25 ppm planned, the label allows at most 20 ppm per application.")
    await p.getByRole('button', { name: 'Save to Staging' }).click()
    await p.getByText('Give a reason to save it anyway.', { exact: true }).waitFor()
    expect(await p.getByText('26.25 ppm planned, the label allows at most 20 ppm per application.').count()).toBe(1)
    expect(await savedWith(notes)).toHaveLength(0)
    await p.getByLabel('Reason to Save Anyway').fill('Heavy sprouting last season.')
    await p.getByRole('button', { name: 'Save to Staging' }).click()
    await modalShown(p, 'Success', 'Submission Successful! Redirecting...')
    await p.waitForURL((url) => url.pathname === '/staged-pre-treat')

    const [saved] = await savedWith(notes)
    expect(saved).toMatchObject({
      status: 'pending',
      upcoming: true,
      pre_treat_number: number,
      storage_id: storage.id,
      other_name: 'Dale Jensen',
      destination: 'Teton Fresh Pack',
      dose_reason: 'Heavy sprouting last season.',
    })
    expect(saved!.application_notes).toContain(FIRST_MESSAGE)
    expect(saved!.dose_warnings).toHaveLength(1)
    expect((await linesOf(saved!.id)).map((l) => [Number(l.cwt), Number(l.quantity_requested)])).toEqual([[12500, 500]])
    expect(await billedOf(saved!.id)).toEqual([{ company_id: await companyId(BILLED) }])
  })

  it('without JavaScript: every button posts the form back with what was typed kept, and Save redirects with the message', async () => {
    const p = await page(false)
    await p.goto('/create-pre-treat')
    await p.getByLabel('Company', { exact: true }).fill(OWNER)
    await post(p, 'Continue')
    const storage = await storageOf(OWNER)
    await p.getByLabel('Storage', { exact: true }).selectOption(String(storage.id))
    await p.getByLabel('Recommended By').selectOption({ index: 1 })
    await p.getByLabel('Requested By').selectOption('other')
    await p.getByLabel('Other Name').fill('Dale Jensen')
    await p.getByLabel('Destination').selectOption('Rigby Russet Shippers')
    const notes = `No-script notes ${Date.now()}.`
    await p.getByLabel('Notes', { exact: true }).fill(notes)

    await p.getByLabel('Add Billable Company').selectOption({ label: BILLED })
    await post(p, 'Add')
    await p.getByRole('list', { name: 'Billable companies' }).getByText(BILLED).waitFor()
    expect(await p.getByLabel('Other Name').inputValue()).toBe('Dale Jensen')

    // bad input: a cwt below 100
    await p.getByLabel('Product', { exact: true }).selectOption({ label: '1,4SIGHT Thermal' })
    await p.getByLabel('CWT').fill('50')
    await post(p, 'Add Product')
    await p.getByText(PRETREAT_FORM_MESSAGES.cwt).waitFor()
    await p.getByLabel('CWT').fill('12,500')
    await post(p, 'Add Product')
    expect(await p.getByLabel('Quantity of 1,4SIGHT (oz)').inputValue()).toBe('380.9524')
    await p.getByLabel('CWT').fill('25,000')
    await post(p, 'Recalculate')
    expect(await p.getByLabel('Quantity of 1,4SIGHT (oz)').inputValue()).toBe('761.9048')

    await p.getByLabel('Pre Written Messages').selectOption({ index: 1 })
    await post(p, 'Insert Message')
    const typed = await p.getByLabel('Notes', { exact: true }).inputValue()
    expect(typed).toContain(notes)
    expect(typed).toContain(FIRST_MESSAGE)
    expect(await p.getByLabel('Storage', { exact: true }).inputValue()).toBe(String(storage.id))

    await post(p, 'Save to Staging')
    expect(new URL(p.url()).pathname).toBe('/staged-pre-treat')
    expect(new URL(p.url()).searchParams.get('flash')).toBe('submitted')
    const [saved] = await savedWith(notes)
    expect(saved).toMatchObject({ upcoming: true, status: 'pending', destination: 'Rigby Russet Shippers' })
    expect((await linesOf(saved!.id)).map((l) => [Number(l.cwt), Number(l.quantity_requested)])).toEqual([[25000, 761.9048]])
    expect(await billedOf(saved!.id)).toEqual([{ company_id: await companyId(BILLED) }])
  })

  for (const js of [true, false]) {
    it(`${js ? 'with' : 'without'} JavaScript: editing a scheduled pre-treat already in progress goes back to the scheduled list, where it is`, async () => {
      const storage = await makeStorage(suite.app.db)
      const pt = await makePretreat(suite.app.db, { company_id: storage.company_id, storage_id: storage.id, stage: 'in-progress' })
      const p = await page(js)
      await p.goto(`/create-pre-treat/${pt.id}`)
      const notes = `Edited in progress ${js} ${Date.now()}`
      await p.getByLabel('Notes', { exact: true }).fill(notes)
      await p.getByRole('button', { name: 'Save Changes' }).click()
      if (js) await modalShown(p, 'Success')
      await p.waitForURL((url) => url.pathname !== `/create-pre-treat/${pt.id}`)
      expect(new URL(p.url()).pathname).toBe('/scheduled-pre-treat')
      expect(await savedWith(notes)).toHaveLength(1)
    })
  }

  for (const [js, width] of [
    [true, 375],
    [false, 1280],
  ] as const) {
    it(`${js ? 'with JavaScript, 375 px' : 'without JavaScript, desktop'}: warns of the storage's season (a seed crop, removal too soon) and saves with a reason`, async () => {
      // a seed crop leaving in a week: Sprout Nip 7A (CIPC) is not for seed, and wants 14 days to removal
      const removal = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)
      const storage = await makeStorage(suite.app.db, { seed: true, planned_removal: removal })
      const { company_id } = storage
      const combo = await suite.app.db.selectFrom('applications').select('id').where('name', '=', 'CIPC + 1,4SIGHT Combo').executeTakeFirstOrThrow()
      const nip = await suite.app.db.selectFrom('products').select('id').where('product_name', '=', 'Sprout Nip 7A').executeTakeFirstOrThrow()
      const pt = await makePretreat(suite.app.db, { company_id, storage_id: storage.id, application_id: combo.id, productId: nip.id, cwt: 60_000, quantityRequested: 90 })
      const p = await page(js, 'assigner', width)
      await p.goto(`/create-pre-treat/${pt.id}`)
      const seed = 'Sprout Nip 7A is not for seed potatoes, and this storage holds seed.'
      const tooSoon = `Sprout Nip 7A is too close to the crop's removal: removal is planned for ${removal}, the label asks 14 days after an application`
      if (js) {
        // shown as the form stands, before any save
        const alert = p.getByRole('alert', { name: 'Dose warning' })
        expect(await alert.innerText()).toContain(seed)
        expect(await alert.innerText()).toContain(tooSoon)
      }
      await p.getByRole('button', { name: 'Save Changes' }).click()
      await p.getByText('Give a reason to save it anyway.', { exact: true }).waitFor()
      // each warning once: listed above the reason, not again in its message
      expect(await p.getByText(seed).count()).toBe(1)
      expect((await suite.app.db.selectFrom('pretreats').select('dose_reason').where('id', '=', pt.id).executeTakeFirstOrThrow()).dose_reason).toBe('')
      await p.getByLabel('Reason to Save Anyway').fill('Seed lot sold for processing; removal date moves.')
      await p.getByRole('button', { name: 'Save Changes' }).click()
      await p.waitForURL((url) => url.pathname === '/staged-pre-treat')
      const saved = await suite.app.db.selectFrom('pretreats').select(['dose_reason', 'dose_warnings']).where('id', '=', pt.id).executeTakeFirstOrThrow()
      expect(saved.dose_reason).toBe('Seed lot sold for processing; removal date moves.')
      expect((saved.dose_warnings as { kind: string }[]).map((w) => w.kind)).toEqual(['removal', 'seed'])
      if (width === 375) expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
      await p.context().close()
    })
  }

  it('edits a pre-treat: VOID needs its notes; a completed or unknown one is not saved', async () => {
    // a storage of its own: the demo's pre-treats elsewhere must not bring the dose check in
    const storage = await makeStorage(suite.app.db)
    const pt = await makePretreat(suite.app.db, { company_id: storage.company_id, storage_id: storage.id })
    const p = await page(false)
    await p.goto(`/create-pre-treat/${pt.id}`)
    expect(await p.getByLabel('Pre-Treat Number').inputValue()).toBe(pt.pre_treat_number)
    await p.getByLabel('VOID', { exact: true }).check()
    await post(p, 'Save Changes')
    await p.getByText(PRETREAT_FORM_MESSAGES.voidNotes).waitFor()
    expect((await suite.app.db.selectFrom('pretreats').select('void').where('id', '=', pt.id).executeTakeFirstOrThrow()).void).toBe(false)
    await p.getByLabel('Void Notes').fill('Grower sold the pile.')
    await post(p, 'Save Changes')
    expect(new URL(p.url()).pathname).toBe('/staged-pre-treat')
    expect(await suite.app.db.selectFrom('pretreats').select(['void', 'void_comments']).where('id', '=', pt.id).executeTakeFirstOrThrow()).toEqual({
      void: true,
      void_comments: 'Grower sold the pile.',
    })

    // a completed pre-treat: shown with the reason, no save button
    const done = await makePretreat(suite.app.db, { stage: 'to-review1' })
    await suite.app.db.transaction().execute((trx) => runPretreatStep(trx, done.id, { type: 'REVIEW', level: 2, reviewedFirst: false }, { actor: EVERY_RIGHT }))
    await p.goto(`/create-pre-treat/${done.id}`)
    await p.getByText(PRETREAT_FORM_MESSAGES.notEditable).waitFor()
    expect(await p.getByRole('button', { name: 'Save Changes' }).count()).toBe(0)

    const missing = await p.goto('/create-pre-treat/999999999')
    expect(missing?.status()).toBe(404)
  })
})
