// One search box (issue 24) in the browser: without JavaScript on a desk (the top bar's box posts
// to the results page, a heading and a count per kind, each result a link that opens), with
// JavaScript on a phone (the suggestions as a combobox, by keyboard), and for users with few rights
// (only what their pages show; no box at all for a user who may search nothing). What each kind
// matches, and who sees which kind, is proven in app/search.test.ts.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEARCH_TEXTS } from '#core/search.ts'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { hydrated, newContext, signIn } from '../support/browser.ts'

const suite = useBrowserSuite()
const pages: Page[] = []

beforeAll(async () => {
  await suite.app.db.insertInto('companies').values({ company_name: 'Rémi Cellar Farms' }).execute()
})
afterAll(async () => {
  for (const page of pages) await page.context().close()
})

async function opened(username: string, js: boolean, width: number, to = '/'): Promise<Page> {
  const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: js, width })).newPage()
  pages.push(page)
  await signIn(page, username, to)
  return page
}

/** The results page's groups: heading text → the links' names. */
const groups = (page: Page) =>
  page
    .locator('section.search-group')
    .evaluateAll((sections) => Object.fromEntries(sections.map((s) => [s.querySelector('h2')!.textContent!.trim(), [...s.querySelectorAll('li a')].map((a) => a.textContent!.trim())])))

describe('the search box', () => {
  it('without JavaScript at 1280 px: the top bar’s box opens the results page; every kind is found by part of a name or number, and each result opens', async () => {
    const page = await opened('admin', false, 1280)
    // case and accents ignored, from the top bar
    await page.getByRole('combobox', { name: 'Search' }).fill('REMI cell')
    await page.getByRole('combobox', { name: 'Search' }).press('Enter')
    await page.waitForURL(/\/search\?q=REMI\+cell$/)
    expect(await groups(page)).toEqual({ 'Growers (1)': ['Rémi Cellar Farms'] })
    await page.getByRole('link', { name: 'Rémi Cellar Farms' }).click()
    await page.waitForURL(/\/storage\?company=/)
    expect(await page.getByRole('combobox', { name: /grower|company/i }).inputValue()).toBe('Rémi Cellar Farms')

    const cases = [
      ['riverton', 'Storages', 'Riverton Road #1'],
      ['christensen', 'Contacts', 'Wade Christensen'],
      ['pt-25-0000', 'Pre-Treats', 'PT-25-000002'],
      ['1003', 'Service Sheets', '#1003'],
      ['frontier', 'Receipts', 'Frontier Pies, Rexburg'],
      ['storage 7 AUDIT', 'Drive Files', 'Storage 7 audit.pdf'],
    ] as const
    for (const [q, kind, name] of cases) {
      await page.goto(`/search?${new URLSearchParams({ q })}`)
      const found = await groups(page)
      const heading = Object.keys(found).find((h) => h.startsWith(`${kind} (`))
      expect(heading, q).toBeDefined()
      expect(found[heading!], q).toContain(name)
      // the link opens for this user (the page it leads to answers 200)
      const href = await page.locator('section.search-group li a', { hasText: name }).first().getAttribute('href')
      expect((await page.request.get(href!)).status(), href!).toBe(200)
    }
    // too short: says what to type; hostile text: a message, never an error page
    await page.goto('/search?q=ab')
    expect(await page.getByRole('main').getByRole('status').textContent()).toBe(SEARCH_TEXTS.short)
    expect((await page.goto('/search?q=%25%27%22%3Cscript%3E%00'))!.status()).toBe(200)
    expect(await page.getByRole('main').getByRole('status').textContent()).toBe(SEARCH_TEXTS.control)
  }, 60_000)

  it('with JavaScript at 375 px: suggestions as a combobox, by keyboard', async () => {
    const page = await opened('admin', true, 375)
    await hydrated(page)
    const box = page.getByRole('combobox', { name: 'Search' })
    const list = page.getByRole('listbox', { name: 'Suggestions' })
    await box.click()
    await box.pressSequentially('christ')
    await list.waitFor()
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true')
    expect(
      await list
        .getByRole('group', { name: /^Contacts \(\d+\)$/ })
        .getByRole('option')
        .first()
        .textContent(),
    ).toMatch(/Christensen/)
    // the box stays on the phone's screen, under the top bar's first row
    const shown = (await box.boundingBox())!
    expect(shown.x).toBeGreaterThanOrEqual(0)
    expect(shown.x + shown.width).toBeLessThanOrEqual(375)
    // Escape closes, ArrowDown opens again and moves through the options
    await box.press('Escape')
    // the box's state follows the list's after React's effects run, a moment after the key
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false')
    expect(await list.isVisible()).toBe(false)
    await box.press('ArrowDown')
    await list.waitFor()
    const first = list.getByRole('option').first()
    await first.waitFor()
    await box.press('ArrowDown')
    // the box names the chosen option once the list has drawn it
    await expect.poll(() => first.getAttribute('aria-selected')).toBe('true')
    await expect.poll(async () => (await box.getAttribute('aria-activedescendant')) === (await first.getAttribute('id'))).toBe(true)
    const label = (await first.evaluate((el) => el.childNodes[0]!.textContent))!
    expect(label).toMatch(/Christensen$/)
    // Enter opens the chosen one: its grower's contacts, filtered to it
    await box.press('Enter')
    await page.waitForURL((url) => /^\/view-contact\/\d+$/.test(url.pathname) && url.searchParams.get('filter_value') === label)
    await expect.poll(() => page.getByRole('main').getByText(label).count()).toBeGreaterThan(0)
    // with no option chosen, Enter opens the results page
    await hydrated(page)
    await box.fill('')
    await box.pressSequentially('snake')
    await list.waitFor()
    await box.press('Enter')
    await page.waitForURL(/\/search\?q=snake$/)
    // the address changes before the results are drawn (the navigation renders in a transition)
    await expect.poll(async () => Object.keys(await groups(page))).toContain('Growers (1)')
  }, 60_000)

  it('a user with few rights finds only what their pages show; one who may search nothing has no box', async () => {
    // reviewer1 opens service sheets, nothing else the search finds
    const page = await opened('reviewer1', false, 375, '/search?q=snake')
    expect(await page.getByRole('main').getByRole('status').textContent()).toBe(`${SEARCH_TEXTS.none} Searched: Service Sheets.`)
    expect(await page.locator('section.search-group').count()).toBe(0)
    // asking for a kind they may not see gives theirs only
    await page.goto('/search?q=1003&kind=growers')
    expect(await groups(page)).toEqual({ 'Service Sheets (1)': ['#1003'] })
    const viewer = await opened('viewer', false, 1280)
    expect(await viewer.getByRole('combobox', { name: 'Search' }).count()).toBe(0)
    expect((await viewer.goto('/search?q=snake'))!.status()).toBe(403)
  }, 60_000)
})
