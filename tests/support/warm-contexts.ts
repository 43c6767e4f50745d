// Warm browser contexts (decision 0073). A new context costs Chromium a renderer process and the
// app's JavaScript compiled again: 0.51 core-seconds for a first page with JavaScript and 0.22
// without, beside 0.16 and 0.07 for the same page loaded again in a context that has it (this
// machine). So a context opened in a test is given back when the test finishes, and handed to the
// next test of the file that asks for the same settings (the viewport aside: it is set on the
// page): signed out, its storage cleared, its one page kept on a document of the app's origin (the
// same site: the same renderer process, its compiled code kept), which is the page its first
// newPage() returns.
//
// A context the test changed in a way that cannot be put back (routes, init scripts, bindings,
// listeners, a clock, offline, permissions, CDP …) is closed instead, as is one opened in a hook
// (it may serve several tests) and one a test asks for with `use: 'fresh'` or `use: 'shared'`.
// The one thing a warm page keeps is its history: a test that goes back further than it went
// forward finds the previous test's pages.
import type { Browser, BrowserContext, Page } from 'playwright-core'

/** A context's settings (tests/support/browser.ts): all but the viewport say which warm ones fit. */
interface Settings {
  baseURL: string
  javaScriptEnabled: boolean
  serviceWorkers: 'allow' | 'block'
  viewport: { width: number; height: number }
  /** another browser's name (an iPhone's Safari), or undefined: Chromium's own */
  userAgent?: string
}
interface Warm {
  context: BrowserContext
  page: Page
}
type Emitter = { eventNames(): (string | symbol)[]; listenerCount(name: string | symbol): number }

/**
 * Kept on the process, not this module: each test file imports its own copy of this module
 * (tests/support/file-reset.ts), while Playwright's classes, patched once, stay loaded.
 */
interface Watch {
  tainted: WeakSet<BrowserContext>
  /** the listeners Playwright itself keeps on a context, and on a page */
  contextListeners: WeakMap<BrowserContext, string>
  pageListeners?: string
  newPage?: (this: BrowserContext) => Promise<Page>
  patched?: Promise<void>
}
const holder = globalThis as typeof globalThis & { __warmContexts?: Watch }
const watch = (holder.__warmContexts ??= { tainted: new WeakSet(), contextListeners: new WeakMap() })

/** The calls whose effect a context keeps, or that this module cannot undo: one of them keeps the context from other tests. */
const CONTEXT_TAINTS = [
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'addInitScript',
  'exposeBinding',
  'exposeFunction',
  'setOffline',
  'setGeolocation',
  'grantPermissions',
  'setExtraHTTPHeaders',
  'setHTTPCredentials',
  'newCDPSession',
]
const PAGE_TAINTS = ['route', 'routeFromHAR', 'routeWebSocket', 'addInitScript', 'exposeBinding', 'exposeFunction', 'setExtraHTTPHeaders', 'emulateMedia', 'addLocatorHandler']

const listeners = (emitter: Emitter) =>
  emitter
    .eventNames()
    .map((name) => `${String(name)}:${emitter.listenerCount(name)}`)
    .sort()
    .join(',')

/** Runs `fn` when the current test finishes; false outside a test (a hook, a module's top level, a benchmark). */
export async function whenTestFinishes(fn: () => void | Promise<void>): Promise<boolean> {
  try {
    // imported here: the global setups and the benchmarks import the browser helpers outside a test file
    const { onTestFinished } = await import('vitest')
    onTestFinished(fn)
    return true
  } catch {
    return false
  }
}

/** Sets a new context up with `setUp` (no taint), then watches it. */
export async function watched(context: BrowserContext, setUp: (context: BrowserContext) => Promise<void>): Promise<void> {
  await (watch.patched ??= patchPlaywright(context))
  await setUp(context)
  watch.tainted.delete(context)
  watch.contextListeners.set(context, listeners(context as unknown as Emitter))
}

