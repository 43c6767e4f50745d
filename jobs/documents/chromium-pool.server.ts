// One warm Chromium per worker process, launched on first use (start-up stays fast). Every job gets
// a fresh browser context (its own window, storage and cache), closed when the job ends: one
// document's render cannot touch the next. Making a context's page starts a renderer process
// (a few hundred ms on a busy machine), so while a job renders, a fresh, unused page of its kind is
// made for the next job. HTML is printed with JavaScript off; DOCX needs
// docx-preview's script, which runs under the renderer page's Content-Security-Policy
// (render.server.ts). No page may reach the network: every request is refused (documents arrive as
// content, scripts as inline tags, images as data: URLs).
// Chromium keeps its sandbox wherever the host allows it: only as root, where Chromium refuses to
// start sandboxed, is it launched with --no-sandbox (and as a non-root user whose host cannot start
// the sandbox, after a sandboxed launch failed, with a warning in the log).
// Slots come in two lanes: the app's own documents and drive DOCX ('app', `size` of them) and HTML
// posted to /api/convert/ ('posted', `postedSize`): a posted document never holds a slot, nor waits
// in a line, that the app's own PDFs need (docs/decisions/0080).
// A renderer whose memory passes `memoryLimitBytes` is killed (renderer-memory.server.ts), and its
// job fails with RendererOverMemory.
// A crashed or disconnected browser is dropped and the next job launches a new one; the job that
// was running fails and pg-boss retries it.
import fs from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { killRenderersOver } from './renderer-memory.server.ts'

export type PageKind = 'html' | 'docx'
/** Whose slots a job takes: the app's own documents (and drive DOCX), or HTML a caller posted. */
export type Lane = 'app' | 'posted'

/** The flags the renderer runs with (the sandbox is decided apart: sandboxPlan). */
export const CHROMIUM_FLAGS = ['--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic']

/** How long closing a job's context may take before the slot is given back anyway (a hung browser must not hold it). */
const CLOSE_WAIT_MS = 5_000
/** How long a failed job waits to hear that its page crashed, when a renderer was killed for its memory meanwhile. */
const CRASH_WAIT_MS = 2_000
/** How often the renderers' memory is looked at (a decoding picture grows by hundreds of MB a second). */
const MEMORY_WATCH_MS = 200

/** A job's renderer passed the memory ceiling and was killed: the document needs more than it may have. */
export class RendererOverMemory extends Error {
  constructor() {
    super('The renderer went over its memory ceiling.')
    this.name = 'RendererOverMemory'
  }
}

export interface ChromiumPoolOptions {
  executablePath: string
  /** jobs of the app's own documents (and drive DOCX) rendering at the same time (more wait for a slot) */
  size: number
  /** jobs of posted HTML rendering at the same time, in slots of their own (default 1) */
  postedSize?: number
  /** more Chromium flags (tests lift Chromium's own loopback guard to prove the pool's) */
  extraArgs?: readonly string[]
  /** the user id Chromium runs as: this process's, unless `executablePath` is a wrapper that changes user */
  uid?: number | null
  /** a renderer (one job's) using more resident memory than this is killed, and its job fails; unset: not watched */
  memoryLimitBytes?: number
}

/**
 * The launches to try, in order: `true` keeps Chromium's sandbox, `false` passes --no-sandbox.
 * As root Chromium refuses to start sandboxed, so root is never tried with it; any other user
 * keeps the sandbox, and falls back to none only when a sandboxed launch fails (a host with
 * neither unprivileged user namespaces nor Chromium's setuid helper).
 */
export function sandboxPlan(uid: number | null): readonly boolean[] {
  return uid === 0 ? [false] : [true, false]
}

