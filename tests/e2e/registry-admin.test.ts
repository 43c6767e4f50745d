// The registry admin (issue 10) the way an administrator uses it: jobs, trucks and parts (list,
// add, edit through the picker, deactivate, a duplicate refused, CSV export) and the two short
// lists of the pre-treat form (destinations, pre-written messages), each once with JavaScript and
// once without; then who sees what (a view-only user gets no add or edit links, and 403 on their
// URLs; a user without the permission gets 403 on the lists).
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createUser } from '#db/queries/users.ts'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { modalShown, newContext, signIn } from '../support/browser.ts'

const suite = useBrowserSuite()
const db = () => suite.app.db

async function aStorageOf(companyName: string) {
  return db()
    .selectFrom('storages as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .select(['s.id', 's.name'])
    .where('c.company_name', '=', companyName)
    .where('s.active', '=', true)
    .orderBy('s.id')
    .executeTakeFirstOrThrow()
}

const jobNamed = (name: string) => db().selectFrom('jobs').selectAll().where('name', '=', name).execute()
const trucksNumbered = (number: string) => db().selectFrom('trucks').selectAll().where('number', 'ilike', number).execute()
const partsNumbered = (number: string) => db().selectFrom('parts').selectAll().where('part_number', 'ilike', number).execute()

/** The texts a page offers in the datalist suggestions of the input labelled `label`. */
async function suggestions(page: Page, label: string): Promise<string[]> {
  const list = await page.getByLabel(label, { exact: true }).getAttribute('list')
  return page.locator(`datalist[id="${list}"] option`).evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))
}

