import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { FORM_QUEUED_TEXT } from '#app/offline/form-outbox.ts'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { modalShown, newContext, signIn } from '../support/browser.ts'

const suite = useBrowserSuite()

async function aStorageOf(companyName: string) {
  return suite.app.db
    .selectFrom('storages as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .select(['s.id', 's.name'])
    .where('c.company_name', '=', companyName)
    .orderBy('s.name')
    .executeTakeFirstOrThrow()
}

const callsWith = (description: string) => suite.app.db.selectFrom('call_ins').selectAll().where('description', '=', description).execute()

/** Finds the call in Pending Calls through the description filter, opens its modal, checks it. */
async function findInListAndOpen(page: Page, description: string, expected: { company: string; storage: string }) {
  await page.goto('/view-calls')
  await page.getByLabel('Filter by').selectOption('description')
  await page.getByLabel('Filter value').fill(description)
  await Promise.all([page.waitForURL(/filter_value=/), page.getByRole('button', { name: 'Filter', exact: true }).click()])
  const table = page.getByRole('table')
  const row = table.getByRole('row').filter({ hasText: description })
  // the URL moves before React has drawn the filtered rows: wait for them
  await expect.poll(() => row.count()).toBe(1)
  expect(await row.innerText()).toContain(expected.company)
  await row.getByRole('link').first().click()
  const dialog = page.getByRole('dialog')
  await dialog.waitFor()
  expect(new URL(page.url()).pathname).toMatch(/^\/view-calls\/\d+$/)
  const text = await dialog.innerText()
  expect(text).toContain(description)
  expect(text).toContain(expected.company)
  expect(text).toContain(expected.storage)
  return new URL(page.url()).pathname
}

describe('call-ins', () => {
  it('with JavaScript: the machine shows each stage, Success modal, then the call is in the list and its modal', async () => {
    const page = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(page, 'tech', '/service-call')
    expect(await page.getByLabel('Requested By').count()).toBe(0)

    // Not an exact name: nothing happens.
    await page.getByLabel('Customer', { exact: true }).fill('Aberdeen')
    expect(await page.getByLabel('Storage', { exact: true }).count()).toBe(0)
    await page.getByLabel('Customer', { exact: true }).fill('Aberdeen Acres')
    const storage = await aStorageOf('Aberdeen Acres')
    await page.getByLabel('Storage', { exact: true }).selectOption(String(storage.id))

    const description = `Fan 3 rattles ${Date.now()}`
    await page.getByLabel('Requested By').fill('Dale Jensen')
    await page.getByLabel('Reason for Service').fill(description)
    await page.getByLabel('I got it').check()
    await page.getByRole('button', { name: 'Submit' }).click()
    await modalShown(page, 'Success', 'Submission Successful! Redirecting...')
    await page.waitForURL((url) => url.pathname === '/service')

    const saved = await callsWith(description)
    expect(saved).toHaveLength(1)
    expect(saved[0]).toMatchObject({ storage_id: storage.id, got_it: true, requested_by: 'Dale Jensen', job_id: null })
    await findInListAndOpen(page, description, { company: 'Aberdeen Acres', storage: storage.name })
  })

  it('with JavaScript: a job fills company and storage', async () => {
    const job = await suite.app.db
      .selectFrom('jobs as j')
      .innerJoin('companies as c', 'c.id', 'j.company_id')
      .innerJoin('storages as s', 's.id', 'j.storage_id')
      .select(['j.id', 'j.name', 'c.company_name', 's.name as storage_name', 'j.storage_id'])
      .orderBy('j.name')
      .executeTakeFirstOrThrow()
    const page = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(page, 'tech', '/service-call')
    await page.getByLabel('Job Number').fill(job.name)
    expect(await page.getByLabel('Customer', { exact: true }).inputValue()).toBe(job.company_name)
    expect(await page.getByLabel('Storage', { exact: true }).inputValue()).toBe(job.storage_name)
    const description = `Door seal ${Date.now()}`
    await page.getByLabel('Requested By').fill('Ann')
    await page.getByLabel('Reason for Service').fill(description)
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL((url) => url.pathname === '/service')
    expect(await callsWith(description)).toEqual([expect.objectContaining({ job_id: job.id, storage_id: job.storage_id })])
  })

  it('without JavaScript: stage by stage, a redirect with a message, then the list and the modal', async () => {
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false })).newPage()
    await signIn(page, 'tech', '/service-call')
    await page.getByLabel('Customer', { exact: true }).fill('Aberdeen Acres')
    await page.getByRole('button', { name: 'Continue' }).click()
    const storage = await aStorageOf('Aberdeen Acres')
    await page.getByLabel('Storage', { exact: true }).selectOption(String(storage.id))
    await page.getByRole('button', { name: 'Continue' }).click()

    const description = `No-JS call ${Date.now()}`
    await page.getByLabel('Requested By').fill('Dale')
    await page.getByLabel('Reason for Service').fill(description)
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL((url) => url.pathname === '/service')
    await page.getByText('Submission Successful!').waitFor()
    expect(await callsWith(description)).toHaveLength(1)
    await findInListAndOpen(page, description, { company: 'Aberdeen Acres', storage: storage.name })
  })

  // issue 22: a field form sent with no connection waits on the device (tests/e2e/form-outbox.test.ts), no longer the Error modal
  it('with JavaScript: a lost connection keeps the call on the device and says so, OK closes it, and the form sent again saves it once', async () => {
    const page = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(page, 'tech')
    const storage = await aStorageOf('Aberdeen Acres')
    await page.goto(`/service-call?company=${encodeURIComponent('Aberdeen Acres')}&storage=${storage.id}`)
    const description = `Offline first ${Date.now()}`
    await page.getByLabel('Requested By').fill('Dale')
    await page.getByLabel('Reason for Service').fill(description)
    await page.route('**/service-call*', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()))
    await page.getByRole('button', { name: 'Submit' }).click()
    const error = page.getByRole('dialog', { name: 'Waiting to send' })
    await error.getByText(FORM_QUEUED_TEXT).waitFor()
    await error.getByRole('button', { name: 'OK' }).click()
    await error.waitFor({ state: 'detached' })
    expect(await callsWith(description)).toHaveLength(0)

    await page.unroute('**/service-call*')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL((url) => url.pathname === '/service')
    expect(await callsWith(description)).toHaveLength(1)
  })

  it('without JavaScript: a name that is not in the list is refused with a message', async () => {
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false })).newPage()
    await signIn(page, 'tech', '/service-call?company=Nobody%20Farms')
    await page.getByText('Choose a customer from the list.').waitFor()
    expect(await page.getByLabel('Requested By').count()).toBe(0)
  })

  it('refuses a post with a storage of another company and saves nothing', async () => {
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false })).newPage()
    await signIn(page, 'tech')
    const storage = await aStorageOf('Aberdeen Acres')
    const stageUrl = `/service-call?company=${encodeURIComponent('Aberdeen Acres')}&storage=${storage.id}`
    await page.goto(stageUrl)
    const other = await suite.app.db
      .selectFrom('storages as s')
      .innerJoin('companies as c', 'c.id', 's.company_id')
      .select('s.id')
      .where('c.company_name', '!=', 'Aberdeen Acres')
      .executeTakeFirstOrThrow()
    // The form as the page made it, with another company's storage put in.
    const csrf = await page.locator('input[name="csrf"]').first().getAttribute('value')
    const submission = await page.locator('input[name="submission_id"]').getAttribute('value')
    const company = await page.locator('input[name="company_id"]').getAttribute('value')
    const response = await page.request.post(stageUrl, {
      form: { csrf: csrf!, submission_id: submission!, company_id: company!, storage_id: String(other.id), requested_by: 'X', call_in_date: '2026-11-01', description: 'should not save' },
      headers: { Origin: suite.app.url },
    })
    expect(response.status()).toBe(400)
    expect(await response.text()).toContain('That storage is not one of this customer&#x27;s storages.')
    expect(await callsWith('should not save')).toHaveLength(0)
  })

  it('does not offer the service company itself as a customer, and refuses it by name and by id', async () => {
    const own = await suite.app.db.selectFrom('companies').select('id').where('company_name', '=', 'Keystone Storage Services').executeTakeFirstOrThrow()
    const shop = await suite.app.db.insertInto('storages').values({ company_id: own.id, name: 'Our Shop' }).returning('id').executeTakeFirstOrThrow()
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false })).newPage()
    await signIn(page, 'tech', '/service-call')
    const offered = await page.locator('#company-options option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))
    expect(offered).toContain('Aberdeen Acres')
    expect(offered).not.toContain('Keystone Storage Services')

    await page.goto(`/service-call?company=${encodeURIComponent('Keystone Storage Services')}&storage=${shop.id}`)
    await page.getByText('Choose a customer from the list.').waitFor()
    expect(await page.getByLabel('Requested By').count()).toBe(0)

    // a form sent by hand with the company's id is refused too, and saves nothing
    const storage = await aStorageOf('Aberdeen Acres')
    const stageUrl = `/service-call?company=${encodeURIComponent('Aberdeen Acres')}&storage=${storage.id}`
    await page.goto(stageUrl)
    const csrf = await page.locator('input[name="csrf"]').first().getAttribute('value')
    const submission = await page.locator('input[name="submission_id"]').getAttribute('value')
    const response = await page.request.post(stageUrl, {
      form: { csrf: csrf!, submission_id: submission!, company_id: String(own.id), storage_id: String(shop.id), requested_by: 'X', call_in_date: '2026-11-01', description: 'our own shop' },
      headers: { Origin: suite.app.url },
    })
    expect(response.status()).toBe(400)
    expect(await response.text()).toContain('Choose a customer from the list.')
    expect(await callsWith('our own shop')).toHaveLength(0)
  })
})

