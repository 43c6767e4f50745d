import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { hydrated, modalShown, newContext, signIn } from '../support/browser.ts'
import { deviceRecords } from '../support/photo-outbox.ts'

const suite = useBrowserSuite()

const IMAGE_ERROR = 'Error while uploading images.  Please try again.'
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** A file that starts like a PNG. */
function png(name: string) {
  const buffer = Buffer.alloc(4096, 7)
  PNG_SIGNATURE.copy(buffer)
  return { name, mimeType: 'image/png', buffer }
}

type ReceiptType = 'Fuel' | 'Expenses' | 'Parts'

const receiptsAt = (location: string) => suite.app.db.selectFrom('receipts').selectAll().where('location', '=', location).execute()
const receiptCount = async () =>
  Number(
    (
      await suite.app.db
        .selectFrom('receipts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

async function page(js: boolean, username = 'tech'): Promise<Page> {
  const p = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: js })).newPage()
  await signIn(p, username)
  return p
}

/** The first step: the type, then (without JavaScript) Continue. */
async function chooseType(p: Page, type: ReceiptType, js: boolean) {
  await p.goto('/receipt-form')
  expect(await p.getByLabel('Location').count()).toBe(0)
  // with JavaScript, choosing goes on by itself once the page is hydrated (before, it needs Continue)
  if (js) await hydrated(p)
  await p.getByLabel('Type').selectOption(type)
  if (!js) await p.getByRole('button', { name: 'Continue' }).click()
  await p.waitForURL((url) => url.searchParams.get('type') === type)
  await p.getByLabel('Location').waitFor()
}

/** A job of one customer, and another customer. */
async function jobAndCustomers() {
  const job = await suite.app.db.selectFrom('jobs as j').innerJoin('companies as c', 'c.id', 'j.company_id').select(['j.name', 'c.company_name']).orderBy('j.name').executeTakeFirstOrThrow()
  const other = await suite.app.db.selectFrom('companies').select('company_name').where('company_name', '!=', job.company_name).orderBy('company_name').executeTakeFirstOrThrow()
  return { job: job.name, customer: job.company_name, otherCustomer: other.company_name }
}

async function fillReceipt(p: Page, type: ReceiptType, location: string) {
  const { job, customer } = await jobAndCustomers()
  await p.getByLabel('Date').fill('2026-11-03')
  await p.getByLabel('Location').fill(location)
  await p.getByLabel('Total').fill('84.37')
  if (type === 'Fuel') {
    await p.getByLabel('Truck').selectOption({ label: 'Ram 3500 Tradesman T-102' })
    await p.getByLabel('Mileage').fill('120433')
  }
  if (type === 'Expenses') {
    expect(await p.getByLabel('Category').inputValue()).toBe('Food')
    await p.getByLabel('Category').selectOption('Entertainment')
    await p.getByLabel('Customer').fill(customer)
    await p.getByLabel('Event').fill('Harvest meeting')
  }
  if (type === 'Parts') {
    await p.getByLabel('Customer').fill(customer)
    await p.getByLabel('Job').fill(job)
  }
  return { job, customer }
}

async function submit(p: Page, js: boolean) {
  await p.getByRole('button', { name: 'Submit' }).click()
  if (js) await modalShown(p, 'Success', 'Submission Successful! Redirecting...')
  await p.waitForURL((url) => url.pathname === '/receipt')
  // without JavaScript the message comes with the redirect
  if (!js) await p.getByText('Submission Successful!').first().waitFor()
}

/** Opens the receipt at `location` from the list, filtered by its location. */
async function openFromList(p: Page, location: string) {
  await p.goto('/view-receipt')
  await p.getByLabel('Filter by').selectOption('location')
  await p.getByLabel('Filter value').fill(location)
  await Promise.all([p.waitForURL(/filter_value=/), p.getByRole('button', { name: 'Filter', exact: true }).click()])
  const row = p.getByRole('row').filter({ hasText: location })
  // the URL moves before React has drawn the filtered rows: wait for them
  await expect.poll(() => row.count()).toBe(1)
  await row.getByRole('link').first().click()
  const dialog = p.getByRole('dialog', { name: 'Receipt Details' })
  await dialog.waitFor()
  return dialog
}

