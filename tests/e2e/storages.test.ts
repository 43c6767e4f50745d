// The storage picker (/storage, /manage-storage, /edit-storage) and the storage form (/add-storage,
// /edit-storage/{id}), with JavaScript and without. /view-storage/{id} is another part's page: the
// cards' links are checked by their href.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { modalShown, newContext, signIn } from '../support/browser.ts'
import { makeUser } from '../support/records.ts'

const suite = useBrowserSuite()

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
function png(name: string) {
  const buffer = Buffer.alloc(64)
  PNG_SIGNATURE.copy(buffer)
  return { name, mimeType: 'image/png', buffer }
}

const GROWER = 'Aberdeen Acres'

async function companyId(name: string) {
  return (await suite.app.db.selectFrom('companies').select('id').where('company_name', '=', name).executeTakeFirstOrThrow()).id
}
const storagesOf = async (id: number) => suite.app.db.selectFrom('storages').select(['id', 'name']).where('company_id', '=', id).orderBy('name').orderBy('id').execute()
const storagesNamed = (name: string) => suite.app.db.selectFrom('storages').selectAll().where('name', '=', name).execute()
const imagesOf = async (storageId: number) =>
  (await suite.app.db.selectFrom('storage_images').select('blob_id').where('storage_id', '=', storageId).orderBy('position').execute()).map((r) => r.blob_id)

async function pageFor(username: string, js: boolean, width?: number) {
  const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: js, width })).newPage()
  await signIn(page, username)
  return page
}

/** Chooses the grower in the picker the way a person does (Continue without JavaScript). */
async function chooseGrower(page: Page, name: string, js: boolean) {
  await page.getByLabel('Company', { exact: true }).fill(name)
  if (!js) await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('heading', { name: `Storages of ${name}` }).waitFor()
}

const cardHrefs = (page: Page) =>
  page
    .getByRole('list', { name: 'Storages' })
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')))