/** Patches Playwright's context, page and clock classes so that each tainting call marks its context. */
async function patchPlaywright(context: BrowserContext): Promise<void> {
  const contextClass = Object.getPrototypeOf(context) as Record<string, unknown>
  watch.newPage = contextClass.newPage as Watch['newPage']
  const page = await context.newPage()
  watch.pageListeners = listeners(page as unknown as Emitter)
  const clockClass = Object.getPrototypeOf(page.clock) as Record<string, unknown>
  taintOn(contextClass, CONTEXT_TAINTS, (self) => self as BrowserContext)
  taintOn(Object.getPrototypeOf(page) as Record<string, unknown>, PAGE_TAINTS, (self) => (self as Page).context())
  taintOn(
    clockClass,
    Object.getOwnPropertyNames(clockClass).filter((name) => name !== 'constructor'),
    (self) => (self as { _browserContext: BrowserContext })._browserContext,
  )
  await page.close()
}

function taintOn(proto: Record<string, unknown>, names: string[], contextOf: (self: unknown) => BrowserContext): void {
  for (const name of names) {
    const original = proto[name]
    if (typeof original !== 'function') continue
    proto[name] = function (this: unknown, ...args: unknown[]) {
      watch.tainted.add(contextOf(this))
      return (original as (...args: unknown[]) => unknown).apply(this, args)
    }
  }
}

const pools = new WeakMap<Browser, Map<string, Warm[]>>()
/** The warm contexts of these settings but the viewport (a page's viewport is set when it is handed on). */
function warmOnes(browser: Browser, { baseURL, javaScriptEnabled, serviceWorkers, userAgent }: Settings): Warm[] {
  const key = JSON.stringify([baseURL, javaScriptEnabled, serviceWorkers, userAgent ?? null])
  let byKey = pools.get(browser)
  if (!byKey) pools.set(browser, (byKey = new Map()))
  let list = byKey.get(key)
  if (!list) byKey.set(key, (list = []))
  return list
}

/** A context whose test finished: kept warm when the test left nothing in it that cannot be put back, else closed. */
export function giveBack(browser: Browser, settings: Settings, context: BrowserContext): void {
  const [page, ...others] = context.pages()
  const clean =
    page !== undefined &&
    !watch.tainted.has(context) &&
    listeners(context as unknown as Emitter) === watch.contextListeners.get(context) &&
    listeners(page as unknown as Emitter) === watch.pageListeners
  if (!clean) return void context.close().catch(() => undefined)
  for (const other of others) void other.close().catch(() => undefined)
  warmOnes(browser, settings).push({ context, page })
}

/** A warm context with these settings made as good as new, or undefined when there is none. */
export async function takeWarm(browser: Browser, settings: Settings): Promise<BrowserContext | undefined> {
  for (let warm = warmOnes(browser, settings).pop(); warm; warm = warmOnes(browser, settings).pop()) {
    const { context, page } = warm
    try {
      // the last test's document unloads first: what it stores as it goes is cleared after
      await page.goto(new URL('/favicon.svg', settings.baseURL).href, { timeout: 10_000 })
      await page.evaluate(clearStorage)
      await context.clearCookies()
      const size = page.viewportSize()
      if (size?.width !== settings.viewport.width || size.height !== settings.viewport.height) await page.setViewportSize(settings.viewport)
    } catch {
      void context.close().catch(() => undefined)
      continue
    }
    let kept: Page | undefined = page
    context.newPage = async () => {
      const given = kept
      kept = undefined
      if (given && !given.isClosed()) return given
      // a page of its own: at the viewport asked for now, which may not be the one the context was opened with
      const another = await watch.newPage!.call(context)
      await another.setViewportSize(settings.viewport)
      return another
    }
    return context
  }
  return undefined
}

/** Runs in the warm page: what the app keeps in the browser, gone. */
async function clearStorage(): Promise<void> {
  localStorage.clear()
  sessionStorage.clear()
  for (const db of await indexedDB.databases()) {
    await new Promise((resolve) => {
      const request = indexedDB.deleteDatabase(db.name!)
      request.onsuccess = request.onerror = request.onblocked = resolve
    })
  }
  for (const name of await caches.keys()) await caches.delete(name)
}