async function detailText(dialog: ReturnType<Page['getByRole']>) {
  return (await dialog.innerText()).replace(/\s+/g, ' ')
}

for (const js of [true, false]) {
  const how = js ? 'with JavaScript' : 'without JavaScript'

  describe(`receipts, ${how}`, () => {
    it('records a receipt of each type with its image, found in the list and opened with its fields and image', async () => {
      const p = await page(js)
      for (const type of ['Fuel', 'Expenses', 'Parts'] as const) {
        const location = `${type} stop ${js ? 'js' : 'nojs'} ${Date.now()}`
        await chooseType(p, type, js)
        const { job, customer } = await fillReceipt(p, type, location)
        await p.getByLabel('Image').setInputFiles(png(`${type}.png`))
        if (js) await p.getByText('Uploaded', { exact: true }).waitFor()
        await submit(p, js)

        const [receipt] = await receiptsAt(location)
        expect(receipt).toMatchObject({ type, date: '2026-11-03', total_amount: '84.37' })
        const images = await suite.app.db
          .selectFrom('receipt_images as i')
          .innerJoin('blobs as b', 'b.id', 'i.blob_id')
          .select(['b.id', 'b.area', 'b.filename'])
          .where('i.receipt_id', '=', receipt!.id)
          .execute()
        expect(images).toEqual([{ id: expect.any(String), area: 'receipts', filename: expect.stringMatching(/^tech_receipt_\d{14}_0\.png$/) }])

        const dialog = await openFromList(p, location)
        const text = await detailText(dialog)
        expect(text).toContain(`Type ${type}`)
        expect(text).toContain('Total $84.37')
        if (type === 'Fuel') expect(text).toMatch(/Truck Ram 3500 Tradesman T-102 Mileage 120433/)
        if (type === 'Expenses') expect(text).toContain(`Category Entertainment Customer ${customer} Event Harvest meeting`)
        if (type === 'Parts') expect(text).toContain(`Customer ${customer} Job ${job} Service Sheet None`)
        const image = dialog.getByRole('img', { name: images[0]!.filename })
        expect(await image.getAttribute('src')).toBe(`/images/${images[0]!.id}`)
        const served = await p.request.get(`/images/${images[0]!.id}`)
        expect([served.status(), served.headers()['content-type']]).toEqual([200, 'image/png'])
      }
    })

    it("refuses a receipt without an image with the spec's text, and saves nothing", async () => {
      const p = await page(js)
      const location = `No image ${js ? 'js' : 'nojs'} ${Date.now()}`
      await chooseType(p, 'Fuel', js)
      await fillReceipt(p, 'Fuel', location)
      const before = await receiptCount()
      await p.getByRole('button', { name: 'Submit' }).click()
      const dialog = p.getByRole('dialog', { name: 'Error' })
      await dialog.waitFor()
      expect(await dialog.getByRole('alert').first().textContent()).toBe(IMAGE_ERROR)
      expect(await receiptCount()).toBe(before)
      expect(await receiptsAt(location)).toEqual([])
    })

    it('refuses a job of another customer and a file that is not an image, each with its message, and saves nothing', async () => {
      const p = await page(js)
      const location = `Wrong job ${js ? 'js' : 'nojs'} ${Date.now()}`
      const { otherCustomer } = await jobAndCustomers()
      await chooseType(p, 'Parts', js)
      await fillReceipt(p, 'Parts', location)
      await p.getByLabel('Customer').fill(otherCustomer)
      await p.getByLabel('Image').setInputFiles(png('part.png'))
      if (js) await p.getByText('Uploaded', { exact: true }).waitFor()
      await p.getByRole('button', { name: 'Submit' }).click()
      await p.getByText("That job is not one of this customer's jobs.").waitFor()
      expect(await receiptsAt(location)).toEqual([])

      await chooseType(p, 'Parts', js)
      await fillReceipt(p, 'Parts', location)
      await p.getByLabel('Image').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') })
      if (!js) await p.getByRole('button', { name: 'Submit' }).click()
      await p.getByRole('dialog', { name: 'Error' }).waitFor()
      expect(await receiptsAt(location)).toEqual([])
    })

    it("offers only the chosen customer's jobs in a Parts receipt's job list", async () => {
      const jobs = await suite.app.db
        .selectFrom('jobs as j')
        .innerJoin('companies as c', 'c.id', 'j.company_id')
        .select(['j.name', 'c.company_name'])
        .where('j.active', '=', true)
        .orderBy('j.name')
        .execute()
      const customer = jobs.map((j) => j.company_name).find((name, _, all) => all.filter((n) => n === name).length > 1)!
      const theirs = jobs.filter((j) => j.company_name === customer).map((j) => j.name)
      expect(theirs.length).toBeLessThan(jobs.length)
      const p = await page(js)
      await chooseType(p, 'Parts', js)
      const offered = async () => {
        const list = await p.getByLabel('Job').getAttribute('list')
        return p.locator(`datalist[id="${list}"] option`).evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).sort())
      }
      // no customer yet: every job (the job alone is allowed)
      expect(await offered()).toEqual(jobs.map((j) => j.name).sort())
      await p.getByLabel('Location').fill('Jobs stop')
      await p.getByLabel('Customer').fill(customer)
      if (!js) {
        // without JavaScript the page learns the customer from a post that saves nothing
        const before = await receiptCount()
        await p.getByRole('button', { name: 'Show Their Jobs' }).click()
        await p.getByRole('button', { name: 'Show Their Jobs' }).waitFor()
        expect(await receiptCount()).toBe(before)
        expect(await p.getByLabel('Location').inputValue()).toBe('Jobs stop')
        expect(await p.getByLabel('Customer').inputValue()).toBe(customer)
      }
      await expect.poll(offered).toEqual([...theirs].sort())
      expect(await p.getByText(`Optional: the jobs of ${customer}`).count()).toBe(1)
    })

    it('keeps what was typed when OK closes the image error', async () => {
      const p = await page(js)
      const location = `Kept ${js ? 'js' : 'nojs'} ${Date.now()}`
      await chooseType(p, 'Fuel', js)
      await fillReceipt(p, 'Fuel', location)
      await p.getByRole('button', { name: 'Submit' }).click()
      const dialog = p.getByRole('dialog', { name: 'Error' })
      await dialog.waitFor()
      const url = p.url()
      await dialog
        .getByRole('button', { name: 'OK' })
        .or(dialog.getByRole('link', { name: 'OK' }))
        .click()
      await dialog.waitFor({ state: 'hidden' })
      expect(p.url().replace(/#.*$/, '')).toBe(url.replace(/#.*$/, ''))
      expect(await p.getByLabel('Location').inputValue()).toBe(location)
      expect(await p.getByLabel('Total').inputValue()).toBe('84.37')
      expect(await p.getByLabel('Mileage').inputValue()).toBe('120433')
      expect(await p.getByLabel('Truck').locator('option:checked').textContent()).toBe('Ram 3500 Tradesman T-102')
      // and the receipt goes through once the image is there
      await p.getByLabel('Image').setInputFiles(png('fuel.png'))
      if (js) await p.getByText('Uploaded', { exact: true }).waitFor()
      await submit(p, js)
      expect(await receiptsAt(location)).toHaveLength(1)
    })

    it("shows 'No receipts available.' when no receipt matches", async () => {
      const p = await page(js, 'office')
      await p.goto(`/view-receipt?filter_by=location&filter_value=${encodeURIComponent(`nowhere ${Date.now()}`)}`)
      await p.getByText('No receipts available.').waitFor()
      await p.goto('/view-receipt')
      expect(await p.getByText('No receipts available.').count()).toBe(0)
    })
  })
}

