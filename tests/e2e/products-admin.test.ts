// Products, applications and applicators admin, the way an admin uses them: each flow once with
// JavaScript (the Success modal, the picker going on by itself, lines added in the page) and once
// without (GET forms, Continue, Add Chemical posting back, the redirect with its message). Then the
// refusals (nothing saved), the CSV exports and who may open what.
import type { Page } from 'playwright-core'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { createUser } from '#db/queries/users.ts'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { modalShown, newContext, signIn } from '../support/browser.ts'
import { makeUser } from '../support/records.ts'

const suite = useBrowserSuite()

const count = async (table: 'products' | 'applications' | 'application_products' | 'applicators') =>
  Number(
    (
      await suite.app.db
        .selectFrom(table)
        .select(sql<string>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
const product = (name: string) => suite.app.db.selectFrom('products').selectAll().where('product_name', '=', name).executeTakeFirst()
const productId = async (name: string) => (await product(name))!.id
const isoInDays = (days: number) => {
  const d = new Date()
  d.setDate(d.getDate() + days)
  return d.toLocaleDateString('en-CA')
}

async function newUser(username: string, permissions: Parameters<typeof createUser>[1]['permissions'] = []) {
  return (await createUser(suite.app.db, { username, password: 'demo-pass-1', firstName: 'Test', lastName: username, permissions })).id
}

describe.each([
  { js: true, mode: 'with JavaScript' },
  { js: false, mode: 'without JavaScript' },
])('products admin, $mode', ({ js }) => {
  const tag = js ? 'js' : 'nojs'

  async function adminPage(username = 'admin', width = 1280): Promise<Page> {
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: js, width })).newPage()
    await signIn(page, username)
    return page
  }

  async function submitAndLand(page: Page, path: string) {
    await page.getByRole('button', { name: 'Submit' }).click()
    if (js) await modalShown(page, 'Success', 'Submission Successful! Redirecting...')
    await page.waitForURL((url) => url.pathname === path)
    if (!js) await page.getByText('Submission Successful!').waitFor()
  }

  /** The edit step's picker: an exact name goes on by itself with JavaScript, with Continue without. */
  async function pick(page: Page, label: string, name: string) {
    await page.getByLabel(label, { exact: true }).fill(name)
    if (!js) await page.getByRole('button', { name: 'Continue' }).click()
  }

  it('lists the products from the Admin menu, adds one with label limits, then edits and deactivates it', async () => {
    const page = await adminPage()
    await page.goto('/manage?tab=pretreats')
    await page.getByRole('link', { name: /Products/ }).click()
    await page.waitForURL('**/manage-product')
    await page.getByRole('table').getByRole('row').filter({ hasText: '1,4SIGHT' }).waitFor()
    expect(await page.getByRole('link', { name: 'Date Range' }).count()).toBe(0) // products have no dates
    await page.getByRole('link', { name: 'Add Product' }).click()
    await page.waitForURL('**/add-product')
    const name = `Sprout Halt ${tag}`
    await page.getByLabel('Product Name').fill(name)
    await page.getByLabel('EPA Registration Number').fill('12345-6')
    await page.getByLabel('Units').selectOption('gal')
    await page.getByLabel('Per', { exact: true }).fill('1000')
    await page.getByLabel('Converter').fill('12.8')
    await page.getByLabel('Minimum Quantity').fill('1')
    await page.getByLabel('Maximum PPM per Application').fill('25.5')
    await page.getByLabel('Maximum Applications per Season').fill('3')
    // the season ledger's limits (issue 23)
    await page.getByLabel('Supplier').fill('Halt Chemical Co.')
    await page.getByLabel('Maximum Total per Season').fill('0.05')
    await page.getByLabel('Total Counted per').selectOption('ton')
    await page.getByLabel('Minimum Days between Applications').fill('21')
    await page.getByLabel('Minimum Days before Removal').fill('14')
    await page.getByLabel('Re-entry Interval (hours)').fill('24')
    await page.getByLabel('Not for Seed Potatoes').check()
    await submitAndLand(page, '/manage-product')
    expect(await product(name)).toMatchObject({
      registration: '12345-6',
      units: 'gal',
      ppm: null,
      per: '1000.0000',
      converter: '12.8000',
      max_ppm_per_application: '25.5000',
      max_applications_per_season: 3,
      active: true,
    })
    expect(
      await suite.app.db
        .selectFrom('products')
        .select(['supplier', 'max_total_per_season', 'max_total_basis', 'min_days_between', 'min_days_before_removal', 'reentry_hours', 'not_for_seed'])
        .where('product_name', '=', name)
        .executeTakeFirst(),
    ).toEqual({
      supplier: 'Halt Chemical Co.',
      max_total_per_season: '0.050000',
      max_total_basis: 'ton',
      min_days_between: 21,
      min_days_before_removal: 14,
      reentry_hours: '24.00',
      not_for_seed: true,
    })

    await page.goto('/edit-product')
    await pick(page, 'Product', name.toUpperCase()) // the name, case ignored
    await page.waitForURL(`**/edit-product/${await productId(name)}`)
    expect(await page.getByLabel('Converter').inputValue()).toBe('12.8')
    await page.getByLabel('Maximum Applications per Season').fill('')
    await page.getByLabel('Active').uncheck()
    await submitAndLand(page, '/manage-product')
    expect(await product(name)).toMatchObject({ max_applications_per_season: null, max_ppm_per_application: '25.5000', active: false })
    const row = page.getByRole('table').getByRole('row').filter({ hasText: name })
    expect(await row.innerText()).toContain('Inactive')
  })

  it('adds an application with two chemicals in order, removes one, then edits it from its row', async () => {
    const page = await adminPage()
    await page.goto('/manage-application')
    await page.getByRole('link', { name: 'Add Application' }).click()
    await page.waitForURL('**/add-application')
    const name = `Hot Fog Combo ${tag}`
    await page.getByLabel('Application Name').fill(name)
    await page.getByLabel('Base Price').fill('0.0625')
    for (const chemical of ['Sprout Nip 7A', 'SmartBlock', '1,4SIGHT']) {
      await page.getByLabel('Product', { exact: true }).fill(chemical)
      await page.getByRole('button', { name: 'Add Chemical' }).click()
      await page.getByRole('list', { name: 'Chemicals of this application' }).getByText(chemical).waitFor()
    }
    await page.getByRole('button', { name: /Remove SmartBlock/ }).click()
    await page.getByRole('button', { name: /Remove SmartBlock/ }).waitFor({ state: 'detached' })
    await submitAndLand(page, '/manage-application')
    const saved = await suite.app.db.selectFrom('applications').selectAll().where('name', '=', name).executeTakeFirstOrThrow()
    expect(saved.base_price).toBe('0.0625')
    const lines = await suite.app.db.selectFrom('application_products').select('product_id').where('application_id', '=', saved.id).orderBy('position').execute()
    expect(lines.map((l) => l.product_id)).toEqual([await productId('Sprout Nip 7A'), await productId('1,4SIGHT')])
    const row = page.getByRole('table').getByRole('row').filter({ hasText: name })
    expect(await row.innerText()).toContain('Sprout Nip 7A, 1,4SIGHT')

    await row.getByRole('link', { name }).click()
    await page.waitForURL(`**/edit-application/${saved.id}`)
    await page.getByLabel('Base Price').fill('0.07')
    await page.getByRole('button', { name: /Remove Sprout Nip 7A/ }).click()
    await page.getByRole('button', { name: /Remove Sprout Nip 7A/ }).waitFor({ state: 'detached' })
    await submitAndLand(page, '/manage-application')
    expect((await suite.app.db.selectFrom('application_products').select('product_id').where('application_id', '=', saved.id).execute()).map((l) => l.product_id)).toEqual([
      await productId('1,4SIGHT'),
    ])
  })

  it('refuses a chemical not in the list, an application without chemicals, and a base price with 5 decimals, saving nothing', async () => {
    const page = await adminPage()
    await page.goto('/add-application')
    const before = [await count('applications'), await count('application_products')]
    await page.getByLabel('Product', { exact: true }).fill('Not A Chemical')
    await page.getByRole('button', { name: 'Add Chemical' }).click()
    await page.getByText('Choose a product from the list.').waitFor()
    await page.locator('form.form[method="post"]').evaluate((f) => f.setAttribute('novalidate', ''))
    await page.getByLabel('Application Name').fill(`No Chemicals ${tag}`)
    await page.getByLabel('Base Price').fill('0.04251')
    await page.getByLabel('Base Price').press('Tab') // its message shows now, before Submit moves down
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByText('Base price can have at most 4 decimals.').waitFor()
    await page.getByText('Add at least one chemical.').waitFor()
    expect([await count('applications'), await count('application_products')]).toEqual(before)
  })

  it('adds an applicator (a user not yet one), refuses an expiration in the past, shows Expired and Expires soon', async () => {
    const username = `newapplicator${tag}`
    await newUser(username)
    const page = await adminPage()
    await page.goto('/manage-applicator')
    await page.getByRole('table').getByRole('row').filter({ hasText: 'Luis Ortega' }).getByText('Expires soon').waitFor() // the demo's technician
    await page.getByRole('link', { name: 'Add Applicator' }).click()
    await page.waitForURL('**/add-applicator')
    // with JavaScript the address changes a moment before the form is drawn
    await page
      .getByLabel('User')
      .locator('option', { hasText: `Test ${username} (${username})` })
      .waitFor({ state: 'attached' })
    const offered = await page.getByLabel('User').locator('option').allInnerTexts()
    expect(offered).toContain(`Test ${username} (${username})`)
    expect(offered.some((o) => o.includes('(applicator)'))).toBe(false) // already one
    await page.getByLabel('User').selectOption({ label: `Test ${username} (${username})` })
    await page.getByLabel('License Number').fill('ID-PA-200001')
    await page.getByLabel('License Expiration').fill('2020-06-30')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByText('The license expiration must be in the future.').waitFor()
    expect(await suite.app.db.selectFrom('applicators as a').innerJoin('users as u', 'u.id', 'a.user_id').select('a.id').where('u.username', '=', username).execute()).toEqual([])
    await page.getByLabel('License Expiration').fill(isoInDays(400))
    await submitAndLand(page, '/manage-applicator')
    const saved = await suite.app.db
      .selectFrom('applicators as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.id', 'a.license', 'a.expiration'])
      .where('u.username', '=', username)
      .executeTakeFirstOrThrow()
    expect(saved).toMatchObject({ license: 'ID-PA-200001', expiration: isoInDays(400) })

    // an existing license may be kept past its date: it then shows Expired
    await page.goto('/edit-applicator')
    await pick(page, 'Applicator', `Test ${username} (${username})`)
    await page.waitForURL(`**/edit-applicator/${saved.id}`)
    await page.getByLabel('License Expiration').fill('2020-06-30')
    await submitAndLand(page, '/manage-applicator')
    const row = page.getByRole('table').getByRole('row').filter({ hasText: username })
    expect(await row.innerText()).toContain('Expired')
  })
})

