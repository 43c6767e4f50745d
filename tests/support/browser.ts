// Debian's Chromium driven by playwright-core (downloaded browsers are not available here).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { appUrlOf, registerContext, sessionToken } from './apps.ts'
import { giveBack, takeWarm, watched, whenTestFinishes } from './warm-contexts.ts'

/** The Chromium that renders documents (the app's own setting): the documents' tests use it too. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/**
 * The Chromium the browser tests drive: Debian's headless shell, the same Chromium without the
 * desktop browser's user interface (Playwright's own choice for headless runs). It spends about
 * half the CPU of `chromium --headless` on the same pages (decision 0052). Where it is not
 * installed and cannot be (not root), the full Chromium.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
export const testBrowserPath = (): string => process.env.TEST_BROWSER_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH)
/**
 * The test browsers' flags. V8's lite mode (no optimizing compilers): a test's page lives seconds,
 * too short for compiled code to pay back its compiling; it runs the same JavaScript with a fifth
 * less CPU in the browser files (decision 0064). The documents' Chromium (jobs/documents) keeps V8 whole.
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--js-flags=--lite-mode',
]

/** Shared memory large enough for Chromium's (a container's default 64 MiB is not). */
const ROOMY_SHM_BYTES = 1024 ** 3
/**
 * What Playwright's launch adds that the test browsers leave out: `--disable-dev-shm-usage`, where
 * /dev/shm is roomy. That flag (for containers with a 64 MiB /dev/shm) makes Chromium pass its
 * frames and messages through files in /tmp; through /dev/shm the browser files' Chromium spends
 * about a tenth less CPU (decision 0064).
 */
export function launchDefaultsLeftOut(): { ignoreDefaultArgs?: string[] } {
  try {
    const shm = fs.statfsSync('/dev/shm')
    return shm.blocks * shm.bsize >= ROOMY_SHM_BYTES ? { ignoreDefaultArgs: ['--disable-dev-shm-usage'] } : {}
  } catch {
    return {}
  }
}

/** Installs Debian's chromium and chromium-headless-shell packages when missing and root (called by the global setups). */
export function ensureChromium(): void {
  const missing = [...(fs.existsSync(CHROMIUM_PATH) ? [] : ['chromium']), ...(process.env.TEST_BROWSER_PATH || fs.existsSync(HEADLESS_SHELL) ? [] : ['chromium-headless-shell'])]
  if (missing.length === 0) return
  if (process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) {
    // the headless shell is only lighter: without it the tests drive the full Chromium
    if (!missing.includes('chromium')) return
    throw new Error(`Chromium is not at ${CHROMIUM_PATH}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`)
  }
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
}

/** A Chromium of its own (benchmarks; tests connect to the run's one: tests/support/shared-browser.ts). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, ...launchDefaultsLeftOut() })
}

export interface ContextOptions {
  javaScriptEnabled?: boolean
  width?: number
  height?: number
  /**
   * 'allow' where the service worker is part of what is tested (offline, sign-in and sign-out);
   * elsewhere it is blocked: each new context would install it and fetch home for it, a tenth of
   * a browser file's CPU (decision 0052).
   */
  serviceWorkers?: 'allow' | 'block'
  /** The browser the pages say they are (an iPhone's Safari); Chromium's own when not given. */
  userAgent?: string
  /**
   * 'fresh': a context no test used before, for a test that reads what the browser fetches or
   * keeps; 'shared': one that later tests go on with, never handed to another test. Otherwise a
   * context opened in a test is given to the next test of the file that asks for the same
   * settings (tests/support/warm-contexts.ts).
   */
  use?: 'fresh' | 'shared'
}

export async function newContext(browser: Browser, baseURL: string, options: ContextOptions = {}): Promise<BrowserContext> {
  const settings = {
    baseURL,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    serviceWorkers: options.serviceWorkers ?? 'block',
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  } as const
  // a context opened in a test goes back to the warm ones when the test finishes (warm-contexts.ts)
  const handOn = settings.serviceWorkers === 'block' && !options.use
  let context: BrowserContext | undefined
  if (handOn && (await whenTestFinishes(() => context && giveBack(browser, settings, context)))) context = await takeWarm(browser, settings)
  if (context) return context
  context = await browser.newContext(settings)
  await watched(context, async (c) => void (await c.addInitScript(recordModals)))
  registerContext(context, baseURL)
  return context
}

