import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { modalShown, newContext, signIn } from '../support/browser.ts'

const suite = useBrowserSuite()

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** A file that starts like a PNG. */
function png(name: string) {
  const buffer = Buffer.alloc(4096, 7)
  PNG_SIGNATURE.copy(buffer)
  return { name, mimeType: 'image/png', buffer }
}

async function aStorageOf(companyName: string, other = false) {
  return suite.app.db
    .selectFrom('storages as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .select(['s.id', 's.name', 's.company_id'])
    .where('c.company_name', other ? '!=' : '=', companyName)
    .orderBy('s.name')
    .executeTakeFirstOrThrow()
}

const sheetsWith = (notes: string) => suite.app.db.selectFrom('service_sheets').selectAll().where('notes', '=', notes).execute()
const countOf = async (table: 'service_sheets' | 'service_sheet_parts' | 'service_sheet_images' | 'blobs' | 'service_sheet_numbers') =>
  Number(
    (
      await suite.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
const partsOf = (sheetId: number) =>
  suite.app.db
    .selectFrom('service_sheet_parts as l')
    .innerJoin('parts as p', 'p.id', 'l.part_id')
    .select(['p.part_number', 'l.quantity', 'l.description', 'l.added_at_level'])
    .where('l.service_sheet_id', '=', sheetId)
    .orderBy('l.id')
    .execute()

/** Picks a part in the parts picker and presses Add Part. */
async function addPart(page: Page, partNumber: string, quantity: string, description = '') {
  await page.getByLabel('Part Number').fill(partNumber)
  await page.getByLabel('Quantity').fill(quantity)
  await page.getByLabel('Part Description').fill(description)
  await page.getByRole('button', { name: 'Add Part' }).click()
}

describe('service sheets', () => {
  it('with JavaScript: from a call in Pending Calls, prefilled, two parts and a photo, Success, then the sheet and its level-1 review', async () => {
    const storage = await aStorageOf('Aberdeen Acres')
    const tech = await suite.app.db.selectFrom('users').select('id').where('username', '=', 'tech').executeTakeFirstOrThrow()
    const description = `Fan 2 bearing squeals ${Date.now()}`
    const call = await suite.app.db
      .insertInto('call_ins')
      .values({ submission_id: crypto.randomUUID(), company_id: storage.company_id, storage_id: storage.id, created_by: tech.id, call_in_date: '2026-10-01', requested_by: 'Dale Jensen', description })
      .returning('id')
      .executeTakeFirstOrThrow()

    const page = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(page, 'tech', '/view-calls')
    await page.getByLabel('Filter by').selectOption('description')
    await page.getByLabel('Filter value').fill(description)
    await Promise.all([page.waitForURL(/filter_value=/), page.getByRole('button', { name: 'Filter', exact: true }).click()])
    await page.getByRole('row').filter({ hasText: description }).getByRole('link').first().click()
    const dialog = page.getByRole('dialog', { name: 'Call In Details' })
    await Promise.all([page.waitForURL(/\/service-form\?call=\d+/), dialog.getByRole('link', { name: 'Create Service Sheet' }).click()])

    // Prefilled from the call; the call's description cannot be changed.
    expect(await page.getByLabel('Customer', { exact: true }).inputValue()).toBe('Aberdeen Acres')
    expect(await page.getByLabel('Storage', { exact: true }).inputValue()).toBe(storage.name)
    expect(await page.getByLabel('Requested By').inputValue()).toBe('Dale Jensen')
    const callDescription = page.getByLabel('Call Description')
    expect(await callDescription.inputValue()).toBe(description)
    expect(await callDescription.getAttribute('readonly')).not.toBeNull()
    const sheetNumber = Number(await page.getByLabel('Sheet Number').inputValue())
    expect(sheetNumber).toBeGreaterThan(1000)

    await page.getByLabel('Fan', { exact: true }).check()
    // 'Other' is not ticked: its field is not shown.
    expect(await page.getByLabel('Other Service').isVisible()).toBe(false)
    await page.getByLabel('Travel Hours').fill('1.5')
    await page.getByLabel('Labor Hours').fill('2.25')

    // The picker refuses in the page, then adds.
    await addPart(page, 'FAN-BLT-B75', '0')
    await page.getByText('Quantity must be above 0.').waitFor()
    await addPart(page, 'FAN-BLT-B75', '2')
    await addPart(page, 'SPECIAL ORDER', '1')
    await page.getByText('A special part needs a description.').waitFor()
    await addPart(page, 'SPECIAL ORDER', '1', 'Plenum door hinge')
    await addPart(page, 'FAN-BLT-B90', '1')
    await page.getByRole('button', { name: 'Remove FAN-BLT-B90 (line 3)' }).click()
    const lines = page.getByRole('list', { name: 'Parts on this sheet' }).getByRole('listitem')
    expect(await lines.allInnerTexts()).toEqual([expect.stringContaining('FAN-BLT-B75'), expect.stringContaining('Plenum door hinge')])

    await page.getByLabel('Images').setInputFiles(png('fan-2.png'))
    await page.getByText('Uploaded').waitFor()
    const notes = `Replaced bearing and belt ${Date.now()}`
    await page.getByLabel('Detailed Notes').fill(notes)
    await page.getByRole('button', { name: 'Submit' }).click()
    await modalShown(page, 'Success', 'Submission Successful! Redirecting...')
    await page.waitForURL((url) => url.pathname === '/service')

    const [sheet] = await sheetsWith(notes)
    expect(sheet).toMatchObject({
      call_in_id: call.id,
      service_sheet_number: sheetNumber,
      description,
      requested_by: 'Dale Jensen',
      service_rendered: ['Fan'],
      storage_id: storage.id,
      status: 'level_1_review',
    })
    expect([sheet!.travel_hours1, sheet!.labor_hours1].map(Number)).toEqual([1.5, 2.25])
    expect((await partsOf(sheet!.id)).map((p) => ({ ...p, quantity: Number(p.quantity) }))).toEqual([
      { part_number: 'FAN-BLT-B75', quantity: 2, description: '', added_at_level: 0 },
      { part_number: 'SPECIAL ORDER', quantity: 1, description: 'Plenum door hinge', added_at_level: 0 },
    ])
    const images = await suite.app.db
      .selectFrom('service_sheet_images as i')
      .innerJoin('blobs as b', 'b.id', 'i.blob_id')
      .select(['b.area', 'b.content_type'])
      .where('i.service_sheet_id', '=', sheet!.id)
      .execute()
    expect(images).toEqual([{ area: 'service', content_type: 'image/png' }])
    const reviews = await suite.app.db.selectFrom('service_reviews').select(['review_level', 'status']).where('service_sheet_id', '=', sheet!.id).execute()
    expect(reviews).toEqual([{ review_level: 1, status: 'open' }])

    // The call now shows its sheet instead of the link.
    await page.goto(`/view-calls/${call.id}`)
    await page.getByRole('dialog').getByText(`#${sheetNumber}`).waitFor()
    expect(await page.getByRole('link', { name: 'Create Service Sheet' }).count()).toBe(0)
    await page.goto(`/service-form?call=${call.id}`)
    await page.getByText(`This call already has service sheet #${sheetNumber}.`).waitFor()
    expect(await page.getByLabel('Detailed Notes').count()).toBe(0)
  })

  it('with JavaScript: a customer then a storage opens the form, a job replaces them, Start over clears both', async () => {
    const page = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(page, 'tech', '/service-form')
    await page.getByLabel('Customer', { exact: true }).fill('Aberdeen Acres')
    const storage = await aStorageOf('Aberdeen Acres')
    await page.getByLabel('Storage', { exact: true }).selectOption(String(storage.id))
    await page.getByLabel('Sheet Number').waitFor()
    expect(await page.getByLabel('Call Description').getAttribute('readonly')).toBeNull()
    await page.getByLabel('Other', { exact: true }).check()
    await page.getByLabel('Other Service').waitFor()

    await page.getByLabel('Job Number').fill('J-2025-007')
    await page.getByRole('option', { name: 'N/A' }).waitFor({ state: 'attached' })
    expect(await page.getByLabel('Customer', { exact: true }).inputValue()).toBe('Teton Valley Potato Co.')
    expect(await page.getByLabel('Service Type').isDisabled()).toBe(true)

    await page.getByRole('link', { name: 'Start over' }).click()
    await page.waitForURL((url) => url.search === '')
    await page.getByLabel('Sheet Number').waitFor({ state: 'detached' })
    expect([await page.getByLabel('Customer', { exact: true }).inputValue(), await page.getByLabel('Job Number').inputValue()]).toEqual(['', ''])
  })

  it('without JavaScript: customer, storage, the form; Add Part posts back keeping every value; Submit, then the message', async () => {
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false })).newPage()
    await signIn(page, 'tech', '/service-form')
    expect(await page.getByLabel('Sheet Number').count()).toBe(0)
    await page.getByLabel('Customer', { exact: true }).fill('Aberdeen Acres')
    await page.getByRole('button', { name: 'Continue' }).click()
    const storage = await aStorageOf('Aberdeen Acres')
    await page.getByLabel('Storage', { exact: true }).selectOption(String(storage.id))
    await page.getByRole('button', { name: 'Continue' }).click()

    const sheetNumber = await page.getByLabel('Sheet Number').inputValue()
    const reservedBefore = await countOf('service_sheet_numbers')
    await page.getByLabel('Requested By').fill('Ann')
    await page.getByLabel('Doors', { exact: true }).check()
    await page.getByLabel('Other', { exact: true }).check()
    await page.getByLabel('Other Service').fill('Rehung the side door')
    await page.getByLabel('Travel Hours').fill('0.75')
    await page.getByLabel('Labor Hours').fill('3')
    await page.getByLabel('Call Description').fill('Side door sticks')

    await addPart(page, 'NOT-A-PART', '1')
    await page.getByText('Choose a part from the parts list.').waitFor()
    await addPart(page, 'FAN-BLT-B75', '1')
    await addPart(page, 'DOOR-ROLLER', '3')
    await page.getByRole('list', { name: 'Parts on this sheet' }).getByText('DOOR-ROLLER').waitFor()
    // Remove posts back too, and takes out that line only.
    await page.getByRole('button', { name: 'Remove FAN-BLT-B75 (line 1)' }).click()
    await page.getByRole('button', { name: 'Remove FAN-BLT-B75 (line 1)' }).waitFor({ state: 'detached' })
    expect(await page.getByRole('list', { name: 'Parts on this sheet' }).getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining('DOOR-ROLLER')])
    // Everything typed is still there, with the same sheet number, and no number was used up.
    expect(await page.getByLabel('Requested By').inputValue()).toBe('Ann')
    expect(await page.getByLabel('Other Service').inputValue()).toBe('Rehung the side door')
    expect(await page.getByLabel('Doors', { exact: true }).isChecked()).toBe(true)
    expect(await page.getByLabel('Labor Hours').inputValue()).toBe('3')
    expect(await page.getByLabel('Sheet Number').inputValue()).toBe(sheetNumber)
    expect(await countOf('service_sheet_numbers')).toBe(reservedBefore)

    await page.getByLabel('Images').setInputFiles(png('door.png'))
    const notes = `No-JS sheet ${Date.now()}`
    await page.getByLabel('Detailed Notes').fill(notes)
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL((url) => url.pathname === '/service')
    await page.getByText('Submission Successful!').waitFor()

    const [sheet] = await sheetsWith(notes)
    expect(sheet).toMatchObject({ service_sheet_number: Number(sheetNumber), service_rendered: ['Doors', 'Other'], other_service: 'Rehung the side door', call_in_id: null, job_id: null })
    expect((await partsOf(sheet!.id)).map((p) => [p.part_number, Number(p.quantity)])).toEqual([['DOOR-ROLLER', 3]])
    expect(await suite.app.db.selectFrom('service_sheet_images').select('blob_id').where('service_sheet_id', '=', sheet!.id).execute()).toHaveLength(1)
  })

  it('without JavaScript: a job fills customer and storage, and the service type is N/A', async () => {
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false })).newPage()
    await signIn(page, 'tech', '/service-form')
    await page.getByLabel('Job Number').fill('J-2025-007')
    await page.getByRole('button', { name: 'Continue' }).click()
    const serviceType = page.getByLabel('Service Type')
    expect(await serviceType.isDisabled()).toBe(true)
    expect(await serviceType.innerText()).toBe('N/A')
    expect(await page.getByLabel('Customer', { exact: true }).getAttribute('readonly')).not.toBeNull()
    await page.getByRole('link', { name: 'Start over' }).click()
    expect(await page.getByLabel('Job Number').inputValue()).toBe('')
    expect(await page.getByLabel('Customer', { exact: true }).inputValue()).toBe('')
    expect(await page.getByLabel('Sheet Number').count()).toBe(0)
  })

  it('a user without api.add_servicesheet: no Create Service Sheet link, and the form answers 403 in the Error modal', async () => {
    const call = await suite.app.db
      .selectFrom('call_ins as ci')
      .leftJoin('service_sheets as s', 's.call_in_id', 'ci.id')
      .select('ci.id')
      .where('s.id', 'is', null)
      .orderBy('ci.id')
      .executeTakeFirstOrThrow()
    const page = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(page, 'viewer', `/view-calls/${call.id}`)
    await page.getByRole('dialog', { name: 'Call In Details' }).waitFor()
    expect(await page.getByRole('link', { name: 'Create Service Sheet' }).count()).toBe(0)
    expect((await page.goto(`/service-form?call=${call.id}`))?.status()).toBe(403)
    await page.getByRole('dialog', { name: 'Error' }).getByText('You do not have permission to do that.').waitFor()
  })

  it('refuses bad input with a message and changes nothing', async () => {
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false })).newPage()
    await signIn(page, 'tech')
    const storage = await aStorageOf('Aberdeen Acres')
    const url = `/service-form?company=${encodeURIComponent('Aberdeen Acres')}&storage=${storage.id}`
    await page.goto(url)
    const value = (name: string) => page.locator(`input[name="${name}"]`).first().getAttribute('value') as Promise<string>
    const base = {
      csrf: await value('csrf'),
      submission_id: await value('submission_id'),
      sheet_number: await value('sheet_number'),
      company_id: await value('company_id'),
      storage_id: String(storage.id),
      requested_by: 'X',
      service_rendered: 'Fan',
      service_date: '2026-11-01',
      travel_hours: '1',
      labor_hours: '1',
      description: 'should not save',
      notes: 'should not save',
    }
    const belt = await suite.app.db.selectFrom('parts').select('id').where('part_number', '=', 'FAN-BLT-B75').executeTakeFirstOrThrow()
    const otherStorage = await aStorageOf('Aberdeen Acres', true)
    const job = await suite.app.db.selectFrom('jobs').select('id').where('name', '=', 'J-2025-007').executeTakeFirstOrThrow()
    const before = { sheets: await countOf('service_sheets'), parts: await countOf('service_sheet_parts'), images: await countOf('service_sheet_images'), blobs: await countOf('blobs') }

    const post = async (fields: Record<string, string | ReturnType<typeof png>>) => {
      const response = await page.request.post(url, { multipart: { ...base, ...fields }, headers: { Origin: suite.app.url } })
      const html = (await response.text()).replaceAll('&#x27;', "'")
      return { status: response.status(), html }
    }
    const cases: [Record<string, string | ReturnType<typeof png>>, string][] = [
      [{ travel_hours: '-1' }, 'Travel hours must be 0 or more.'],
      [{ labor_hours: '1.1' }, 'Labor hours must be in steps of 0.25.'],
      [{ 'parts[0].part_id': '999999', 'parts[0].quantity': '1' }, 'Choose a part from the parts list.'],
      [{ 'parts[0].part_id': String(belt.id), 'parts[0].quantity': '0' }, 'Quantity must be above 0.'],
      [{ storage_id: String(otherStorage.id) }, "That storage is not one of this customer's storages."],
      [{ job_id: String(job.id), service_rendered: '' }, "That job's customer and storage do not match the ones sent."],
      [{ images: { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not an image') } }, 'Only image files are accepted.'],
    ]
    for (const [fields, message] of cases) {
      const { status, html } = await post(fields)
      expect({ fields: Object.keys(fields), status, shown: html.includes(message) }).toEqual({ fields: Object.keys(fields), status: 400, shown: true })
    }
    // The Add Part post-back refuses too, and keeps what was typed.
    const refused = await post({ intent: 'add-line:parts', 'pick_parts.part': 'FAN-BLT-B75', 'pick_parts.quantity': '0' })
    expect(refused.status).toBe(400)
    expect(refused.html).toContain('Quantity must be above 0.')
    expect(refused.html).toContain('value="FAN-BLT-B75"')

    expect({ sheets: await countOf('service_sheets'), parts: await countOf('service_sheet_parts'), images: await countOf('service_sheet_images'), blobs: await countOf('blobs') }).toEqual(before)

    const missing = await page.goto('/service-form?call=999999')
    expect(missing?.status()).toBe(404)
    await page.getByText('That call does not exist.').waitFor()
  })

  it.each([
    { js: true, name: 'with JavaScript' },
    { js: false, name: 'without JavaScript' },
  ])("'Other' shows its field only when ticked, and the field is required ($name)", async ({ js }) => {
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: js })).newPage()
    await signIn(page, 'tech')
    const storage = await aStorageOf('Aberdeen Acres')
    await page.goto(`/service-form?company=${encodeURIComponent('Aberdeen Acres')}&storage=${storage.id}`)
    const other = page.getByLabel('Other Service')
    expect(await other.isVisible()).toBe(false)
    await page.getByLabel('Other', { exact: true }).check()
    expect(await other.isVisible()).toBe(true)
    // with JavaScript the browser knows it is required; without, the server says so
    if (js) expect(await other.getAttribute('required')).not.toBeNull()
    const notes = `Other without a name ${Date.now()}`
    await page.getByLabel('Requested By').fill('Ann')
    await page.getByLabel('Travel Hours').fill('1')
    await page.getByLabel('Labor Hours').fill('1')
    await page.getByLabel('Call Description').fill('Something else')
    await page.getByLabel('Detailed Notes').fill(notes)
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByText('Describe the other service.').waitFor()
    expect(await sheetsWith(notes)).toHaveLength(0)
    await page.getByLabel('Other', { exact: true }).uncheck()
    expect(await other.isVisible()).toBe(false)
    await page.context().close()
  })

  it('at desktop width the picker and the sheet form are separate boxes, side by side, and the form uses the width', async () => {
    const page = await (await newContext(suite.browser, suite.app.url, { width: 1280 })).newPage()
    await signIn(page, 'tech')
    const storage = await aStorageOf('Aberdeen Acres')
    for (const url of [`/service-form?company=${encodeURIComponent('Aberdeen Acres')}&storage=${storage.id}`, `/service-call?company=${encodeURIComponent('Aberdeen Acres')}&storage=${storage.id}`]) {
      await page.goto(url)
      const picker = (await page.getByRole('form', { name: 'Customer or job' }).boundingBox())!
      const form = (await page.getByLabel('Requested By').locator('xpath=ancestor::form').boundingBox())!
      expect({ url, apart: form.x - (picker.x + picker.width) >= 16, wide: form.width >= 700 }).toEqual({ url, apart: true, wide: true })
    }
    await page.context().close()
  })
})