export class ChromiumPool {
  private warm: Promise<Browser> | undefined
  /** a fresh page of each kind, made (and prepared) ahead for the next job; no job used it before */
  private readonly spare: Partial<Record<PageKind, { of: Promise<Browser>; page: Promise<Page> }>> = {}
  /** what a page of each kind is made ready with before a job gets it (the DOCX renderer page) */
  private readonly prepare: Partial<Record<PageKind, (page: Page) => Promise<void>>> = {}
  private readonly inUse: Record<Lane, number> = { app: 0, posted: 0 }
  private readonly waiting: Record<Lane, (() => void)[]> = { app: [], posted: [] }
  /** an inert flag on this pool's Chromium command line, to find its process */
  private readonly marker = `--field-ops-pool=${crypto.randomUUID()}`
  private closed = false
  /** how many jobs were given a page (tests count the renders) */
  uses = 0
  /** how many times Chromium was launched */
  launches = 0
  /** whether the running Chromium keeps its sandbox (undefined before the first launch) */
  sandboxed: boolean | undefined
  /** renderers killed for passing the memory ceiling */
  memoryKills = 0
  /** the largest resident memory a renderer was seen with, in bytes (a measure for the setting) */
  largestRenderer = 0
  private memoryWatch: NodeJS.Timeout | undefined

  constructor(private readonly options: ChromiumPoolOptions) {}

