// The company and customer pickers on a slow phone (issue 19, item 30): text typed before the
// page's script has loaded is kept when the script takes over, an exact name then goes on by
// itself, and a way to go on (Continue) stays. The script requests are held back (routed), so the
// typing happens on the server's page, then let go.
import type { Page, Route } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { newContext, signIn } from '../support/browser.ts'

const suite = useBrowserSuite()

let page: Page
beforeAll(async () => {
  // no service worker: the page's own requests are the ones routed
  const context = await newContext(suite.browser, suite.app.url, { serviceWorkers: 'block', width: 375, height: 800 })
  page = await context.newPage()
  await signIn(page, 'admin')
})

/** Opens `path` with its scripts held back; `release` lets them load. */
async function openWithoutScript(path: string) {
  const held: Route[] = []
  let holding = true
  await page.route('**/assets/**', (route) => (holding ? held.push(route) : route.continue()))
  await page.goto(path, { waitUntil: 'commit' })
  return async function release() {
    holding = false
    for (const route of held.splice(0)) await route.continue()
    await page.unroute('**/assets/**')
  }
}

/** Waits until React has taken over the input (hydrated it) and its effects have run. */
async function hydrated(id: string) {
  await page.waitForFunction((inputId) => {
    const input = document.getElementById(inputId)
    return input !== null && Object.keys(input).some((key) => key.startsWith('__reactFiber'))
  }, id)
  // the effects of the first render (useHydrated's re-render among them) run right after
  await page.waitForTimeout(300)
}

describe('pickers: typed before the script took over', () => {
  it('the company picker keeps a partial name and its Continue; an exact name goes on by itself', async () => {
    let release = await openWithoutScript('/create-pre-treat')
    const company = page.getByLabel('Company', { exact: true })
    await company.fill('Snake Ri')
    await release()
    await hydrated('company')
    expect(await company.inputValue()).toBe('Snake Ri')
    await page.getByRole('button', { name: 'Continue' }).waitFor()
    // and it goes on from there
    await company.fill('Snake River Farms')
    await page.waitForURL((url) => url.searchParams.get('company') === 'Snake River Farms')

    release = await openWithoutScript('/create-pre-treat')
    await company.fill('Aberdeen Acres')
    await release()
    await page.waitForURL((url) => url.searchParams.get('company') === 'Aberdeen Acres')
    await page.getByLabel('Storage', { exact: true }).waitFor()
    expect(await company.inputValue()).toBe('Aberdeen Acres')
  })

  it('the customer picker (a place) keeps a partial name and its Continue; an exact name goes on by itself', async () => {
    let release = await openWithoutScript('/service-call')
    const customer = page.getByLabel('Customer', { exact: true })
    await customer.fill('Aberd')
    await release()
    await hydrated('company')
    expect(await customer.inputValue()).toBe('Aberd')
    await page.getByRole('button', { name: 'Continue' }).waitFor()

    release = await openWithoutScript('/service-call')
    await customer.fill('Aberdeen Acres')
    await release()
    await page.waitForURL((url) => url.searchParams.get('company') === 'Aberdeen Acres')
    await page.getByLabel('Storage', { exact: true }).waitFor()
    expect(await customer.inputValue()).toBe('Aberdeen Acres')
  })
})