describe('receipts: the type step and the export', () => {
  it('with JavaScript: choosing another type starts the form afresh, without the typed values and the chosen file, also when the first type is chosen again', async () => {
    const p = await page(true)
    await chooseType(p, 'Fuel', true)
    await p.getByLabel('Location').fill('Maverik, Rexburg')
    await p.getByLabel('Image').setInputFiles(png('fuel.png'))
    await p.getByText('Uploaded', { exact: true }).waitFor()
    // the device keeps a draft of the Fuel form as it is typed
    await expect.poll(() => deviceRecords<{ draftKey: string }>(p, 'formDrafts').then((drafts) => drafts.map((d) => d.draftKey))).toEqual(['/receipt-form?type=Fuel#receipt-Fuel'])
    await p.getByLabel('Type').selectOption('Expenses')
    await p.waitForURL((url) => url.searchParams.get('type') === 'Expenses')
    await p.getByLabel('Event').waitFor()
    expect(await p.getByLabel('Location').inputValue()).toBe('')
    expect(await p.getByText('Uploaded', { exact: true }).count()).toBe(0)
    expect(await p.locator('input[name="images_ids"]').count()).toBe(0)
    expect(await p.getByLabel('Truck').count()).toBe(0)
    // back to Fuel: a fresh form too, not the draft of the one left
    await p.getByLabel('Type').selectOption('Fuel')
    await p.getByLabel('Truck').waitFor()
    await p.waitForTimeout(500)
    expect(await p.getByLabel('Location').inputValue()).toBe('')
    expect(await p.getByText(/^Restored what you typed/).count()).toBe(0)
    expect(await p.locator('input[name="images_ids"], input[name="images_local"]').count()).toBe(0)
  })

  it('exports the filtered list as CSV', async () => {
    const p = await page(false, 'office')
    const answer = await p.request.get('/view-receipt.csv?filter_by=type&filter_value=Fuel')
    expect(answer.status()).toBe(200)
    const lines = (await answer.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
    expect(lines[0]).toBe('Date,Type,Location,Total,Truck,Customer,Created By')
    expect(lines.length).toBeGreaterThan(1)
    expect(lines.slice(1).every((line) => line.split(',')[1] === 'Fuel')).toBe(true)
  })
})

describe('receipts: who may open them', () => {
  const routes = async () => {
    const id = (await suite.app.db.selectFrom('receipts').select('id').orderBy('id').executeTakeFirstOrThrow()).id
    return ['/receipt', '/receipt-form', '/receipt-form?type=Fuel', '/view-receipt', `/view-receipt/${id}`, '/view-receipt.csv']
  }

  it('reviewer1 (neither permission): 403 on every receipt route, and no Receipts card', async () => {
    const p = await page(false, 'reviewer1')
    for (const route of await routes()) expect((await p.goto(route))?.status(), route).toBe(403)
    await p.goto('/')
    expect(await p.getByRole('link', { name: /Receipts/ }).count()).toBe(0)
  })

  it('office (view only): the list and detail, not the form; the Receipts card shows View only', async () => {
    const p = await page(false, 'office')
    const [menu, form, typed, list, detail, csv] = await routes()
    for (const route of [menu!, list!, detail!, csv!]) expect((await p.request.get(route)).status(), route).toBe(200)
    for (const route of [form!, typed!]) expect((await p.goto(route))?.status(), route).toBe(403)
    await p.goto('/')
    await p
      .getByRole('link', { name: /Receipts/ })
      .first()
      .click()
    await p.waitForURL((url) => url.pathname === '/receipt')
    expect(await p.getByRole('link', { name: /New Receipt/ }).count()).toBe(0)
    await p
      .getByRole('link', { name: /Receipts/ })
      .last()
      .waitFor()
  })

  it('tech (both): every route, and both cards', async () => {
    const p = await page(false, 'tech')
    for (const route of await routes()) expect((await p.request.get(route)).status(), route).toBe(200)
    await p.goto('/receipt')
    await p.getByRole('link', { name: /New Receipt/ }).waitFor()
    await p.goto('/receipt?tab=view')
    await p.getByRole('link', { name: /Every receipt/ }).waitFor()
  })
})
