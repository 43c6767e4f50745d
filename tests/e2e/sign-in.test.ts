import { describe, expect, it } from 'vitest'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { newContext, signIn } from '../support/browser.ts'

const suite = useBrowserSuite()

describe('sign-in and permissions', () => {
  it('sends a signed-out visitor to /login and back to where they were going', async () => {
    const page = await (await newContext(suite.browser, suite.app.url)).newPage()
    await page.goto('/view-calls?page_size=20')
    expect(new URL(page.url()).pathname).toBe('/login')
    await signIn(page, 'tech')
    const url = new URL(page.url())
    expect(url.pathname).toBe('/view-calls')
    expect(url.searchParams.get('page_size')).toBe('20')
  })

  it('never returns to another site after sign-in', async () => {
    const page = await (await newContext(suite.browser, suite.app.url)).newPage()
    await page.goto('/login?redirectTo=//evil.example/steal')
    await signIn(page, 'tech')
    expect(new URL(page.url()).origin).toBe(suite.app.url)
  })

  it('shows the failure text for a wrong password, and it goes after 10 seconds', async () => {
    const page = await (await newContext(suite.browser, suite.app.url)).newPage()
    await page.goto('/login')
    await page.getByLabel('Username').fill('tech')
    await page.getByLabel('Password').fill('wrong-password')
    await page.getByRole('button', { name: 'Login' }).click()
    const message = page.getByText('Login failed. Please try again.')
    await expect(message.waitFor()).resolves.toBeUndefined()
    await page.clock.install()
    await page.clock.runFor(10_500)
    await message.waitFor({ state: 'detached' })
  })

  it('shows each user the home cards of their permissions', async () => {
    const context = await newContext(suite.browser, suite.app.url)
    const page = await context.newPage()
    await signIn(page, 'viewer')
    const cards = page.getByRole('main').getByRole('link')
    expect(await cards.allInnerTexts()).toEqual([expect.stringContaining('Service')])

    const office = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(office, 'office')
    const titles = await office.getByRole('main').getByRole('heading', { level: 2 }).allInnerTexts()
    expect(titles).toContain('Auditing')
    expect(titles).toContain('Contacts')
    expect(titles).not.toContain('Service')
  })

  it('answers 403 at /view-calls to a user without api.view_callin', async () => {
    const page = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(page, 'office')
    const response = await page.goto('/view-calls')
    expect(response?.status()).toBe(403)
    await expect(page.getByRole('heading', { name: 'Not allowed' }).waitFor()).resolves.toBeUndefined()
  })

  it('refuses a cross-origin POST', async () => {
    const response = await fetch(`${suite.app.url}/login`, {
      method: 'POST',
      headers: { Origin: 'http://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'username=tech&password=demo-pass-1',
      redirect: 'manual',
    })
    expect(response.status).toBe(403)
    const fromBrowserSaysCrossSite = await fetch(`${suite.app.url}/logout`, { method: 'POST', headers: { 'Sec-Fetch-Site': 'cross-site' }, redirect: 'manual' })
    expect(fromBrowserSaysCrossSite.status).toBe(403)
  })
})
