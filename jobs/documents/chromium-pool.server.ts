// One warm Chromium per worker process, launched on first use (start-up stays fast), with a few
// pages reused across jobs. HTML is printed in a context with JavaScript off; DOCX needs
// docx-preview's script, so it has its own context. No page may reach the network: every request
// is refused (documents arrive as content, scripts as inline tags, images as blob: URLs).
// A crashed or disconnected browser is dropped and the next job launches a new one; the job that
// was running fails and pg-boss retries it.
import fs from 'node:fs/promises'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

export type PageKind = 'html' | 'docx'

/** The flags that work in this environment (DESIGN.md §12). */
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic']

export interface ChromiumPoolOptions {
  executablePath: string
  /** pages in use at the same time (more jobs wait for one) */
  size: number
  /** more Chromium flags (tests lift Chromium's own loopback guard to prove the pool's) */
  extraArgs?: readonly string[]
}

interface Warm {
  browser: Browser
  contexts: Partial<Record<PageKind, BrowserContext>>
  idle: Record<PageKind, Page[]>
}

export class ChromiumPool {
  private warm: Promise<Warm> | undefined
  private inUse = 0
  private readonly waiting: (() => void)[] = []
  /** an inert flag on this pool's Chromium command line, to find its process */
  private readonly marker = `--field-ops-pool=${crypto.randomUUID()}`
  private closed = false
  /** how many pages were handed out (tests count the renders) */
  uses = 0
  /** how many times Chromium was launched */
  launches = 0

  constructor(private readonly options: ChromiumPoolOptions) {}

  /** Runs `use` with a page of `kind`; the page goes back to the pool unless it broke. */
  async withPage<T>(kind: PageKind, use: (page: Page) => Promise<T>): Promise<T> {
    await this.acquireSlot()
    let page: Page | undefined
    let healthy = false
    try {
      page = await this.takePage(kind)
      this.uses++
      const result = await use(page)
      healthy = true
      return result
    } finally {
      // the page is back in the pool before the next job is let in, so that job reuses it
      if (page) await this.giveBack(kind, page, healthy)
      this.releaseSlot()
    }
  }

  /** The running browser's process id (tests kill it to prove a crash is survived). */
  async pid(): Promise<number | undefined> {
    if (!(await this.warm?.catch(() => undefined))) return undefined
    for (const entry of await fs.readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      const args = (await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')).split('\0')
      // the browser process itself, not its renderer/GPU/zygote children (they carry --type=)
      if (args.includes(this.marker) && !args.some((a) => a.startsWith('--type='))) return Number(entry)
    }
    return undefined
  }

  async close(): Promise<void> {
    this.closed = true
    const warm = await this.warm?.catch(() => undefined)
    this.warm = undefined
    await warm?.browser.close().catch(() => {})
  }

  private async acquireSlot(): Promise<void> {
    if (this.closed) throw new Error('The document renderer is shut down.')
    if (this.inUse < this.options.size) {
      this.inUse++
      return
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve))
  }

  private releaseSlot(): void {
    const next = this.waiting.shift()
    if (next) next()
    else this.inUse--
  }

  private browser(): Promise<Warm> {
    if (!this.warm) {
      this.launches++
      const launching = chromium
        .launch({ executablePath: this.options.executablePath, args: [...CHROMIUM_FLAGS, ...(this.options.extraArgs ?? []), this.marker] })
        .then((browser): Warm => ({ browser, contexts: {}, idle: { html: [], docx: [] } }))
      this.warm = launching
      const forget = () => {
        if (this.warm === launching) this.warm = undefined
      }
      // a crashed browser, or a failed launch, is not kept: the next job launches a new one
      launching.then((warm) => warm.browser.on('disconnected', forget), forget)
    }
    return this.warm
  }

  private async takePage(kind: PageKind): Promise<Page> {
    const warm = await this.browser()
    const idle = warm.idle[kind].pop()
    if (idle && !idle.isClosed()) return idle
    const context = (warm.contexts[kind] ??= await warm.browser.newContext({ javaScriptEnabled: kind === 'docx', offline: true }))
    const page = await context.newPage()
    // the document never fetches anything: not the network, not a file: URL
    await page.route('**/*', (route) => route.abort('blockedbyclient'))
    page.on('crash', () => void page.close().catch(() => {}))
    return page
  }

  private async giveBack(kind: PageKind, page: Page, healthy: boolean): Promise<void> {
    const warm = await this.warm?.catch(() => undefined)
    if (!healthy || !warm || page.isClosed() || page.context().browser() !== warm.browser || warm.idle[kind].length >= this.options.size) {
      void page.close().catch(() => {}) // not awaited: a hung browser must not hold the slot
      return
    }
    warm.idle[kind].push(page)
  }
}


const holder = globalThis as typeof globalThis & { __documentPool?: ChromiumPool }

/** The process's pool, made from the settings (Chromium itself starts with the first job). */
export function documentPool(options: () => ChromiumPoolOptions): ChromiumPool {
  return (holder.__documentPool ??= new ChromiumPool(options()))
}

/** Closes the process's Chromium (shutdown). */
export async function closeDocumentPool(): Promise<void> {
  const pool = holder.__documentPool
  holder.__documentPool = undefined
  await pool?.close()
}