describe.each([
  { js: true, mode: 'with JavaScript' },
  { js: false, mode: 'without JavaScript' },
])('registry admin, $mode', ({ js }) => {
  const tag = js ? 'JS' : 'NOJS'

  async function adminPage(): Promise<Page> {
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: js })).newPage()
    await signIn(page, 'admin')
    return page
  }

  /** Submits the form, then waits for the list it leads to: the Success modal first with JavaScript, the message after the redirect without. */
  async function submitAndLand(page: Page, path: string) {
    await page.getByRole('button', { name: 'Submit' }).click()
    if (js) await modalShown(page, 'Success', 'Submission Successful! Redirecting...')
    await page.waitForURL((url) => url.pathname === path)
    if (!js) await page.getByText('Submission Successful!').waitFor()
  }

  /** Types into a picker's text field and goes on (by itself with JavaScript, with Continue without). */
  async function pick(page: Page, label: string, text: string) {
    await page.getByLabel(label, { exact: true }).fill(text)
    if (!js) await page.getByRole('button', { name: 'Continue' }).click()
  }

  async function pickStorage(page: Page, storageId: number) {
    await page.getByLabel('Storage', { exact: true }).selectOption(String(storageId))
    if (!js) await page.getByRole('button', { name: 'Continue' }).click()
  }

  async function exportCsv(page: Page): Promise<string[]> {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()])
    return (await (await download.createReadStream()).toArray())
      .join('')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
  }

  async function filterList(page: Page, by: string, value: string) {
    await page.getByLabel('Filter by').selectOption(by)
    await page.getByLabel('Filter value').fill(value)
    await Promise.all([page.waitForURL(/filter_value=/), page.getByRole('button', { name: 'Filter', exact: true }).click()])
    // the URL moves before React has drawn the filtered list: wait until its export link carries the filter
    await expect.poll(() => page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain('filter_value=')
  }

  it('jobs: adds a job for a customer’s storage, refuses its name again (case ignored), finds and exports it, then deactivates it so the call form no longer offers it', async () => {
    const page = await adminPage()
    const storage = await aStorageOf('Aberdeen Acres')
    const name = `J-2099-${tag}`

    await page.goto('/manage?tab=service')
    await page.getByRole('link', { name: /Jobs/ }).click()
    await page.waitForURL('**/manage-job')
    await page.getByRole('link', { name: 'Add Job' }).click()
    await page.waitForURL('**/add-job')
    await pick(page, 'Customer', 'Aberdeen Acres')
    await pickStorage(page, storage.id)
    await page.getByLabel('Job Name').fill(name)
    await page.getByLabel('Notes').fill('Cellar rebuild, 2099.')
    expect(await page.getByLabel('Active').isChecked()).toBe(true)
    await submitAndLand(page, '/manage-job')
    expect(await jobNamed(name)).toEqual([expect.objectContaining({ storage_id: storage.id, active: true, notes: 'Cellar rebuild, 2099.' })])

    // the same name in other letters: a message on the field, nothing saved
    await page.goto(`/add-job?company=${encodeURIComponent('Aberdeen Acres')}&storage=${storage.id}`)
    await page.getByLabel('Job Name').fill(name.toLowerCase())
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByText('A job with this name already exists.').waitFor()
    expect(await db().selectFrom('jobs').select('id').where('name', 'ilike', name).execute()).toHaveLength(1)

    // the list finds it by part of its name, and exports exactly what it shows
    await page.goto('/manage-job')
    await filterList(page, 'name', name.slice(2).toLowerCase())
    const rows = await page
      .getByRole('table')
      .getByRole('row')
      .evaluateAll((r) => r.slice(1).map((row) => row.children[0]?.textContent))
    expect(rows).toEqual([name])
    const lines = await exportCsv(page)
    expect(lines[0]).toBe('Job,Company,Storage,Active,Added')
    expect(lines.slice(1)).toEqual([expect.stringMatching(new RegExp(`^${name},Aberdeen Acres,${storage.name},Yes,`))])

    // a row opens the job's edit form; untick Active
    await page.getByRole('table').getByRole('link', { name }).click()
    const [job] = await jobNamed(name)
    await page.waitForURL(`**/edit-job/${job!.id}`)
    expect(await page.getByLabel('Job Name').inputValue()).toBe(name)
    await page.getByLabel('Active').uncheck()
    await submitAndLand(page, '/manage-job')
    expect(await jobNamed(name)).toEqual([expect.objectContaining({ active: false, storage_id: storage.id })])

    // the picker of Edit Job still finds it (to reactivate it); the call form does not offer it
    await page.goto('/edit-job')
    await pick(page, 'Job', name.toLowerCase())
    await page.waitForURL(`**/edit-job/${job!.id}`)
    expect(await page.getByLabel('Active').isChecked()).toBe(false)
    await page.goto('/service-call')
    const offered = await suggestions(page, 'Job Number')
    expect(offered.length).toBeGreaterThan(0)
    expect(offered).not.toContain(name)
  })

  it('jobs: refuses a blank name and a storage of another customer, saving nothing', async () => {
    const page = await adminPage()
    const storage = await aStorageOf('Aberdeen Acres')
    const other = await aStorageOf(
      (await db().selectFrom('companies').select('company_name').where('company_name', '<>', 'Aberdeen Acres').where('company_name', 'like', '% %').orderBy('id', 'desc').executeTakeFirstOrThrow())
        .company_name,
    )
    await page.goto(`/add-job?company=${encodeURIComponent('Aberdeen Acres')}&storage=${storage.id}`)
    // what a tampered form sends: another customer's storage (without JavaScript: with it, React
    // keeps the hidden field's value; the server's check is the same)
    if (!js) {
      await page.getByLabel('Job Name').fill(`J-OTHER-${tag}`)
      await page.locator('input[name="storage_id"]').evaluate((input, id) => ((input as HTMLInputElement).value = String(id)), other.id)
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.getByText("Choose one of this customer's storages.").waitFor()
      expect(await jobNamed(`J-OTHER-${tag}`)).toEqual([])
    }

    await page.getByLabel('Job Name').fill('   ')
    await page.getByLabel('Job Name').evaluate((input) => input.removeAttribute('required'))
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByText('Job name is required.').waitFor()
  })

  it('trucks: adds a truck, refuses its number again, exports it, deactivates it so the receipt form no longer offers it', async () => {
    const page = await adminPage()
    const number = `T-99-${tag}`
    await page.goto('/manage-truck')
    await page.getByRole('link', { name: 'Add Truck' }).click()
    await page.waitForURL('**/add-truck')
    await page.getByLabel('Truck Number').fill(number)
    await page.getByLabel('Make').fill('Ford')
    await page.getByLabel('Model').fill('F-350')
    await submitAndLand(page, '/manage-truck')
    expect(await trucksNumbered(number)).toEqual([expect.objectContaining({ make: 'Ford', model: 'F-350', active: true })])

    await page.goto('/add-truck')
    await page.getByLabel('Truck Number').fill(number.toLowerCase())
    await page.getByLabel('Make').fill('Ram')
    await page.getByLabel('Model').fill('2500')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByText('A truck with this number already exists.').waitFor()
    expect(await trucksNumbered(number)).toHaveLength(1)

    await page.goto('/manage-truck')
    await filterList(page, 'number', number)
    const lines = await exportCsv(page)
    expect(lines).toEqual(['Number,Make,Model,Active,Added', expect.stringMatching(new RegExp(`^${number},Ford,F-350,Yes,`))])

    await page.goto('/edit-truck')
    await pick(page, 'Truck Number', number)
    const [truck] = await trucksNumbered(number)
    await page.waitForURL(`**/edit-truck/${truck!.id}`)
    await page.getByLabel('Active').uncheck()
    await submitAndLand(page, '/manage-truck')
    expect(await trucksNumbered(number)).toEqual([expect.objectContaining({ active: false })])

    await page.goto('/receipt-form?type=Fuel')
    const offered = await page.getByLabel('Truck', { exact: true }).locator('option').allTextContents()
    expect(offered.length).toBeGreaterThan(1)
    expect(offered.some((t) => t.includes(number))).toBe(false)
  })

  it('parts: adds a special part, refuses its number again, exports it, deactivates it so the sheet form’s parts picker no longer offers it', async () => {
    const page = await adminPage()
    const number = `BRG-99-${tag}`
    await page.goto('/manage-part')
    await page.getByRole('link', { name: 'Add Part' }).click()
    await page.waitForURL('**/add-part')
    await page.getByLabel('Part Number').fill(number)
    await page.getByLabel('Description', { exact: true }).fill('Bearing, made to order')
    await page.getByLabel('Special (needs a custom description on sheets)').check()
    await submitAndLand(page, '/manage-part')
    expect(await partsNumbered(number)).toEqual([expect.objectContaining({ description: 'Bearing, made to order', is_special: true, active: true })])

    await page.goto('/add-part')
    await page.getByLabel('Part Number').fill(number.toLowerCase())
    await page.getByLabel('Description', { exact: true }).fill('Another')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByText('A part with this part number already exists.').waitFor()
    expect(await partsNumbered(number)).toHaveLength(1)

    await page.goto('/manage-part')
    await filterList(page, 'part_number', number)
    expect(await exportCsv(page)).toEqual(['Part Number,Description,Special,Active,Added', expect.stringMatching(new RegExp(`^${number},"?Bearing, made to order"?,Yes,Yes,`))])

    const storage = await aStorageOf('Aberdeen Acres')
    const sheetForm = `/service-form?company=${encodeURIComponent('Aberdeen Acres')}&storage=${storage.id}`
    await page.goto(sheetForm)
    expect(await suggestions(page, 'Part Number')).toContain(number)

    const [part] = await partsNumbered(number)
    await page.goto(`/edit-part/${part!.id}`)
    await page.getByLabel('Active').uncheck()
    await submitAndLand(page, '/manage-part')
    expect(await partsNumbered(number)).toEqual([expect.objectContaining({ active: false })])
    await page.goto(sheetForm)
    const offered = await suggestions(page, 'Part Number')
    expect(offered.length).toBeGreaterThan(0)
    expect(offered).not.toContain(number)
  })

  it('destinations: adds one (last), refuses a name that exists, renames it, moves it up and deactivates it', async () => {
    const page = await adminPage()
    const name = `Pocatello Packers ${tag}`
    await page.goto('/manage?tab=pretreats')
    await page.getByRole('link', { name: /Destinations/ }).click()
    await page.waitForURL('**/manage-destination')
    await page.getByRole('list', { name: 'Destinations' }).getByRole('listitem').first().waitFor()
    const before = await page.getByRole('list', { name: 'Destinations' }).getByRole('listitem').count()
    expect(before).toBeGreaterThanOrEqual(19)

    await page.getByLabel('New destination').fill(name)
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await page.getByText('Submission Successful!').waitFor()
    const items = page.getByRole('list', { name: 'Destinations' }).getByRole('listitem')
    await expect.poll(() => items.count()).toBe(before + 1)
    const last = `Destination ${before + 1}`
    expect(await page.getByRole('form', { name: last }).getByRole('textbox').inputValue()).toBe(name)

    // a name that exists (case ignored): refused on the add form, nothing added
    const first = await db().selectFrom('destinations').select('name').orderBy('position').orderBy('id').executeTakeFirstOrThrow()
    await page.getByLabel('New destination').fill(first.name.toUpperCase())
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await page.getByText('A destination with this name already exists.').waitFor()
    expect(await db().selectFrom('destinations').select('id').execute()).toHaveLength(before + 1)

    // rename, then move up one place
    const row = page.getByRole('form', { name: last })
    await row.getByRole('textbox').fill(`${name} West`)
    await row.getByRole('button', { name: 'Save' }).click()
    await page
      .getByRole('form', { name: last })
      .getByRole('textbox')
      .and(page.locator(`[value="${name} West"]`))
      .waitFor()
    await page.getByRole('button', { name: `Move ${last} up` }).click()
    await page
      .getByRole('form', { name: `Destination ${before}` })
      .getByRole('textbox')
      .and(page.locator(`[value="${name} West"]`))
      .waitFor()
    const order = await db().selectFrom('destinations').select('name').orderBy('position').orderBy('id').execute()
    expect(order.map((d) => d.name).slice(-2)).toEqual([`${name} West`, expect.any(String)])

    await page
      .getByRole('form', { name: `Destination ${before}` })
      .getByRole('button', { name: 'Deactivate' })
      .click()
    await page
      .getByRole('form', { name: `Destination ${before}` })
      .getByRole('button', { name: 'Activate' })
      .waitFor()
    await expect.poll(async () => (await db().selectFrom('destinations').select('active').where('name', '=', `${name} West`).executeTakeFirstOrThrow()).active).toBe(false)
  })

  it('pre-written messages: adds one, edits it, refuses a blank one', async () => {
    const page = await adminPage()
    await page.goto('/manage-message')
    const items = page.getByRole('list', { name: 'Pre-Written Messages' }).getByRole('listitem')
    const before = await items.count()
    expect(before).toBeGreaterThanOrEqual(3)
    const text = `Restart the fans at full speed after 6 hours (${tag}).`
    await page.getByLabel('New message').fill(text)
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await expect.poll(() => items.count()).toBe(before + 1)
    const row = page.getByRole('form', { name: `Message ${before + 1}` })
    await row.getByRole('textbox').fill(`${text}\nCall the office when done.`)
    await row.getByRole('button', { name: 'Save' }).click()
    await expect.poll(async () => (await db().selectFrom('pretreat_messages').select('text').where('text', 'like', `${text}%`).executeTakeFirst())?.text).toBe(`${text}\nCall the office when done.`)

    // the save's reload of the list must be over, or it draws the field again (required, the saved text)
    await page.waitForLoadState('networkidle')
    const saved = page.getByRole('form', { name: `Message ${before + 1}` }).getByRole('textbox')
    await saved.evaluate((input) => input.removeAttribute('required'))
    await saved.fill('  ')
    await page
      .getByRole('form', { name: `Message ${before + 1}` })
      .getByRole('button', { name: 'Save' })
      .click()
    await page.getByText('Message is required.').waitFor()
    expect(await db().selectFrom('pretreat_messages').select('id').where('text', 'like', `${text}%`).execute()).toHaveLength(1)
  })
})

