// The run's one Chromium (started by tests/support/setup-browser.ts): each file connects to it
// and gets its own contexts; closing the connection closes them, never the browser.
import { chromium, type Browser } from 'playwright-core'
import { inject } from 'vitest'

export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('chromiumEndpoint'))
}
