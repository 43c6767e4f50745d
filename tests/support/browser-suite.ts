// One app server per browser-test file and a connection to the run's Chromium, opened before its
// tests and closed after.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { startAppServer, type AppServer } from './app-server.ts'
import { connectBrowser } from './shared-browser.ts'

export interface BrowserSuite {
  readonly app: AppServer
  readonly browser: Browser
}

export function useBrowserSuite(): BrowserSuite {
  let app: AppServer | undefined
  let browser: Browser | undefined
  beforeAll(async () => {
    ;[app, browser] = await Promise.all([startAppServer(), connectBrowser()])
  })
  afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })
  return {
    get app() {
      if (!app) throw new Error('The app server is not started yet')
      return app
    },
    get browser() {
      if (!browser) throw new Error('The browser is not started yet')
      return browser
    },
  }
}