describe('products admin: refusals and exports', () => {
  async function noJsAdmin(): Promise<Page> {
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false })).newPage()
    await signIn(page, 'admin')
    return page
  }

  it('refuses a duplicate name, units not in the list, negative numbers, a max ppm of 0 and no quantity pair, saving nothing', async () => {
    const page = await noJsAdmin()
    await page.goto('/add-product')
    const value = (name: string) => page.locator(`input[name="${name}"]`).first().getAttribute('value') as Promise<string>
    const base = { csrf: await value('csrf'), submission_id: await value('submission_id'), product_name: 'Brand New Chem', units: 'oz', ppm: '16.6', ppm_constant: '84000', min_qty: '0', active: 'on' }
    const before = await count('products')
    const cases: [Record<string, string>, string][] = [
      [{ product_name: 'smartblock' }, 'A product with this name already exists.'],
      [{ units: 'kg' }, 'Choose the units: oz, gal or other.'],
      [{ ppm: '-1' }, 'PPM must be 0 or more.'],
      [{ min_qty: '-0.5' }, 'Minimum quantity must be 0 or more.'],
      [{ max_ppm_per_application: '0' }, 'Maximum ppm per application must be above 0.'],
      [{ ppm_constant: '' }, 'Give ppm and the ppm constant, or per and the converter'],
      [{ per: '0', converter: '1', ppm: '' }, 'Per must be above 0.'],
    ]
    for (const [fields, message] of cases) {
      const response = await page.request.post('/add-product', { form: { ...base, ...fields }, headers: { Origin: suite.app.url } })
      const html = (await response.text()).replaceAll('&#x27;', "'")
      expect({ fields, status: response.status(), shown: html.includes(message) }).toEqual({ fields, status: 400, shown: true })
    }
    expect(await count('products')).toBe(before)
  })

  it('refuses an unknown product id in an application line and a user who is already an applicator, saving nothing', async () => {
    const applicatorUser = await makeUser(suite.app.db, { applicator: true })
    const page = await noJsAdmin()
    await page.goto('/add-application')
    const value = (name: string) => page.locator(`input[name="${name}"]`).first().getAttribute('value') as Promise<string>
    const before = [await count('applications'), await count('application_products'), await count('applicators')]
    const line = await page.request.post('/add-application', {
      form: { csrf: await value('csrf'), submission_id: await value('submission_id'), name: 'Ghost Chemical App', base_price: '0.05', 'products[0].product_id': '987654' },
      headers: { Origin: suite.app.url },
    })
    expect(line.status()).toBe(400)
    expect((await line.text()).replaceAll('&#x27;', "'")).toContain('Choose a product from the list.')

    await page.goto('/add-applicator')
    const again = await page.request.post('/add-applicator', {
      form: { csrf: await value('csrf'), submission_id: await value('submission_id'), user_id: String(applicatorUser.id), license: 'X-1', expiration: isoInDays(100), active: 'on' },
      headers: { Origin: suite.app.url },
    })
    expect(again.status()).toBe(400)
    expect(await again.text()).toContain('This user is already an applicator.')
    expect([await count('applications'), await count('application_products'), await count('applicators')]).toEqual(before)
  })

  it('exports each list as CSV, with its filter', async () => {
    const page = await noJsAdmin()
    const csv = async (path: string) =>
      (await (await page.request.get(path)).text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/)
    const products = await csv('/manage-product.csv?filter_by=product&filter_value=sight')
    expect(products[0]).toBe('Product,EPA Reg. No.,Units,PPM,PPM Constant,Per,Converter,Min Qty,Max PPM / Application,Max Applications / Season,Status')
    expect(products.slice(1)).toEqual(['"1,4SIGHT",EPA Reg. No. 81503-1,oz,20,84000,,,64,20,6,Active'])
    const applications = await csv('/manage-application.csv?filter_by=chemical&filter_value=StorOx')
    expect(applications).toEqual(['Application,Base Price,Chemicals,Status', 'StorOx Disinfect,0.018,StorOx 2.0,Active'])
    const applicators = await csv('/manage-applicator.csv?filter_by=license&filter_value=ID-PA-118734')
    expect(applicators).toEqual(['Applicator,Username,License Number,Expiration,License,Status', expect.stringMatching(/^Cody Hansen,applicator,ID-PA-118734,\d{4}-12-31,Valid,Active$/)])
  })
})