describe('Pending Calls, the list', () => {
  const callsOf = (company: string) =>
    suite.app.db.selectFrom('call_ins as c').innerJoin('companies as co', 'co.id', 'c.company_id').select(['c.id', 'c.description']).where('co.company_name', '=', company).execute()

  it('without JavaScript: part of a company name in any case finds its calls, and Export CSV downloads exactly them', async () => {
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false })).newPage()
    await signIn(page, 'tech', '/view-calls')
    await page.getByLabel('Filter by').selectOption('company')
    await page.getByLabel('Filter value').fill('ABERDEEN')
    await Promise.all([page.waitForURL(/filter_value=ABERDEEN/), page.getByRole('button', { name: 'Filter', exact: true }).click()])
    const expected = await callsOf('Aberdeen Acres')
    expect(expected.length).toBeGreaterThan(0)
    await page.getByText(`of ${expected.length}`, { exact: false }).first().waitFor()
    const companies = await page
      .getByRole('table')
      .getByRole('row')
      .evaluateAll((rows) => rows.slice(1).map((r) => r.children[1]?.textContent))
    expect(companies.length).toBeGreaterThan(0)
    expect(new Set(companies)).toEqual(new Set(['Aberdeen Acres']))

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()])
    expect(download.suggestedFilename()).toMatch(/^pending-calls-\d{4}-\d{2}-\d{2}\.csv$/)
    const lines = (await (await download.createReadStream()).toArray())
      .join('')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe('Date,Company,Storage,Job,Description')
    expect(lines).toHaveLength(expected.length + 1)
    expect(lines.slice(1).every((l) => l.split(',')[1] === 'Aberdeen Acres')).toBe(true)
  })

  it('on a phone without JavaScript: the sort control above the cards sorts them', async () => {
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false, width: 375 })).newPage()
    await signIn(page, 'tech', '/view-calls')
    expect(await page.getByRole('table').isVisible()).toBe(false)
    await page.getByLabel('Sort by').selectOption('company')
    await page.getByLabel('Order').selectOption('asc')
    await Promise.all([page.waitForURL(/sort_by=company/), page.getByRole('button', { name: 'Sort', exact: true }).click()])
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({ sort_by: 'company', order: 'asc' })
    const first = await suite.app.db
      .selectFrom('call_ins as c')
      .innerJoin('companies as co', 'co.id', 'c.company_id')
      .select('c.id')
      .orderBy('co.company_name', 'asc')
      .orderBy('c.id', 'asc')
      .executeTakeFirstOrThrow()
    const card = page.getByRole('list', { name: 'Pending Calls' }).getByRole('listitem').first()
    expect(await card.getByRole('link').getAttribute('href')).toMatch(new RegExp(`^/view-calls/${first.id}\\?`))
  })

  for (const javaScriptEnabled of [true, false]) {
    it(`${javaScriptEnabled ? 'with' : 'without'} JavaScript: a reversed date range is refused with its message, both dates kept`, async () => {
      const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled })).newPage()
      await signIn(page, 'tech', '/view-calls')
      await page.getByRole('link', { name: 'Date Range' }).click()
      const dialog = page.getByRole('dialog', { name: 'Select Date Range' })
      await dialog.getByLabel('Start date').fill('2025-03-01')
      await dialog.getByLabel('End date').fill('2025-02-01')
      await Promise.all([page.waitForURL(/end_date=2025-02-01/), dialog.getByRole('button', { name: 'Apply' }).click()])
      await dialog.getByText('End date must be on or after the start date.').waitFor()
      expect(await dialog.getByText('End date must be on or after the start date.').isVisible()).toBe(true)
      expect(await dialog.getByLabel('Start date').inputValue()).toBe('2025-03-01')
      expect(await dialog.getByLabel('End date').inputValue()).toBe('2025-02-01')
    })
  }
})
