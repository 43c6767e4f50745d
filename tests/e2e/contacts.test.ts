// Growers, contacts and customer notes, the way the office uses them: each flow once with
// JavaScript (the Success modal, the picker going on by itself) and once without (GET forms,
// Continue, the redirect with its message).
import type { Page } from 'playwright-core'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { modalShown, newContext, signIn } from '../support/browser.ts'
import { makeContact, makeGrower } from '../support/records.ts'

const suite = useBrowserSuite()

const ROUTES = ['/contacts', '/add-grower', '/edit-grower', '/add-contact', '/interaction-form', '/view-contact', '/view-interaction']

async function companyId(name: string): Promise<number> {
  return (await suite.app.db.selectFrom('companies').select('id').where('company_name', '=', name).executeTakeFirstOrThrow()).id
}

const grower = (name: string) => suite.app.db.selectFrom('companies').selectAll().where('company_name', '=', name).executeTakeFirst()

/** A grower with nothing yet: no contacts, no notes. */
async function bareGrower(name: string): Promise<number> {
  const row = await suite.app.db.insertInto('companies').values({ company_name: name, qb_list_id: 'QB-1', notes: 'Test grower', service_start: '2026-01-01' }).returning('id').executeTakeFirstOrThrow()
  return row.id
}

describe.each([
  { js: true, mode: 'with JavaScript' },
  { js: false, mode: 'without JavaScript' },
])('contacts, $mode', ({ js }) => {
  const tag = js ? 'js' : 'nojs'

  async function officePage(username = 'office'): Promise<Page> {
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: js })).newPage()
    await signIn(page, username)
    return page
  }

  /** Submits the form, then waits for where it leads: the Success modal first with JavaScript, the message after the redirect without. */
  async function submitAndLand(page: Page, path: RegExp) {
    await page.getByRole('button', { name: 'Submit' }).click()
    if (js) await modalShown(page, 'Success', 'Submission Successful! Redirecting...')
    await page.waitForURL((url) => path.test(url.pathname))
    if (!js) await page.getByText('Submission Successful!').waitFor()
  }

  /** Types a company into the picker and goes on (by itself with JavaScript, with Continue without). */
  async function pickCompany(page: Page, label: string, name: string) {
    await page.getByLabel(label, { exact: true }).fill(name)
    if (!js) await page.getByRole('button', { name: 'Continue' }).click()
  }

  it('adds a grower (defaults filled in), then edits it', async () => {
    const page = await officePage()
    await page.goto('/contacts?tab=growers')
    await page.getByRole('link', { name: /Add Grower/ }).click()
    await page.waitForURL('**/add-grower')
    expect(await page.getByLabel('Service Start').inputValue()).toBe(new Date().toLocaleDateString('en-CA'))
    expect(await page.getByLabel('Storage Check Interval (days)').inputValue()).toBe('30')
    expect(await page.getByLabel('Contact Interval (days)').inputValue()).toBe('0')
    const name = `Rigby Seed Farms ${tag}`
    await page.getByLabel('Company Name').fill(name)
    await page.getByLabel('QuickBooks List ID').fill('80000099-1')
    await page.getByLabel('Website').fill('rigbyseed.example')
    await page.getByLabel('Notes').fill('Met at the potato expo.')
    await submitAndLand(page, /^\/contacts$/)
    expect(await grower(name)).toMatchObject({
      qb_list_id: '80000099-1',
      website: 'https://rigbyseed.example/',
      active: true,
      storage_check_interval: 30,
      contact_interval: 0,
      notes: 'Met at the potato expo.',
    })

    await page.goto('/edit-grower')
    await pickCompany(page, 'Grower', name.toLowerCase()) // the name, case ignored
    await page.getByLabel('Company Name').waitFor()
    expect(await page.getByLabel('Company Name').inputValue()).toBe(name)
    await page.getByLabel('Contact Interval (days)').fill('60')
    await page.getByLabel('Active').uncheck()
    await page.getByLabel('Notes').fill('Seed only from 2027.')
    await submitAndLand(page, /^\/contacts$/)
    expect(await grower(name)).toMatchObject({ contact_interval: 60, active: false, notes: 'Seed only from 2027.', qb_list_id: '80000099-1' })
  })

  it('refuses a grower name that exists (case ignored), a bad website and a fractional interval, saving nothing', async () => {
    const existing = await makeGrower(suite.app.db)
    const page = await officePage()
    const before = await suite.app.db
      .selectFrom('companies')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow()
    await page.goto('/add-grower')
    await page.getByLabel('Company Name').fill(existing.name.toUpperCase())
    await page.getByLabel('QuickBooks List ID').fill('x')
    await page.getByLabel('Notes').fill('x')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByText('A grower with this name already exists.').waitFor()
    // the browser's own checks would stop these before the server; turn them off to reach it
    await page.locator('form.form[method="post"]').evaluate((f) => f.setAttribute('novalidate', ''))
    await page.getByLabel('Company Name').fill(`New Name ${tag}`)
    await page.getByLabel('Website').fill('not a web address')
    await page.getByLabel('Storage Check Interval (days)').fill('2.5')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByText('Website must be a web address, like https://example.com.').waitFor()
    await page.getByText('Storage check interval must be a whole number.').waitFor()
    const after = await suite.app.db
      .selectFrom('companies')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow()
    expect(after.n).toBe(before.n)
  })

  it('says so when someone else saved the grower meanwhile, and keeps their save', async () => {
    const name = `Lost Update Farms ${tag}`
    const id = await bareGrower(name)
    const page = await officePage()
    await page.goto(`/edit-grower?company=${encodeURIComponent(name)}`)
    await page.getByLabel('Notes').fill('Mine')
    await suite.app.db
      .updateTable('companies')
      .set({ notes: 'Theirs', updated_at: sql`clock_timestamp()` })
      .where('id', '=', id)
      .execute()
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByText(/Someone else saved this grower after you opened it/).waitFor()
    expect((await grower(name))?.notes).toBe('Theirs')
  })

  it('adds a contact: the phone is stored as +1 and digits, shown formatted in Company Contacts', async () => {
    const company = await makeGrower(suite.app.db, { contact_interval: 45 })
    const page = await officePage()
    await page.goto('/add-contact')
    expect(await page.getByLabel('Name', { exact: true }).count()).toBe(0) // the company comes first
    await pickCompany(page, 'Company', company.name)
    const name = `Jolene Hoff ${tag}`
    await page.getByLabel('Name', { exact: true }).fill(name)
    await page.getByLabel('Role').fill('Agronomist')
    await page.getByLabel('Email').fill('jolene@aberdeenacres.example')
    await page.getByLabel('Phone').fill('208.555.7000')
    await page.getByLabel('Notes').fill('Handles the seed lots.')
    await submitAndLand(page, new RegExp(`^/view-contact/${company.id}$`))
    const saved = await suite.app.db.selectFrom('contacts').selectAll().where('name', '=', name).execute()
    // the contact interval left as offered: the grower's
    expect(saved).toEqual([expect.objectContaining({ company_id: company.id, phone: '+12085557000', role: 'Agronomist', active: true, contact_interval: 45 })])
    const row = page.getByRole('table').getByRole('row').filter({ hasText: name })
    expect(await row.innerText()).toContain('(208) 555-7000')
  })

  it('refuses a phone with letters and an e-mail that is not one, saving nothing', async () => {
    const page = await officePage()
    await page.goto(`/add-contact?company=${encodeURIComponent('Aberdeen Acres')}`)
    await page.locator('form.form[method="post"]').evaluate((f) => f.setAttribute('novalidate', ''))
    const name = `Bad Phone ${tag}`
    await page.getByLabel('Name', { exact: true }).fill(name)
    await page.getByLabel('Email').fill('nobody-at-example')
    await page.getByLabel('Phone').fill('208-555-CALL')
    await page.getByLabel('Notes').fill('x')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByText('Phone must be a 10-digit number, like (208) 555-1000.').waitFor()
    await page.getByText('Email must be an e-mail address, like name@example.com.').waitFor()
    expect(await suite.app.db.selectFrom('contacts').select('id').where('name', '=', name).execute()).toEqual([])
  })

  it('writes a customer note, seen first in Company Interactions, with who wrote it', async () => {
    const company = await makeGrower(suite.app.db)
    const id = company.id
    const page = await officePage()
    await page.goto('/contacts')
    await page.getByRole('link', { name: /Customer Notes Form/ }).click()
    await pickCompany(page, 'Company', company.name)
    await page.waitForURL((url) => url.pathname === `/interaction-form/${id}`)
    await page.getByLabel('Contact').selectOption({ label: `${company.contact.name} (Owner)` })
    const notes = `Asked about the Acequia Cellar fans ${tag} ${Date.now()}`
    await page.getByLabel('Notes').fill(notes)
    await submitAndLand(page, new RegExp(`^/view-interaction/${id}$`))
    const office = await suite.app.db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('username', '=', 'office').executeTakeFirstOrThrow()
    expect(await suite.app.db.selectFrom('interactions').select(['created_by', 'last_modified_by']).where('notes', '=', notes).execute()).toEqual([
      { created_by: office.id, last_modified_by: office.id },
    ])
    const first = page.getByRole('table').getByRole('row').nth(1) // newest first, under the header
    const text = await first.innerText()
    expect(text).toContain(notes)
    expect(text).toContain(company.contact.name)
    expect(text).toContain(`${office.first_name} ${office.last_name}`) // the office user, as last modified by
  })

  it('refuses a contact of another company, saving nothing', async () => {
    const [company, another] = [await makeGrower(suite.app.db), await makeGrower(suite.app.db)]
    const page = await officePage()
    await page.goto(`/interaction-form/${company.id}`)
    const other = another.contact
    // a contact id that is not in the list, as a hand-made post would send it
    await page.getByLabel('Contact').evaluate((select, value) => {
      const option = document.createElement('option')
      option.value = value
      option.textContent = 'Someone else'
      select.appendChild(option)
      ;(select as HTMLSelectElement).value = value
    }, String(other.id))
    const notes = `Not theirs ${tag}`
    await page.getByLabel('Notes').fill(notes)
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByText("Choose one of this company's contacts.").waitFor()
    expect(await suite.app.db.selectFrom('interactions').select('id').where('notes', '=', notes).execute()).toEqual([])
  })

  it("hides contacts named 'other' in Company Contacts", async () => {
    const company = await makeGrower(suite.app.db)
    const id = company.id
    await makeContact(suite.app.db, id, { name: 'OTHER' })
    const page = await officePage()
    await page.goto('/view-contact')
    await pickCompany(page, 'Company', company.name)
    await page.waitForURL((url) => url.pathname === `/view-contact/${id}`)
    const table = page.getByRole('table')
    expect(await table.innerText()).toContain(company.contact.name)
    expect(await table.getByRole('cell', { name: /^other$/i }).count()).toBe(0)
    expect(
      await suite.app.db
        .selectFrom('contacts')
        .select('id')
        .where(sql<string>`lower(name)`, '=', 'other')
        .where('company_id', '=', id)
        .execute(),
    ).not.toHaveLength(0)
  })

  it('says when a grower has no contacts and no notes', async () => {
    const id = await bareGrower(`Empty Acres ${tag}`)
    await suite.app.db.insertInto('contacts').values({ company_id: id, name: 'Other', email: 'o@e.example', notes: 'x' }).execute()
    const page = await officePage()
    await page.goto(`/view-contact/${id}`)
    await page.getByText('No grower contacts available.').waitFor()
    await page.goto(`/view-interaction/${id}`)
    await page.getByText('No interactions available.').waitFor()
  })

  it('lists the follow-ups due on the contacts menu: overdue contacts only, never inactive ones', async () => {
    const id = await bareGrower(`Follow Up Farms ${tag}`)
    const contact = (name: string, days: number, values: { active?: boolean; contact_interval?: number } = {}) =>
      suite.app.db
        .insertInto('contacts')
        .values({ company_id: id, name, email: 'f@u.example', notes: 'x', contact_interval: 30, created_at: sql`now() - make_interval(days => ${days})`, ...values })
        .execute()
    await contact(`Never Called ${tag}`, 40) // never contacted: due 30 days after being added
    await contact(`Just Added ${tag}`, 5)
    await contact(`Gone Quiet ${tag}`, 90, { active: false })
    await contact(`No Reminder ${tag}`, 90, { contact_interval: 0 })
    const page = await officePage()
    await page.goto('/contacts')
    const section = page.getByRole('region', { name: /Follow-ups due/ })
    const text = await section.innerText()
    expect(text).toContain(`Never Called ${tag}`)
    expect(text).toMatch(/Never\s+10 days/)
    expect(text).not.toContain(`Just Added ${tag}`)
    expect(text).not.toContain(`Gone Quiet ${tag}`)
    expect(text).not.toContain(`No Reminder ${tag}`)
  })

  it('lets the office into every contacts screen; a technician only sees the storage check form there (403 elsewhere)', async () => {
    const office = await officePage()
    for (const path of ROUTES) expect((await office.goto(path))?.status(), path).toBe(200)
    for (const [tab, cards] of Object.entries({ forms: ['Customer Notes Form'], views: ['Company Contacts', 'Company Interactions'], growers: ['Add Grower', 'Edit Grower', 'Add Contact'] })) {
      await office.goto(`/contacts?tab=${tab}`)
      for (const card of cards) await office.getByRole('link', { name: new RegExp(card) }).waitFor()
    }

    const tech = await officePage('tech')
    const id = await companyId('Aberdeen Acres')
    for (const path of [...ROUTES.filter((p) => p !== '/contacts'), `/interaction-form/${id}`, `/view-contact/${id}`, `/view-interaction/${id}`])
      expect((await tech.goto(path))?.status(), path).toBe(403)
    // the spec's contacts menu holds the storage check form, which a technician may use: that card only
    expect((await tech.goto('/contacts'))?.status()).toBe(200)
    expect(await tech.getByRole('main').getByRole('link').allInnerTexts()).toEqual([expect.stringContaining('Storage Check Form')])
  })
})

describe('contacts, with JavaScript', () => {
  it('shows the Error modal when the grower cannot be saved, and saves when sent again', async () => {
    const page = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(page, 'office', '/add-grower')
    const name = `Offline Farms ${Date.now()}`
    await page.getByLabel('Company Name').fill(name)
    await page.getByLabel('QuickBooks List ID').fill('QB-9')
    await page.getByLabel('Notes').fill('x')
    await page.route('**/add-grower*', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()))
    await page.getByRole('button', { name: 'Submit' }).click()
    const error = page.getByRole('dialog', { name: 'Error' })
    await error.getByText('Problem occurred while submitting data. Please try again.').waitFor()
    await error.getByRole('button', { name: 'OK' }).click()
    expect(await grower(name)).toBeUndefined()
    await page.unroute('**/add-grower*')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.waitForURL((url) => url.pathname === '/contacts')
    expect(await grower(name)).toMatchObject({ qb_list_id: 'QB-9' })
  })
})
