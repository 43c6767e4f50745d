// The users admin's rights are delegated, never minted (issue 19 item 2): a user who may manage
// users grants only what they hold, never changes their own rights, and sets no password of a staff
// user or of one who holds more; the refusals are messages on the form, and signing in as the
// target shows nothing was granted. (The admin's everyday flows: users-admin.test.ts.)
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createUser } from '#db/queries/users.ts'
import { verifyPassword } from '#core/password.server.ts'
import { RIGHTS_MESSAGES } from '#core/user-rights.ts'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { newContext, signIn, signInWithForm } from '../support/browser.ts'

const suite = useBrowserSuite()

const userNamed = (username: string) => suite.app.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst()
const permissionsOf = async (id: number) => (await suite.app.db.selectFrom('user_permissions').select('codename').where('user_id', '=', id).orderBy('codename').execute()).map((r) => r.codename)

describe('a non-superuser posting is_superuser=on', () => {
  it('is refused with a message beside the flag, and nothing changes', async () => {
    await createUser(suite.app.db, { username: 'usermgr_post', password: 'manager-pass-1', permissions: ['api.change_user', 'api.add_user'] })
    const target = await createUser(suite.app.db, { username: 'target_post', password: 'target-pass-1' })
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false })).newPage()
    await signInWithForm(page, 'usermgr_post', 'manager-pass-1')
    await page.goto(`/edit-user/${target.id}`)
    // what a hand-made post would send: the disabled box enabled and ticked
    await page.getByLabel('Superuser', { exact: true }).evaluate((box: HTMLInputElement) => {
      box.disabled = false
      box.checked = true
    })
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByText('Only a superuser can change the staff and superuser flags.').waitFor()
    expect(await userNamed('target_post')).toMatchObject({ is_superuser: false })
  })
})

describe.each([
  { js: true, mode: 'with JavaScript' },
  { js: false, mode: 'without JavaScript' },
])('rights are delegated, never minted, $mode', ({ js }) => {
  const tag = js ? 'js' : 'nojs'
  const pageOf = async (username: string) => {
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: js })).newPage()
    await signIn(page, username)
    return page
  }
  /** What a hand-made post sends: a box or field the form disabled, enabled again. */
  const enable = (page: Page, selector: string) => page.locator(selector).evaluateAll((inputs: HTMLInputElement[]) => inputs.forEach((input) => (input.disabled = false)))

  it('a staff user with api.change_user cannot grant itself everything, nor set another staff user’s password; signed in as them, nothing changed', async () => {
    const manager = await createUser(suite.app.db, { username: `delegator_${tag}`, password: 'delegator-pass-1', isStaff: true, permissions: ['api.view_user', 'api.change_user'] })
    const other = await createUser(suite.app.db, { username: `otherstaff_${tag}`, password: 'otherstaff-pass-1', isStaff: true })
    const page = await pageOf(`delegator_${tag}`)

    await page.goto(`/edit-user/${manager.id}`)
    await page.getByText(RIGHTS_MESSAGES.own).first().waitFor()
    expect(await page.getByLabel(/Can inspect workflow history/).isDisabled()).toBe(true)
    await enable(page, 'input[name="permissions"], input[name="groups"]')
    await page.locator('input[type="checkbox"][name="permissions"]').evaluateAll((boxes: HTMLInputElement[]) => boxes.forEach((box) => (box.checked = true)))
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.locator('.field-error', { hasText: RIGHTS_MESSAGES.own }).waitFor()
    expect(await permissionsOf(manager.id)).toEqual(['api.change_user', 'api.view_user'])

    await page.goto(`/edit-user/${other.id}`)
    expect(await page.getByLabel('New Password').isDisabled()).toBe(true)
    await page.getByText(RIGHTS_MESSAGES.staffPassword).waitFor()
    await enable(page, 'input[name="password"]')
    await page.getByLabel('New Password').fill('taken-over-42')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.locator('.field-error', { hasText: RIGHTS_MESSAGES.staffPassword }).waitFor()
    expect(await verifyPassword('otherstaff-pass-1', (await userNamed(`otherstaff_${tag}`))!.password_hash)).toBe(true)

    // signed in afresh: the manager still cannot open what it tried to grant itself
    const again = await pageOf(`delegator_${tag}`)
    expect((await again.goto('/manage-workflows'))?.status()).toBe(403)
    // the other staff user signs in with their own password, and not with the one tried
    const theirs = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: js })).newPage()
    await theirs.goto('/login')
    await theirs.getByLabel('Username').fill(`otherstaff_${tag}`)
    await theirs.getByLabel('Password').fill('taken-over-42')
    await theirs.getByRole('button', { name: 'Login' }).click()
    await theirs.getByText(/Login failed/).waitFor()
    await signInWithForm(theirs, `otherstaff_${tag}`, 'otherstaff-pass-1')
    expect(new URL(theirs.url()).pathname).toBe('/')
  })
})

describe('a user who may only add users', () => {
  it('is offered only the permissions it holds, and a post of others is refused, creating nobody', async () => {
    await createUser(suite.app.db, { username: 'onlyadder', password: 'onlyadder-pass-1', permissions: ['api.add_user'] })
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false })).newPage()
    await signIn(page, 'onlyadder', '/add-user')
    expect(await page.getByLabel(/Can add users/).isDisabled()).toBe(false)
    expect(await page.getByLabel(/Can edit users, their permissions/).isDisabled()).toBe(true)
    await page.getByLabel('Username').fill('minted_user')
    await page.getByLabel('Password', { exact: true }).fill('minted-pass-42')
    await page.locator('input[type="checkbox"][name="permissions"]').evaluateAll((boxes: HTMLInputElement[]) => boxes.forEach((box) => ((box.disabled = false), (box.checked = true))))
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.getByText(/^You can grant or remove only permissions you hold yourself\. Not yours: api\.add_applicator, /).waitFor()
    expect(await userNamed('minted_user')).toBeUndefined()
  })
})