  /**
   * Runs `use` with a page of `kind` in a context of its own, closed afterwards: nothing of one job
   * (its window, globals, storage, cache) is there for the next. `prepare` readies a page before
   * any document is in it (the same for every job of the kind), so pages made ahead are prepared too.
   * `lane`: whose slots the job waits for and takes.
   */
  async withPage<T>(kind: PageKind, use: (page: Page) => Promise<T>, prepare?: (page: Page) => Promise<void>, lane: Lane = 'app'): Promise<T> {
    if (prepare) this.prepare[kind] = prepare
    await this.acquireSlot(lane)
    let page: Page | undefined
    const killsBefore = this.memoryKills
    let crashed: Promise<boolean> | undefined
    try {
      page = await this.freshPage(kind)
      const crashing = page
      crashed = new Promise((resolve) => crashing.once('crash', () => resolve(true)))
      this.uses++
      return await use(page)
    } catch (error) {
      // a renderer was killed for its memory meanwhile, and it was this page's (its crash may be told a moment after the failure)
      if (crashed && this.memoryKills > killsBefore && (await Promise.race([crashed, new Promise((resolve) => setTimeout(resolve, CRASH_WAIT_MS, false))]))) throw new RendererOverMemory()
      throw error
    } finally {
      // closing ends whatever the page still does (a timed-out print); the job's answer does not wait
      // for it, but its slot is given back only once it is closed (or a hung browser took too long)
      if (page)
        void Promise.race([
          page
            .context()
            .close()
            .catch(() => {}),
          new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref()),
        ]).then(() => this.releaseSlot(lane))
      else this.releaseSlot(lane)
    }
  }

  /** The spare page made ahead when it is of the running browser, else a new one; the next spare is started meanwhile. */
  private async freshPage(kind: PageKind): Promise<Page> {
    const spare = this.spare[kind]
    this.spare[kind] = undefined
    const browser = await this.browser()
    this.makeSpare(kind)
    // a spare of a browser that crashed meanwhile may never be made: it is not waited for
    if (spare && spare.of === this.warm) {
      const ready = await spare.page.catch(() => undefined)
      if (ready && !ready.isClosed() && ready.context().browser() === browser) return ready
      if (ready)
        void ready
          .context()
          .close()
          .catch(() => {})
    } else if (spare)
      void spare.page
        .then(
          (page) => page.context().close(),
          () => {},
        )
        .catch(() => {})
    return this.newPage(browser, kind)
  }

  private makeSpare(kind: PageKind): void {
    if (this.spare[kind] || this.closed || !this.warm) return
    const of = this.warm
    const page = of.then((browser) => this.newPage(browser, kind))
    page.catch(() => {}) // a failure is met (and replaced) by the job that takes it
    this.spare[kind] = { of, page }
  }

  private async newPage(browser: Browser, kind: PageKind): Promise<Page> {
    const context = await browser.newContext({ javaScriptEnabled: kind === 'docx', offline: true, serviceWorkers: 'block', acceptDownloads: false })
    try {
      // the document never fetches anything: not the network, not a file: URL
      await context.route('**/*', (route) => route.abort('blockedbyclient'))
      const page = await context.newPage()
      await this.prepare[kind]?.(page)
      return page
    } catch (error) {
      void context.close().catch(() => {})
      throw error
    }
  }

  /** The running browser's process id (tests kill it to prove a crash is survived), looked for once per browser. */
  async pid(): Promise<number | undefined> {
    const browser = await this.warm?.catch(() => undefined)
    if (!browser) return undefined
    if (this.knownPid?.browser !== browser) this.knownPid = { browser, pid: this.findPid() }
    const pid = await this.knownPid.pid
    // not found (yet): looked for again next time
    if (pid === undefined) this.knownPid = undefined
    return pid
  }

  private knownPid: { browser: Browser; pid: Promise<number | undefined> } | undefined

  private async findPid(): Promise<number | undefined> {
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
    clearInterval(this.memoryWatch)
    const browser = await this.warm?.catch(() => undefined)
    this.warm = undefined
    await browser?.close().catch(() => {})
  }

  private async acquireSlot(lane: Lane): Promise<void> {
    if (this.closed) throw new Error('The document renderer is shut down.')
    const size = lane === 'app' ? this.options.size : (this.options.postedSize ?? 1)
    if (this.inUse[lane] < size) {
      this.inUse[lane]++
      return
    }
    await new Promise<void>((resolve) => this.waiting[lane].push(resolve))
  }

  private releaseSlot(lane: Lane): void {
    const next = this.waiting[lane].shift()
    if (next) next()
    else this.inUse[lane]--
  }

  private browser(): Promise<Browser> {
    if (!this.warm) {
      this.launches++
      const launching = this.launch()
      this.warm = launching
      const forget = () => {
        if (this.warm === launching) this.warm = undefined
      }
      // a crashed browser, or a failed launch, is not kept: the next job launches a new one
      launching.then((browser) => browser.on('disconnected', forget), forget)
      launching.then(
        () => this.watchMemory(),
        () => {},
      )
    }
    return this.warm
  }

  /** Looks at the renderers' memory while the browser runs, killing any over the ceiling (one look at a time). */
  private watchMemory(): void {
    const limit = this.options.memoryLimitBytes
    if (limit === undefined || this.memoryWatch || process.platform !== 'linux') return
    let looking = false
    this.memoryWatch = setInterval(() => {
      // only while a document renders: between jobs the warm browser holds no page that could grow
      if (looking || this.inUse.app + this.inUse.posted === 0) return
      looking = true
      void this.pid()
        .then(async (pid) => {
          if (pid === undefined) return
          const { killed, largest } = await killRenderersOver(pid, limit)
          this.memoryKills += killed
          this.largestRenderer = Math.max(this.largestRenderer, largest)
        })
        .catch(() => {})
        .finally(() => (looking = false))
    }, MEMORY_WATCH_MS)
    this.memoryWatch.unref()
  }

  private async launch(): Promise<Browser> {
    const uid = this.options.uid !== undefined ? this.options.uid : (process.getuid?.() ?? null)
    const plan = sandboxPlan(uid)
    let failure: unknown
    for (const sandbox of plan) {
      try {
        // loaded when the first document is made: a web process that makes none starts without it
        const { chromium } = await import('playwright-core')
        const browser = await chromium.launch({
          executablePath: this.options.executablePath,
          // Playwright passes --no-sandbox itself unless told to keep the sandbox
          chromiumSandbox: sandbox,
          args: [...CHROMIUM_FLAGS, ...(sandbox ? [] : ['--no-sandbox']), ...(this.options.extraArgs ?? []), this.marker],
        })
        if (!sandbox && plan[0]) console.warn(`[documents] Chromium could not start with its sandbox on this host, so documents are rendered without it: ${String(failure).split('\n')[0]}`)
        this.sandboxed = sandbox
        return browser
      } catch (error) {
        failure = error
      }
    }
    throw failure
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