describe('who sees the registry admin', () => {
  const VIEW_ONLY = ['api.view_job', 'api.view_truck', 'api.view_part', 'api.view_destination', 'api.view_pretreatmessage']

  async function pageOf(username: string, permissions: string[], js = true): Promise<Page> {
    await createUser(db(), { username, password: 'registry-pass-1', permissions })
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: js })).newPage()
    await signIn(page, username)
    return page
  }

  it('a view-only user sees the lists without add or edit links, a row opens a read-only modal, and the forms answer 403', async () => {
    const page = await pageOf('registry-viewer', VIEW_ONLY)
    await page.goto('/manage?tab=service')
    for (const card of ['Jobs', 'Trucks', 'Parts'])
      await page
        .getByRole('link', { name: new RegExp(card) })
        .first()
        .waitFor()
    await page.goto('/manage?tab=pretreats')
    for (const card of ['Destinations', 'Pre-Written Messages'])
      await page
        .getByRole('link', { name: new RegExp(card) })
        .first()
        .waitFor()

    await page.goto('/manage-job')
    expect(await page.getByRole('link', { name: 'Add Job' }).count()).toBe(0)
    const hrefs = await page.locator('table a.list-row-link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(hrefs.length).toBeGreaterThan(0)
    expect(hrefs.every((h) => /^\/manage-job\/\d+/.test(h ?? ''))).toBe(true)
    await page.locator('table a.list-row-link').first().click()
    await page.getByRole('dialog', { name: 'Job' }).waitFor()

    await page.goto('/manage-part')
    expect(await page.getByRole('link', { name: 'Add Part' }).count()).toBe(0)
    expect(await page.locator('table a.list-row-link').first().getAttribute('href')).toMatch(/^\/manage-part\/\d+/)

    await page.goto('/manage-destination')
    expect(await page.getByRole('list', { name: 'Destinations' }).getByRole('listitem').count()).toBeGreaterThanOrEqual(19)
    expect(
      await page
        .getByRole('button')
        .filter({ hasText: /Save|Add|Deactivate/ })
        .count(),
    ).toBe(0)

    const job = await db().selectFrom('jobs').select('id').orderBy('id').executeTakeFirstOrThrow()
    const truck = await db().selectFrom('trucks').select('id').orderBy('id').executeTakeFirstOrThrow()
    for (const path of ['/add-job', '/edit-job', `/edit-job/${job.id}`, '/add-truck', '/edit-truck', `/edit-truck/${truck.id}`, '/add-part', '/edit-part']) {
      expect((await page.request.get(path, { maxRedirects: 0 })).status(), path).toBe(403)
    }
  })

  it('a user without the permissions gets 403 on every registry screen and its CSV', async () => {
    const page = await pageOf('registry-nobody', ['api.view_callin'], false)
    for (const path of [
      '/manage-job',
      '/manage-job.csv',
      '/manage-truck',
      '/manage-truck.csv',
      '/manage-part',
      '/manage-part.csv',
      '/manage-destination',
      '/manage-message',
      '/add-job',
      '/edit-part',
    ]) {
      expect((await page.request.get(path, { maxRedirects: 0 })).status(), path).toBe(403)
    }
  })
})