describe('the storage picker', () => {
  it.each([
    { js: true, name: 'with JavaScript' },
    { js: false, name: 'without JavaScript' },
  ])("Growers: heading, a grower's storages as cards opening /view-storage/{id}, the empty text, no customer panel without its permission ($name)", async ({ js }) => {
    const page = await pageFor('tech', js)
    await page.goto('/')
    await Promise.all([page.waitForURL((url) => url.pathname === '/storage'), page.getByRole('link', { name: /^Growers A grower/ }).click()])
    await page.getByRole('heading', { level: 1, name: 'Keystone Storage Services Storage Data' }).waitFor()
    await chooseGrower(page, GROWER, js)
    const id = await companyId(GROWER)
    const storages = await storagesOf(id)
    expect(storages.length).toBeGreaterThan(0)
    expect(await cardHrefs(page)).toEqual(storages.map((s) => `/view-storage/${s.id}`))
    const first = page.getByRole('list', { name: 'Storages' }).getByRole('listitem').first()
    expect(await first.innerText()).toMatch(new RegExp(`${storages[0]!.name}[\\s\\S]*(Active|Inactive)[\\s\\S]*Last check: `))
    // tech may fill in storage checks: the form locked to the grower; no customer panel
    expect(await page.getByRole('link', { name: `Storage Check Form for ${GROWER}` }).getAttribute('href')).toBe(`/storage-check-form/${id}`)
    expect(await page.getByRole('heading', { name: 'Customer Interactions' }).count()).toBe(0)

    const empty = `Empty Acres ${js ? 'js' : 'no-js'}`
    await suite.app.db.insertInto('companies').values({ company_name: empty }).execute()
    await page.goto('/storage')
    await chooseGrower(page, empty, js)
    await page.getByText('No storage data available.').waitFor()
    expect(await page.getByRole('list', { name: 'Storages' }).count()).toBe(0)
  })

  it('the customer panel: latest notes, contacts and the links, for whoever holds api.view_customerinteraction', async () => {
    const page = await pageFor('office', false)
    const id = await companyId(GROWER)
    await page.goto(`/storage?company=${encodeURIComponent(GROWER)}`)
    const panel = page.getByRole('region', { name: 'Customer Interactions' })
    await panel.waitFor()
    const contact = await suite.app.db.selectFrom('contacts').select('name').where('company_id', '=', id).where('active', '=', true).orderBy('name').executeTakeFirstOrThrow()
    expect(await panel.innerText()).toContain(contact.name)
    const links = await panel
      .getByRole('navigation', { name: 'Customer links' })
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]))
    expect(links).toEqual([
      ['Customer Notes Form', `/interaction-form/${id}`],
      ['Company Contacts', `/view-contact/${id}`],
      ['Company Interactions', `/view-interaction/${id}`],
    ])
    // office may not fill in storage checks
    expect(await page.getByRole('link', { name: /Storage Check Form/ }).count()).toBe(0)
  })

  it("a user without a company: 'Grower Storage Data'", async () => {
    const user = await makeUser(suite.app.db, { permissions: ['api.view_storage'], companyId: null })
    const page = await pageFor(user.username, false)
    await page.goto('/storage')
    await page.getByRole('heading', { level: 1, name: 'Grower Storage Data' }).waitFor()
  })

  it.each([
    { js: true, name: 'with JavaScript' },
    { js: false, name: 'without JavaScript' },
  ])('manage mode (/manage-storage, /edit-storage): the cards open /edit-storage/{id}; Add Storage ($name)', async ({ js }) => {
    const page = await pageFor('admin', js)
    await page.goto('/manage')
    await Promise.all([page.waitForURL((url) => url.pathname === '/manage-storage'), page.getByRole('link', { name: /Manage Storages/ }).click()])
    await chooseGrower(page, GROWER, js)
    const storages = await storagesOf(await companyId(GROWER))
    expect(await cardHrefs(page)).toEqual(storages.map((s) => `/edit-storage/${s.id}`))
    expect(await page.getByRole('link', { name: 'Add Storage' }).getAttribute('href')).toBe(`/add-storage?company=${encodeURIComponent(GROWER).replaceAll('%20', '+')}`)

    await page.goto('/edit-storage')
    await chooseGrower(page, GROWER, js)
    expect(await cardHrefs(page)).toEqual(storages.map((s) => `/edit-storage/${s.id}`))
    expect(await page.getByRole('link', { name: 'Add Storage' }).count()).toBe(0)
  })
})

/** Fills the form's required fields (the owner is the grower unless `grower` is given). */
async function fillStorage(page: Page, name: string, options: { owner?: string; grower?: string } = {}) {
  if (options.owner) await page.getByLabel('Owner Company').fill(options.owner)
  if (options.grower) await page.getByLabel('Grower', { exact: true }).fill(options.grower)
  else await page.getByLabel('The owner is the grower').check()
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByLabel('GPS Coordinates').fill('43.1912, -112.3456')
  await page.getByLabel('Type', { exact: true }).selectOption('Quonset')
  await page.getByLabel('Service Start').fill('2026-09-15')
  await page.getByLabel('Door Type').selectOption('Louvres')
  await page.getByLabel('Door Count').fill('3')
  await page.getByLabel('Duct Count').fill('14')
  await page.getByLabel('Duct Size (inches)').fill('24')
  await page.getByLabel('Duct Spacing (inches)').fill('120')
  await page.getByLabel('Length (feet)').fill('300')
  await page.getByLabel('Notes', { exact: true }).fill('Fan house on the east end.')
}

async function submit(page: Page, js: boolean, to: RegExp) {
  await page.getByRole('button', { name: 'Submit' }).click()
  if (js) await modalShown(page, 'Success', 'Submission Successful! Redirecting...')
  await page.waitForURL((url) => to.test(`${url.pathname}${url.search}`))
  if (!js) await page.getByText('Submission Successful!').waitFor()
}