type ShownModal = { name: string; text: string }
/**
 * Runs in every page: notes each modal as it opens. The Success modal closes itself after 750 ms
 * (the spec's), less than one look from the test can take on a busy machine; the page's own note of
 * it cannot be missed.
 */
function recordModals(): void {
  const shown: ShownModal[] = []
  ;(window as unknown as { modalsShown: ShownModal[] }).modalsShown = shown
  const note = (dialog: Element) => {
    const title = dialog.getAttribute('aria-labelledby')
    shown.push({ name: (title && document.getElementById(title)?.textContent) || '', text: dialog.textContent ?? '' })
  }
  // only what was added is looked at: the observer sees every change of every page of the run
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) {
        if (!(node instanceof Element)) continue
        if (node.matches('dialog[open]')) note(node)
        else if (node.firstElementChild) node.querySelectorAll('dialog[open]').forEach(note)
      }
    }
  }).observe(document, { childList: true, subtree: true })
}

/** Waits until the page has shown a modal named `name` (holding `text`) since the last one this found; fails naming the modals it did show. */
export async function modalShown(page: Page, name: string, text?: string): Promise<void> {
  try {
    await page.waitForFunction(
      ([name, text]) => {
        const shown = (window as unknown as { modalsShown?: ShownModal[] }).modalsShown ?? []
        const at = shown.findIndex((m) => m.name === name && (!text || m.text.includes(text)))
        if (at >= 0) shown.splice(0, at + 1)
        return at >= 0
      },
      [name, text] as const,
    )
  } catch (error) {
    const shown = await page.evaluate(() => (window as unknown as { modalsShown?: ShownModal[] }).modalsShown ?? []).catch(() => [])
    throw new Error(`No modal '${name}'${text ? ` with '${text}'` : ''}; the page showed ${JSON.stringify(shown)}`, { cause: error })
  }
}

/** The folder for screenshots a person looks at (SHOTS_DIR), or undefined: then none is taken. */
export const shotsDir = (): string | undefined => process.env.SHOTS_DIR || undefined

/** A screenshot for a person to look at, `<SHOTS_DIR>/<name>.png`, when SHOTS_DIR is set; never an assertion. */
export async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  const dir = shotsDir()
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage })
}

export const DEMO_PASSWORD = 'demo-pass-1'

/** Waits until React has taken the page over (app/root.tsx marks it): a click before is the no-JavaScript post. */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

/**
 * Signs in by session (tests/support/apps.ts), for tests whose subject is not signing in: then
 * goes to `to`, or where the login page would have sent the user (its redirectTo), or home.
 */
export async function signIn(page: Page, username: string, to?: string): Promise<void> {
  const url = appUrlOf(page.context())
  const token = await sessionToken(url, username)
  await page.context().addCookies([{ name: 'sid', value: token, url, httpOnly: true, sameSite: 'Lax' }])
  const current = page.url().startsWith(url) ? new URL(page.url()) : null
  const target = current?.pathname === '/login' ? current.searchParams.get('redirectTo') : null
  const destination = to ?? (target?.startsWith('/') && !target.startsWith('//') ? target : '/')
  // an open page whose user is no longer the session's reloads itself (decision 0081): the cookie
  // just set may start that reload while this navigation runs and abort it; then go again
  await page.goto(destination).catch(async (error: unknown) => {
    if (!String(error).includes('ERR_ABORTED')) throw error
    await page.goto(destination)
  })
}

/** Signs in through the login form, the way a person does (for tests of signing in). */
export async function signInWithForm(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/login')), page.getByRole('button', { name: 'Login' }).click()])
}

/**
 * Records the accessible name of every progress bar the page shows from now on. A small file's bar
 * can come and go between two looks; the page's own observer sees each one.
 */
export async function watchProgressBars(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen = new Set<string>()
    ;(window as unknown as { progressBarsSeen: Set<string> }).progressBarsSeen = seen
    const note = () => document.querySelectorAll('progress[aria-label]').forEach((bar) => seen.add(bar.getAttribute('aria-label')!))
    new MutationObserver(note).observe(document.body, { childList: true, subtree: true })
  })
  return () => page.evaluate(() => [...(window as unknown as { progressBarsSeen: Set<string> }).progressBarsSeen])
}
