// The two renderings in the warm Chromium: HTML printed with the house's print CSS (Letter, margins,
// a header and page numbers), and a DOCX laid out by docx-preview, one PDF page per DOCX page at the
// document's own page size. A failure the document causes is a ConversionFailure (final, with the
// message to show); anything else (a crashed browser) is thrown as is and the job is retried.
import { documentRenders } from '#core/metrics.server.ts'
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { docxContentProblem } from '#storage/document-checks.server.ts'
import { RendererOverMemory, type ChromiumPool, type Lane } from './chromium-pool.server.ts'

export class ConversionFailure extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ConversionFailure'
  }
}

export const timeoutMessage = (seconds: number) => `The document could not be converted: it took longer than ${Number(seconds.toFixed(2))} seconds.`
export const DAMAGED_MESSAGE = 'The document could not be converted: it is damaged or uses something the converter cannot read.'
export const OVER_MEMORY_MESSAGE = 'The document could not be converted: it needs more memory than the converter allows.'

/** Rejects with the timeout's ConversionFailure when `work` takes longer than `ms`. */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ConversionFailure(timeoutMessage(ms / 1000))), ms)
  })
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}

const PRINT_MARGIN = { top: '0.8in', bottom: '0.8in', left: '0.7in', right: '0.7in' }
const HEADER = `<div style="font-size:8px;color:#555;width:100%;padding:0 0.7in;"><span class="title"></span></div>`
const FOOTER = `<div style="font-size:8px;color:#555;width:100%;text-align:center;">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>`

export const tooManyPagesMessage = (pages: number) => `The document could not be converted: it is longer than ${pages} pages.`

/** The number of pages of a PDF. */
export async function pdfPageCount(pdf: Uint8Array): Promise<number> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise
  try {
    return document.numPages
  } finally {
    await document.destroy()
  }
}

/**
 * `render`, timed into the render metric (core/metrics.server.ts) by kind and outcome; a renderer
 * killed for its memory is the document's failure (final, with its message).
 */
async function timed(kind: 'html' | 'docx', render: () => Promise<Buffer>): Promise<Buffer> {
  const stop = documentRenders().startTimer({ kind })
  try {
    const pdf = await render()
    stop({ status: 'done' })
    return pdf
  } catch (error) {
    stop({ status: 'failed' })
    throw error instanceof RendererOverMemory ? new ConversionFailure(OVER_MEMORY_MESSAGE) : error
  }
}

/**
 * HTML → PDF (Letter). The page runs no script and fetches nothing. With `maxPages`, at most one page
 * more is printed, and a document longer than that is refused (ConversionFailure). `lane`: the
 * pool's slots it takes (posted HTML has its own).
 */
export async function htmlToPdf(pool: ChromiumPool, html: string, timeoutMs: number, options: { maxPages?: number; lane?: Lane } = {}): Promise<Buffer> {
  const { maxPages, lane } = options
  return timed('html', () =>
    pool.withPage(
      'html',
      (page) =>
        within(
          timeoutMs,
          (async () => {
            await page.setContent(html, { waitUntil: 'load' })
            await dropUnsafeLinks(page)
            const pdf = await page.pdf({
              format: 'Letter',
              margin: PRINT_MARGIN,
              displayHeaderFooter: true,
              headerTemplate: HEADER,
              footerTemplate: FOOTER,
              printBackground: true,
              ...(maxPages === undefined ? {} : { pageRanges: `1-${maxPages + 1}` }),
            })
            if (maxPages !== undefined && (await pdfPageCount(pdf)) > maxPages) throw new ConversionFailure(tooManyPagesMessage(maxPages))
            return pdf
          })(),
        ),
      undefined,
      lane,
    ),
  )
}

/** The DOCX's content checked before Chromium sees it (storage/document-checks.server.ts: real sizes, image pixels). */
export async function checkDocxBytes(bytes: Buffer): Promise<void> {
  const problem = await docxContentProblem(bytes)
  if (problem) throw new ConversionFailure(problem)
}

const require = createRequire(import.meta.url)