describe('products admin: who may open what', () => {
  async function pageAs(username: string): Promise<Page> {
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false })).newPage()
    await signIn(page, username)
    return page
  }

  it('a view-only user sees the lists (rows open nothing, no Add), and gets 403 on the forms', async () => {
    await newUser('productviewer', ['api.view_product', 'api.view_applicator'])
    const page = await pageAs('productviewer')
    const id = await productId('SmartBlock')
    const application = (await suite.app.db.selectFrom('applications').select('id').orderBy('id').executeTakeFirstOrThrow()).id
    const applicator = (await suite.app.db.selectFrom('applicators').select('id').orderBy('id').executeTakeFirstOrThrow()).id
    for (const path of ['/manage-product', '/manage-application', '/manage-applicator', '/manage-product.csv']) expect((await page.request.get(path)).status(), path).toBe(200)
    for (const path of [
      '/add-product',
      '/edit-product',
      `/edit-product/${id}`,
      '/add-application',
      `/edit-application/${application}`,
      '/add-applicator',
      '/edit-applicator',
      `/edit-applicator/${applicator}`,
    ]) {
      expect((await page.goto(path))?.status(), path).toBe(403)
    }
    await page.goto('/manage-product')
    await page.getByRole('table').getByRole('row').filter({ hasText: 'SmartBlock' }).waitFor()
    expect(await page.getByRole('table').locator('tbody').getByRole('link').count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Add Product' }).count()).toBe(0)
    await page.goto('/manage?tab=pretreats')
    await page.getByRole('link', { name: /Products/ }).waitFor()
    await page.getByRole('link', { name: /Applicators/ }).waitFor()
  })

  it('a user without the permissions gets 403 on every route and no cards', async () => {
    const page = await pageAs('office') // staff: sees the Admin menu, but none of these screens
    for (const path of ['/manage-product', '/manage-product.csv', '/add-product', '/manage-application', '/add-application', '/manage-applicator', '/add-applicator', '/edit-applicator']) {
      expect((await page.goto(path))?.status(), path).toBe(403)
    }
    await page.goto('/manage')
    expect(await page.getByRole('link', { name: /Products|Applications|Applicators/ }).count()).toBe(0)
  })
})
