// The users admin, the way an administrator uses it: each flow once with JavaScript (the Success
// modal, the user step going on by itself) and once without (GET forms, Continue, the redirect with
// its message). Also: a deactivated user's open browser is sent to /login on its next request,
// and only superusers may touch the staff and superuser flags. Rights that are delegated, never
// minted: users-rights.test.ts.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createUser } from '#db/queries/users.ts'
import { verifyPassword } from '#core/password.server.ts'
import { USER_MESSAGES } from '#core/schemas/user.ts'
import { RIGHTS_MESSAGES } from '#core/user-rights.ts'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { modalShown, newContext, shot, signIn, signInWithForm } from '../support/browser.ts'

const suite = useBrowserSuite()

const userNamed = (username: string) => suite.app.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst()
const permissionsOf = async (id: number) => (await suite.app.db.selectFrom('user_permissions').select('codename').where('user_id', '=', id).orderBy('codename').execute()).map((r) => r.codename)

describe.each([
  { js: true, mode: 'with JavaScript' },
  { js: false, mode: 'without JavaScript' },
])('users admin, $mode', ({ js }) => {
  const tag = js ? 'js' : 'nojs'

  async function pageOf(username: string, password?: string): Promise<Page> {
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: js })).newPage()
    // a user the test made signs in with the password it was given; the demo users by session
    await (password ? signInWithForm(page, username, password) : signIn(page, username))
    return page
  }

  async function submitAndLand(page: Page, path: RegExp) {
    await page.getByRole('button', { name: 'Submit' }).click()
    if (js) await modalShown(page, 'Success', 'Submission Successful! Redirecting...')
    await page.waitForURL((url) => path.test(url.pathname))
    if (!js) await page.getByText('Submission Successful!').waitFor()
  }

  it('adds a user with permissions from two areas; the list finds it and exports it; the user signs in', async () => {
    const page = await pageOf('admin')
    await page.goto('/manage?tab=users')
    await page.getByRole('link', { name: /Add User/ }).click()
    await page.waitForURL('**/add-user')
    const username = `mflores_${tag}`
    await page.getByLabel('Username').fill(username)
    await page.getByLabel('First Name').fill('Maria')
    await page.getByLabel('Last Name').fill('Flores')
    await page.getByLabel('Email').fill(`maria.${tag}@example.com`)
    await page.getByLabel('Company', { exact: true }).fill('Aberdeen Acres')
    await page.getByLabel('Password', { exact: true }).fill('cellar-door-42')
    await page
      .getByRole('group', { name: 'Service' })
      .getByLabel(/Can view call-ins/)
      .check()
    await page
      .getByRole('group', { name: 'Receipts' })
      .getByLabel(/Can add receipts/)
      .check()
    expect(await page.getByLabel('Active').isChecked()).toBe(true)
    await submitAndLand(page, /^\/manage-user$/)

    const saved = await userNamed(username)
    expect(saved).toMatchObject({ first_name: 'Maria', last_name: 'Flores', email: `maria.${tag}@example.com`, is_active: true, is_staff: false })
    expect(saved!.password_hash).toMatch(/^scrypt\$/)
    expect(await permissionsOf(saved!.id)).toEqual(['api.add_receipt', 'api.view_callin'])

    await page.getByLabel('Filter by').selectOption('username')
    await page.getByLabel('Filter value').fill(username.toUpperCase())
    await Promise.all([page.waitForURL(/filter_value=/), page.getByRole('button', { name: 'Filter', exact: true }).click()])
    const rows = page.getByRole('table').getByRole('row')
    // the URL moves before React has drawn the filtered rows: wait for them
    await expect.poll(() => rows.count()).toBe(2)
    expect(await rows.nth(1).innerText()).toMatch(new RegExp(`${username}\\s+Maria Flores\\s+maria.${tag}@example.com\\s+Aberdeen Acres\\s+No\\s+No\\s+Yes`))
    expect(await rows.nth(1).getByRole('link').first().getAttribute('href')).toBe(`/edit-user/${saved!.id}`)
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()])
    const lines = (await (await download.createReadStream()).toArray())
      .join('')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines).toEqual(['Username,Name,Email,Company,Staff,Superuser,Active', `${username},Maria Flores,maria.${tag}@example.com,Aberdeen Acres,No,No,Yes`])

    const theirs = await pageOf(username, 'cellar-door-42')
    await theirs.goto('/view-calls')
    await theirs.getByRole('heading', { name: 'Pending Calls' }).waitFor()
  })

  it('edits a user picked by name: permissions replaced, a new password set; an empty one keeps it', async () => {
    const username = `jpeters_${tag}`
    const { id } = await createUser(suite.app.db, { username, password: 'first-pass-1', permissions: ['api.view_callin', 'api.add_callin'] })
    const page = await pageOf('admin')
    await page.goto('/edit-user')
    await page.getByLabel('Username').fill(username.toUpperCase()) // case ignored
    if (!js) await page.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL(`**/edit-user/${id}`)
    await page.getByLabel('New Password').waitFor()
    expect(await page.getByLabel('Username').inputValue()).toBe(username)
    expect(await page.getByLabel(/Can add call-ins/).isChecked()).toBe(true)
    await page.getByLabel(/Can add call-ins/).uncheck()
    await page.getByLabel(/Can view receipts/).check()
    await page.getByLabel('Last Name').fill('Peters')
    await page.getByLabel('New Password').fill('second-pass-2')
    await submitAndLand(page, /^\/manage-user$/)
    const saved = (await userNamed(username))!
    expect(saved.last_name).toBe('Peters')
    expect(await permissionsOf(id)).toEqual(['api.view_callin', 'api.view_receipt'])
    expect(await verifyPassword('second-pass-2', saved.password_hash)).toBe(true)

    await page.goto(`/edit-user/${id}`)
    await page.getByLabel('First Name').fill('Jo')
    await submitAndLand(page, /^\/manage-user$/)
    expect((await userNamed(username))!.password_hash).toBe(saved.password_hash)
  })

  it('refuses a blank username, a short password and a taken username with messages, saving nothing', async () => {
    const page = await pageOf('admin')
    await page.goto('/add-user')
    await page.getByLabel('Username').fill('   ')
    await page.getByLabel('Password', { exact: true }).fill('short')
    // the browser's own checks (required, minlength) are what a person meets first; the server's are under test here
    await page.locator('form#user-new').evaluate((form) => form.setAttribute('novalidate', ''))
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByText('Username is required.').waitFor()
    await page.getByText('Password must be at least 8 characters.').waitFor()

    await page.getByLabel('Username').fill('OFFICE')
    await page.getByLabel('Password', { exact: true }).fill('long-enough-1')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByText('This username is already taken (case is ignored).').waitFor()
    expect(await suite.app.db.selectFrom('users').select('id').where('username', 'in', ['', 'OFFICE']).execute()).toEqual([])
  })

  it('refuses a password of spaces only, one of the most common passwords and one easy to guess, with messages, saving nothing', async () => {
    const page = await pageOf('admin')
    await page.goto('/add-user')
    const username = `weakpw_${tag}`
    await page.getByLabel('Username').fill(username)
    for (const [password, message] of [
      ['        ', 'Password cannot be only spaces.'],
      ['Password1', 'This password is one of the most common passwords and easy to guess. Choose another.'],
      ['12345678', 'This password is one of the most common passwords and easy to guess. Choose another.'],
      [username, USER_MESSAGES.passwordWeak('it contains a name, username or e-mail of the account, or the company’s name.')],
    ]) {
      await page.getByLabel('Password', { exact: true }).fill(password!)
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.locator('.field-error', { hasText: message! }).waitFor()
    }
    expect(await userNamed(username)).toBeUndefined()
    // the same on Edit User's New Password
    const { id } = await createUser(suite.app.db, { username: `${username}_edit`, password: 'first-pass-1' })
    await page.goto(`/edit-user/${id}`)
    await page.getByLabel('New Password').fill('password')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.locator('.field-error', { hasText: 'This password is one of the most common passwords' }).waitFor()
    expect(await verifyPassword('first-pass-1', (await userNamed(`${username}_edit`))!.password_hash)).toBe(true)
  })

  it('deactivating a user sends their signed-in browser to /login on its next request', async () => {
    const username = `leaving_${tag}`
    const { id } = await createUser(suite.app.db, { username, password: 'leaving-pass-1', permissions: ['api.view_callin'] })
    const theirs = await pageOf(username, 'leaving-pass-1')
    await theirs.goto('/view-calls')
    await theirs.getByRole('heading', { name: 'Pending Calls' }).waitFor()

    const page = await pageOf('admin')
    await page.goto(`/edit-user/${id}`)
    await page.getByLabel('Active').uncheck()
    await submitAndLand(page, /^\/manage-user$/)
    expect(await suite.app.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute()).toEqual([])

    await theirs.goto('/view-calls')
    expect(new URL(theirs.url()).pathname).toBe('/login')
  })

  it('an administrator cannot deactivate themself, and is told why', async () => {
    const admin = (await userNamed('admin'))!
    const page = await pageOf('admin')
    await page.goto(`/edit-user/${admin.id}`)
    await page.getByLabel('Active').uncheck()
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByText('You cannot deactivate yourself: you would be signed out and no one might be left to undo it.').waitFor()
    expect((await userNamed('admin'))!.is_active).toBe(true)
  })

  it('a user manager who is not a superuser sees the flags disabled, and cannot open a superuser', async () => {
    const manager = `usermgr_${tag}`
    await createUser(suite.app.db, { username: manager, password: 'manager-pass-1', permissions: ['api.view_user', 'api.add_user', 'api.change_user'] })
    const staffer = await createUser(suite.app.db, { username: `staffer_${tag}`, password: 'staffer-pass-1', isStaff: true })
    const page = await pageOf(manager, 'manager-pass-1')
    await page.goto(`/edit-user/${staffer.id}`)
    expect(await page.getByLabel('Staff', { exact: true }).isDisabled()).toBe(true)
    expect(await page.getByLabel('Superuser', { exact: true }).isDisabled()).toBe(true)
    expect(await page.getByLabel('Staff', { exact: true }).isChecked()).toBe(true)
    // a staff user's name, e-mail and Active are the password's: shown, not changed (decision 0045)
    await page.getByText(RIGHTS_MESSAGES.staffAccount).first().waitFor()
    expect(await page.getByLabel('First Name').getAttribute('readonly')).not.toBeNull()
    expect(await page.getByLabel('Active').isDisabled()).toBe(true)
    await page.getByLabel('Company', { exact: true }).fill('Aberdeen Acres')
    await submitAndLand(page, /^\/manage-user$/)
    // the disabled boxes sent nothing, and the flags stayed; the rest saved
    expect(await userNamed(`staffer_${tag}`)).toMatchObject({ first_name: '', is_staff: true, is_superuser: false, is_active: true, company_id: expect.any(Number) })

    const admin = (await userNamed('admin'))!
    const response = await page.goto(`/edit-user/${admin.id}`)
    expect(response?.status()).toBe(403)
  })
})

describe('on a phone and a desktop', () => {
  it('the list and the form fit 375 px without sideways scrolling', async () => {
    for (const width of [375, 1280]) {
      const page = await (await newContext(suite.browser, suite.app.url, { width })).newPage()
      await signIn(page, 'admin')
      for (const path of ['/manage-user', '/add-user']) {
        await page.goto(path)
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${width}`).toBeLessThanOrEqual(width)
        await shot(page, `${path.slice(1)}-${width}`)
      }
    }
  })
})
