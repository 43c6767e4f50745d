// The warm browser contexts (tests/support/warm-contexts.ts): the next test gets the context back
// as good as new, and never one the last test changed in a way that cannot be put back.
import type { BrowserContext } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowserSuite } from '../support/browser-suite.ts'
import { hydrated, newContext, signIn } from '../support/browser.ts'

const suite = useBrowserSuite()
let last: BrowserContext | undefined

describe('warm contexts', () => {
  it('a test signs in and leaves things in the browser', async () => {
    last = await newContext(suite.browser, suite.app.url)
    const page = await last.newPage()
    await signIn(page, 'office', '/contacts')
    await hydrated(page)
    await page.evaluate(async () => {
      localStorage.setItem('left', '1')
      sessionStorage.setItem('left', '1')
      await new Promise((resolve) => (indexedDB.open('left').onsuccess = resolve))
      await (await caches.open('left')).put('/left', new Response('1'))
    })
  })

  it('the next test with the same settings gets that context: signed out, nothing left, one page', async () => {
    const context = await newContext(suite.browser, suite.app.url)
    expect(context).toBe(last)
    expect(await context.cookies()).toEqual([])
    const page = await context.newPage()
    expect(context.pages()).toEqual([page])
    const left = await page.evaluate(async () => [localStorage.length, sessionStorage.length, (await indexedDB.databases()).length, (await caches.keys()).length])
    expect(left).toEqual([0, 0, 0, 0])
    await page.goto('/contacts')
    expect(new URL(page.url()).pathname).toBe('/login')
    // other settings: another context
    last = await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false })
    expect(last).not.toBe(context)
    await last.newPage()
  })

  it('a context the test changed for good is not handed on', async () => {
    const context = await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false })
    expect(context).toBe(last)
    const page = await context.newPage()
    await page.route('**/contacts', (route) => route.abort())
    last = context
  })

  it('so the next test gets a new one; and one asked for fresh is new too', async () => {
    const context = await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false })
    expect(context).not.toBe(last)
    await context.newPage()
    last = context
    expect(await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false, use: 'fresh' })).not.toBe(last)
  })

  it('a test asking for another width gets a warm context too, its page at that width', async () => {
    const context = await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false, width: 375, height: 800 })
    expect(context).toBe(last)
    expect((await context.newPage()).viewportSize()).toEqual({ width: 375, height: 800 })
    // a second page of its own, at the width asked for
    expect((await context.newPage()).viewportSize()).toEqual({ width: 375, height: 800 })
  })
})