describe('the storage form', () => {
  it.each([
    { js: true, name: 'with JavaScript' },
    { js: false, name: 'without JavaScript' },
  ])('adds a storage with an image, from Manage Storages, then edits it keeping its image; back to the grower in /manage-storage ($name)', async ({ js }) => {
    const page = await pageFor('admin', js)
    await page.goto(`/manage-storage?company=${encodeURIComponent(GROWER)}`)
    await Promise.all([page.waitForURL((url) => url.pathname === '/add-storage'), page.getByRole('link', { name: 'Add Storage' }).click()])
    await page.getByRole('heading', { level: 1, name: 'Add New Storage' }).waitFor()
    expect(await page.getByLabel('Owner Company').inputValue()).toBe(GROWER)

    const name = `Quonset ${js ? 'js' : 'no-js'} ${Date.now()}`
    await fillStorage(page, name, { grower: 'Snake River Farms' })
    await page.getByLabel('Images').setInputFiles(png('cellar.png'))
    if (js) await page.getByText('Uploaded').waitFor()
    await submit(page, js, /^\/manage-storage\?company=Aberdeen\+Acres/)

    const [saved] = await storagesNamed(name)
    expect(saved).toMatchObject({
      company_id: await companyId(GROWER),
      grower_id: await companyId('Snake River Farms'),
      gps_lat: '43.191200',
      gps_lng: '-112.345600',
      type: 'Quonset',
      door_count: 3,
      length_feet: '300.00',
      width_feet: null,
      active: true,
    })
    const [image] = await imagesOf(saved!.id)
    expect(image).toBeDefined()
    // the new storage's card opens its form, with its values
    await Promise.all([page.waitForURL((url) => url.pathname === `/edit-storage/${saved!.id}`), page.getByRole('link', { name: new RegExp(name) }).click()])
    await page.getByRole('heading', { level: 1, name: 'Add New Storage' }).waitFor()
    expect(await page.getByLabel('GPS Coordinates').inputValue()).toBe('43.1912, -112.3456')
    expect(await page.getByLabel('Grower', { exact: true }).inputValue()).toBe('Snake River Farms')
    expect(await page.getByLabel('Keep image 1').isChecked()).toBe(true)
    await page.getByLabel('Name', { exact: true }).fill(`${name} (edited)`)
    await page.getByLabel('The owner is the grower').check()
    // this season's crop (the season ledger, issue 23)
    expect(await page.getByLabel('Seed Potatoes').isChecked()).toBe(false)
    await page.getByLabel('Seed Potatoes').check()
    await page.getByLabel('Planned Removal').fill('2027-04-15')
    // with JavaScript the grower is greyed out once the owner is the grower
    expect(await page.getByLabel('Grower', { exact: true }).isDisabled()).toBe(js)
    await submit(page, js, /^\/manage-storage\?company=Aberdeen\+Acres/)
    const [edited] = await storagesNamed(`${name} (edited)`)
    expect(edited).toMatchObject({ id: saved!.id, grower_id: null, gps_lat: '43.191200', seed: true, planned_removal: '2027-04-15' })
    expect(await imagesOf(saved!.id)).toEqual([image])

    // untick the image: it leaves the storage
    await page.goto(`/edit-storage/${saved!.id}`)
    await page.getByLabel('Keep image 1').uncheck()
    await submit(page, js, /^\/manage-storage/)
    expect(await imagesOf(saved!.id)).toEqual([])
  })

  it('refuses bad input with a message beside its field and saves nothing; a form sent twice adds one storage', async () => {
    const page = await pageFor('admin', false)
    await page.goto('/add-storage')
    const name = `Refused ${Date.now()}`
    await fillStorage(page, name, { owner: GROWER })
    const cases: [() => Promise<void>, string][] = [
      [() => page.getByLabel('GPS Coordinates').fill('43.19'), 'GPS coordinates must be two numbers, latitude then longitude, like 43.615, -116.202.'],
      [() => page.getByLabel('GPS Coordinates').fill('95, -112'), 'GPS coordinates must be two numbers, latitude then longitude, like 43.615, -116.202.'],
      [() => page.getByLabel('The owner is the grower').uncheck(), 'Grower is required unless the owner is the grower.'],
      [
        async () => {
          await page.getByLabel('The owner is the grower').uncheck()
          await page.getByLabel('Grower', { exact: true }).fill('Nobody Farms')
        },
        'Choose a grower from the list.',
      ],
      [() => page.getByLabel('Owner Company').fill('Nobody Farms'), 'Choose an owner company from the list.'],
    ]
    for (const [spoil, message] of cases) {
      await page.goto('/add-storage')
      await fillStorage(page, name, { owner: GROWER })
      await spoil()
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.getByText(message).waitFor()
      expect(new URL(page.url()).pathname).toBe('/add-storage')
    }
    // the browser checks min=0 on its own; the server refuses a negative count too
    const value = (field: string) => page.locator(`input[name="${field}"]`).first().getAttribute('value') as Promise<string>
    await page.goto('/add-storage')
    const base = {
      csrf: await value('csrf'),
      submission_id: await value('submission_id'),
      owner: GROWER,
      owner_is_grower: 'on',
      name,
      gps: '43.1, -112.2',
      type: 'Behlen',
      service_start: '2026-09-01',
      door_type: 'Fresh Air',
      door_count: '2',
      duct_count: '10',
      duct_size_inches: '24',
      duct_spacing_inches: '120',
      notes: 'ok',
    }
    const post = async (fields: Record<string, string>) => {
      const response = await page.request.post('/add-storage', { multipart: { ...base, ...fields }, headers: { Origin: suite.app.url } })
      return { status: response.status(), html: await response.text() }
    }
    for (const [field, message] of [
      ['door_count', 'Door count must be 0 or more.'],
      ['duct_count', 'Duct count must be 0 or more.'],
    ]) {
      const answer = await post({ [field!]: '-1' })
      expect({ field, status: answer.status, shown: answer.html.includes(message!) }).toEqual({ field, status: 400, shown: true })
    }
    expect(await storagesNamed(name)).toEqual([])

    // the same form twice (a double click, a retry): one storage
    for (let i = 0; i < 2; i++) expect((await post({})).status).toBe(200) // the redirect to /manage-storage, followed
    expect(await storagesNamed(name)).toHaveLength(1)
  })

  it.each([
    { js: true, name: 'with JavaScript' },
    { js: false, name: 'without JavaScript' },
  ])('refuses to overwrite a save someone else made since the form was read ($name)', async ({ js }) => {
    const [storage] = await storagesOf(await companyId('Snake River Farms'))
    const mine = await pageFor('admin', js)
    const theirs = await pageFor('admin', js)
    await mine.goto(`/edit-storage/${storage!.id}`)
    await theirs.goto(`/edit-storage/${storage!.id}`)
    const theirNotes = `Their notes ${js} ${Date.now()}`
    await theirs.getByLabel('Notes', { exact: true }).fill(theirNotes)
    await submit(theirs, js, /^\/manage-storage/)

    await mine.getByLabel('Notes', { exact: true }).fill('My notes')
    await mine.getByRole('button', { name: 'Submit' }).click()
    await mine.getByText('Someone else saved this storage after you opened it. Reload the page to see their changes, then make yours again.').waitFor()
    expect(new URL(mine.url()).pathname).toBe(`/edit-storage/${storage!.id}`)
    expect((await storagesNamed(storage!.name)).find((s) => s.id === storage!.id)?.notes).toBe(theirNotes)
  })

  it("a storage that cannot be read: the Error modal 'Failed to fetch storage. Please try again.', back to /manage-storage", async () => {
    const page = await pageFor('admin', false)
    expect((await page.goto('/edit-storage/999999'))?.status()).toBe(404)
    const dialog = page.getByRole('dialog', { name: 'Error' })
    await dialog.getByText('Failed to fetch storage. Please try again.').waitFor()
    expect(await dialog.getByRole('link', { name: 'OK' }).getAttribute('href')).toBe('/manage-storage')
  })

  it('permissions: tech may browse storages but not manage them (403)', async () => {
    const page = await pageFor('tech', false)
    for (const path of ['/manage-storage', '/add-storage', '/edit-storage', `/edit-storage/${(await storagesOf(await companyId(GROWER)))[0]!.id}`]) {
      expect({ path, status: (await page.goto(path))?.status() }).toEqual({ path, status: 403 })
    }
  })
})
