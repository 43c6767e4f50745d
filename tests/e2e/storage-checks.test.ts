import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { aggregateAlerts } from '#jobs/alert-aggregation.job.ts'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { modalShown, newContext, signIn } from '../support/browser.ts'

const suite = useBrowserSuite()

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** A file that starts like a PNG. */
function png(name: string) {
  const buffer = Buffer.alloc(64)
  PNG_SIGNATURE.copy(buffer)
  return { name, mimeType: 'image/png', buffer }
}

async function storagesOf(companyName: string) {
  return suite.app.db
    .selectFrom('storages as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .select(['s.id', 's.name', 'c.id as company_id'])
    .where('c.company_name', '=', companyName)
    .where('s.active', '=', true)
    .orderBy('s.name')
    .execute()
}

const checksWith = (notes: string) => suite.app.db.selectFrom('storage_checks').selectAll().where('notes', '=', notes).execute()
const countOf = async (table: 'storage_checks' | 'storage_check_images' | 'blobs') =>
  Number(
    (
      await suite.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

/** Fills the check's own fields (the storage is chosen already) and sends it. */
async function fillAndSend(page: Page, notes: string, options: { image?: boolean; js?: boolean } = {}) {
  await page.getByLabel('Date Inspected').fill('2026-11-20')
  await page.getByLabel('Variety').selectOption('Russet - Fryer')
  await page.getByLabel('Cellar Fill Status').selectOption('3/4 Full')
  await page.getByLabel('Setpoint (°F)').fill('45')
  await page.getByLabel('Humidity (%)').fill('95.5')
  await page.getByLabel('Runtime (hours)').fill('12')
  await page.getByLabel('Pile 1 (°F)').fill('46.2')
  await page.getByLabel('Pile 4 (°F)').fill('-2')
  if (options.image) {
    await page.getByLabel('Images').setInputFiles(png('pile.png'))
    // with JavaScript the file is uploaded at once, and the form sends its id
    if (options.js) await page.getByText('Uploaded').waitFor()
  }
  await page.getByLabel('Notes').fill(notes)
  await page.getByRole('button', { name: 'Submit' }).click()
}

/** Finds the check in the list by its storage, opens its modal and checks what it shows. */
async function findInListAndOpen(page: Page, check: { id: number; storage: string; company: string }, images: number) {
  await page.goto('/view-storage-check')
  await page.getByLabel('Filter by').selectOption('storage')
  await page.getByLabel('Filter value').fill(check.storage)
  await Promise.all([page.waitForURL(/filter_value=/), page.getByRole('button', { name: 'Filter', exact: true }).click()])
  const row = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.locator(`a[href^="/view-storage-check/${check.id}"]`) })
  // the URL moves before React has drawn the filtered rows: wait for them
  await expect.poll(() => row.count()).toBe(1)
  const text = await row.innerText()
  expect(text).toContain(check.company)
  expect(text).toContain('Luis Ortega') // the demo tech
  expect(text).toContain('Russet - Fryer')
  expect(text).toContain('3/4 Full')
  await row.getByRole('link').first().click()
  const dialog = page.getByRole('dialog', { name: 'Storage Check Details' })
  await dialog.waitFor()
  expect(new URL(page.url()).pathname).toBe(`/view-storage-check/${check.id}`)
  const shown = await dialog.innerText()
  for (const part of [check.storage, check.company, '45 °F', '95.5 %', '12 hours', '46.2 °F', '-2 °F']) expect(shown).toContain(part)
  expect(await dialog.getByRole('img').count()).toBe(images)
  if (images > 0) {
    const src = await dialog.getByRole('img').first().getAttribute('src')
    expect((await page.request.get(src!)).status()).toBe(200)
  }
}

describe('storage checks', () => {
  it.each([
    { js: true, name: 'with JavaScript' },
    { js: false, name: 'without JavaScript' },
  ])('from /storage-check-form: owner, then storage, then the check; back to /checks; in the list and its modal ($name)', async ({ js }) => {
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: js })).newPage()
    await signIn(page, 'tech', '/checks')
    await page.getByRole('link', { name: /Storage Check Form/ }).click()
    await page.waitForURL((url) => url.pathname === '/storage-check-form')
    expect(await page.getByLabel('Job Number').count()).toBe(0)
    expect(await page.getByLabel('Notes').count()).toBe(0)
    const [storage] = await storagesOf('Aberdeen Acres')
    await page.getByLabel('Owner', { exact: true }).fill('Aberdeen Acres')
    if (!js) await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByLabel('Storage', { exact: true }).selectOption(String(storage!.id))
    if (!js) await page.getByRole('button', { name: 'Continue' }).click()

    const notes = `Pile 1 warm at the north end ${js ? 'js' : 'no-js'} ${Date.now()}`
    await fillAndSend(page, notes, { image: true, js })
    if (js) await modalShown(page, 'Success', 'Submission Successful! Redirecting...')
    await page.waitForURL((url) => url.pathname === '/checks')
    if (!js) await page.getByText('Submission Successful!').waitFor()

    const saved = await checksWith(notes)
    expect(saved).toHaveLength(1)
    expect(saved[0]).toMatchObject({ storage_id: storage!.id, company_id: storage!.company_id, variety: 'Russet - Fryer', fill_status: '3/4 Full', plenum: null, pile2: null })
    expect([saved[0]!.setpoint, saved[0]!.humidity, saved[0]!.pile4].map(Number)).toEqual([45, 95.5, -2])
    const images = await suite.app.db
      .selectFrom('storage_check_images as i')
      .innerJoin('blobs as b', 'b.id', 'i.blob_id')
      .select(['b.area', 'b.content_type'])
      .where('i.storage_check_id', '=', saved[0]!.id)
      .execute()
    expect(images).toEqual([{ area: 'storage_checks', content_type: 'image/png' }])
    await findInListAndOpen(page, { id: saved[0]!.id, storage: storage!.name, company: 'Aberdeen Acres' }, 1)
  })

  it.each([
    { js: true, name: 'with JavaScript' },
    { js: false, name: 'without JavaScript' },
  ])('locked to a company (/storage-check-form/{id}, also /storage-check/{id}): the owner is fixed, and it returns to the storage picker, /storage ($name)', async ({ js }) => {
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: js })).newPage()
    await signIn(page, 'tech')
    const storages = await storagesOf('Aberdeen Acres')
    const storage = storages[storages.length - 1]!
    for (const path of [`/storage-check/${storage.company_id}`, `/storage-check-form/${storage.company_id}`]) {
      await page.goto(path)
      const owner = page.getByLabel('Owner', { exact: true })
      expect(await owner.inputValue()).toBe('Aberdeen Acres')
      expect(await owner.getAttribute('readonly')).not.toBeNull()
    }
    await page.getByLabel('Storage', { exact: true }).selectOption(String(storage.id))
    if (!js) await page.getByRole('button', { name: 'Continue' }).click()
    expect(new URL(page.url()).pathname).toBe(`/storage-check-form/${storage.company_id}`)

    const notes = `Locked check ${js ? 'js' : 'no-js'} ${Date.now()}`
    await fillAndSend(page, notes)
    if (js) await modalShown(page, 'Success')
    // the locked form is opened from the storage picker (/storage), and returns there, its grower chosen
    await page.waitForURL((url) => url.pathname === '/storage' && url.searchParams.get('company') === 'Aberdeen Acres')
    await page.getByRole('heading', { name: 'Storages of Aberdeen Acres' }).waitFor()
    const saved = await checksWith(notes)
    expect(saved).toHaveLength(1)
    expect(saved[0]).toMatchObject({ storage_id: storage.id, company_id: storage.company_id })
    await findInListAndOpen(page, { id: saved[0]!.id, storage: storage.name, company: 'Aberdeen Acres' }, 0)
  })

  it('refuses bad input with a field message and saves nothing; a form sent twice saves one check', async () => {
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false })).newPage()
    await signIn(page, 'tech')
    const [storage] = await storagesOf('Aberdeen Acres')
    const [otherCompanyStorage] = await storagesOf('Snake River Farms')
    const url = `/storage-check-form?company=${encodeURIComponent('Aberdeen Acres')}&storage=${storage!.id}`
    await page.goto(url)
    const value = (name: string) => page.locator(`input[name="${name}"]`).first().getAttribute('value') as Promise<string>
    const base = {
      csrf: await value('csrf'),
      submission_id: await value('submission_id'),
      company_id: String(storage!.company_id),
      storage_id: String(storage!.id),
      date_inspected: '2026-11-20',
      variety: 'Red',
      fill_status: 'Full',
      notes: `should not save ${Date.now()}`,
    }
    const before = { checks: await countOf('storage_checks'), images: await countOf('storage_check_images'), blobs: await countOf('blobs') }
    const post = async (fields: Record<string, string | ReturnType<typeof png>>, to = url) => {
      const response = await page.request.post(to, { multipart: { ...base, ...fields }, headers: { Origin: suite.app.url } })
      return { status: response.status(), html: (await response.text()).replaceAll('&#x27;', "'") }
    }
    const cases: [Record<string, string | ReturnType<typeof png>>, string][] = [
      [{ company_id: '999999' }, 'Choose an owner from the list.'],
      [{ storage_id: '999999' }, 'Choose a storage.'],
      [{ storage_id: String(otherCompanyStorage!.id) }, "That storage is not one of this owner's storages."],
      [{ images: { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not an image') } }, 'Only image files are accepted.'],
      [{ notes: '  ' }, 'Notes are required.'],
      [{ variety: '' }, 'Choose a variety from the list.'],
      [{ humidity: '101' }, 'Humidity must be 100 or less.'],
      [{ pile3: '-40.5' }, 'Pile 3 temperature must be -40 or more.'],
      [{ runtime_hours: '-1' }, 'Runtime hours must be 0 or more.'],
      [{ setpoint: 'forty five' }, 'Setpoint must be a number, like 12 or 1.25.'],
    ]
    for (const [fields, message] of cases) {
      const { status, html } = await post(fields)
      expect({ fields: Object.keys(fields), status, shown: html.includes(message) }).toEqual({ fields: Object.keys(fields), status: 400, shown: true })
    }
    // locked to one company, a check for another is refused
    const locked = await post({ company_id: String(otherCompanyStorage!.company_id), storage_id: String(otherCompanyStorage!.id) }, `/storage-check-form/${storage!.company_id}`)
    expect(locked.status).toBe(400)
    expect({ checks: await countOf('storage_checks'), images: await countOf('storage_check_images'), blobs: await countOf('blobs') }).toEqual(before)

    // the same form twice (a double click, a retry): one check
    const notes = `Sent twice ${Date.now()}`
    for (let i = 0; i < 2; i++) expect((await post({ notes }, url)).status).toBe(200) // the redirect to /checks, followed
    expect(await checksWith(notes)).toHaveLength(1)

    expect((await page.goto('/storage-check-form/999999'))?.status()).toBe(404)
  })

  it('shows the empty text for a storage without checks (the list embedded for one storage hides company and storage)', async () => {
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false })).newPage()
    await signIn(page, 'tech')
    const [aberdeen] = await storagesOf('Aberdeen Acres')
    const unchecked = await suite.app.db
      .insertInto('storages')
      .values({ company_id: aberdeen!.company_id, name: `New Cellar ${Date.now()}` })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow()
    await page.goto(`/view-storage-check?i=${unchecked.id}`)
    await page.getByRole('heading', { name: `Storage Checks – ${unchecked.name}` }).waitFor()
    await page.getByText('No storage checks available.').waitFor()

    const checked = await suite.app.db.selectFrom('storage_checks').select('storage_id').orderBy('id').executeTakeFirstOrThrow()
    await page.goto(`/view-storage-check?i=${checked.storage_id}`)
    const headers = await page.getByRole('table').getByRole('columnheader').allInnerTexts()
    expect(headers.map((h) => h.trim())).toEqual([expect.stringContaining('Date'), expect.stringContaining('Inspector'), expect.stringContaining('Variety'), expect.stringContaining('Fill')])
  })

  it('the alerts bell counts the storages due for a check for tech (not for office) and leads to the Checks due list', async () => {
    const { storage_checks_due: due } = await aggregateAlerts(suite.app.db)
    expect(due).toBeGreaterThan(0) // the demo data has storages whose last check is over 30 days old
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false })).newPage()
    await signIn(page, 'tech')
    await page.getByLabel(/^Alerts: /).click()
    const alert = page.getByRole('menuitem', { name: `Storages due for a check ${due}` })
    await Promise.all([page.waitForURL((url) => url.pathname === '/checks-due'), alert.click()])
    await page.getByRole('heading', { name: 'Checks Due' }).waitFor()
    expect(await page.getByText(`of ${due}`).count()).toBeGreaterThan(0)

    const office = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false })).newPage()
    await signIn(office, 'office')
    expect(await office.getByRole('menuitem', { name: /Storages due for a check/ }).count()).toBe(0)
  })

  it('permissions: tech sees the cards and the screens; office has neither (403, no cards)', async () => {
    const tech = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(tech, 'tech', '/')
    await tech
      .getByRole('link', { name: /Storage Checks/ })
      .first()
      .waitFor()
    await tech.goto('/checks')
    await tech.getByRole('link', { name: /Storage Check Form/ }).waitFor()
    await tech.getByRole('link', { name: 'View', exact: true }).click()
    for (const card of ['View Storage Checks', 'Checks Due']) await tech.getByRole('link', { name: new RegExp(card) }).waitFor()

    const office = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(office, 'office', '/')
    expect(await office.getByRole('link', { name: /Storage Check/ }).count()).toBe(0)
    for (const path of ['/checks', '/view-storage-check', '/checks-due', '/view-storage-check.csv']) {
      expect({ path, status: (await office.goto(path))?.status() }).toEqual({ path, status: 403 })
    }
    // the form and its look-ups: the server's text in the Error modal
    expect((await office.goto(`/storage-check-form?company=${encodeURIComponent('Aberdeen Acres')}`))?.status()).toBe(403)
    await office.getByRole('dialog', { name: 'Error' }).getByText('You do not have permission to do that.').waitFor()
  })
})