interface RendererScripts {
  /** jszip, then docx-preview */
  sources: readonly string[]
  /** their CSP hashes ('sha256-…') */
  hashes: readonly string[]
}
let scripts: Promise<RendererScripts> | undefined
/** jszip and docx-preview, put into the page as inline script tags (the page fetches nothing), with the hashes that admit them. */
const rendererScripts = () =>
  (scripts ??= Promise.all([require.resolve('jszip/dist/jszip.min.js'), path.join(path.dirname(require.resolve('docx-preview')), 'docx-preview.min.js')].map((file) => readFile(file, 'utf8'))).then(
    (sources) => {
      // inlined as they are: a closing tag inside would end the script early
      if (sources.some((source) => /<\/script/i.test(source))) throw new Error('A renderer script holds </script> and cannot be inlined.')
      return { sources, hashes: sources.map((source) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`) }
    },
  ))

/**
 * The renderer page's Content-Security-Policy: only the two scripts whose hashes it names run (no
 * inline script, event handler or eval a document might bring, and frames get the same policy);
 * styles inline (docx-preview writes them); images and fonts only from data: and blob: URLs;
 * nothing else is loaded, framed, submitted or connected to.
 */
export const rendererPolicy = (hashes: readonly string[]) =>
  [
    "default-src 'none'",
    `script-src ${hashes.join(' ')}`,
    "style-src 'unsafe-inline'",
    'img-src data: blob:',
    'font-src data: blob:',
    "frame-src 'none'",
    "child-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ')

/** A DOCX without a page size (w:pgSz) prints on Letter; without margins (w:pgMar), with 1 in ones (Word's defaults). */
export const DEFAULT_DOCX_PAGE = { width: '8.5in', height: '11in', margin: '1in' } as const

// docx-preview draws each page as a <section class="docx"> sized like the document's page (its inline
// style; the defaults here when the document gives none); printing removes the screen's gaps and
// shadows so each section fills one PDF page.
const rendererPage = ({ sources, hashes }: RendererScripts) => `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${rendererPolicy(hashes)}">
<style>
  html, body { margin: 0; padding: 0; background: white; }
  .docx-wrapper { background: white !important; padding: 0 !important; display: block !important; }
  section.docx { width: ${DEFAULT_DOCX_PAGE.width}; min-height: ${DEFAULT_DOCX_PAGE.height}; padding: ${DEFAULT_DOCX_PAGE.margin}; }
  section.docx { margin: 0 !important; box-shadow: none !important; break-after: page; overflow: hidden; }
  section.docx:last-of-type { break-after: auto; }
</style><style id="page-size"></style>${sources.map((source) => `<script>${source}</script>`).join('')}</head><body><div id="document"></div></body></html>`

/** Loads the renderer page (its CSP, jszip and docx-preview) into a job's fresh page. */
export async function openDocxRenderer(page: Page): Promise<void> {
  await page.setContent(rendererPage(await rendererScripts()))
}

/** DOCX → PDF with docx-preview in the page. Checks the zip first (real sizes, 200 MiB cap; image pixels). */
export async function docxToPdf(pool: ChromiumPool, bytes: Buffer, timeoutMs: number): Promise<Buffer> {
  await checkDocxBytes(bytes)
  await rendererScripts()
  return timed('docx', () => pool.withPage('docx', (page) => within(timeoutMs, renderDocx(page, bytes)), openDocxRenderer))
}

/**
 * Drops every link a PDF must not keep: only web and mail links (http:, https:, mailto:) and links
 * inside the document (#…) stay; javascript:, file:, data: and the rest lose their href, keeping
 * their text. Runs in the page (its own script world, so with or without the page's JavaScript).
 */
async function dropUnsafeLinks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const XLINK = 'http://www.w3.org/1999/xlink'
    for (const link of Array.from(document.querySelectorAll('a, area'))) {
      for (const [ns, name] of [
        [null, 'href'],
        [XLINK, 'href'],
      ] as const) {
        const raw = link.getAttributeNS(ns, name)
        if (raw === null || raw.trim().startsWith('#')) continue
        let protocol: string | null = null
        try {
          protocol = new URL(raw).protocol
        } catch {
          /* relative or not a URL: nowhere to go from a PDF */
        }
        if (protocol !== 'http:' && protocol !== 'https:' && protocol !== 'mailto:') link.removeAttributeNS(ns, name)
      }
    }
  })
}

/** Draws the document into the renderer page (a fresh one of the job's own context, openDocxRenderer), checks its links, prints it. */
async function renderDocx(page: Page, bytes: Buffer): Promise<Buffer> {
  const laidOut = await page.evaluate(
    async ({ base64, fallback }) => {
      try {
        const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
        const container = document.getElementById('document')!
        const lib = (globalThis as unknown as { docx: { renderAsync(data: Uint8Array, body: HTMLElement, style?: HTMLElement, options?: object): Promise<unknown> } }).docx
        // alt chunks (HTML parts a DOCX embeds as they are) would be frames running the document's own markup
        await lib.renderAsync(data, container, undefined, { breakPages: true, ignoreLastRenderedPageBreak: true, inWrapper: true, experimental: true, useBase64URL: true, renderAltChunks: false })
        await Promise.all(Array.from(document.images, (img) => (img.complete ? null : new Promise((done) => ((img.onload = done), (img.onerror = done))))))
        const first = container.querySelector('section.docx') as HTMLElement | null
        if (!first) return { error: 'no pages' }
        const width = first.style.width || fallback.width
        const height = first.style.minHeight || first.style.height || fallback.height
        document.getElementById('page-size')!.textContent = `@page { size: ${width} ${height}; margin: 0; }`
        return { width, height }
      } catch (error) {
        return { error: String(error) }
      }
    },
    { base64: bytes.toString('base64'), fallback: DEFAULT_DOCX_PAGE },
  )
  if ('error' in laidOut) throw new ConversionFailure(DAMAGED_MESSAGE)
  await dropUnsafeLinks(page)
  return page.pdf({ preferCSSPageSize: true, printBackground: true })
}
