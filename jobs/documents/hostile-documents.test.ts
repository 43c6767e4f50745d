// Uploaded documents are hostile (issue 19; docs/decisions/0043): the renderer against a real
// Chromium. No script of a document runs (an alt chunk's script cannot hook docx-preview and write
// into the next document; the renderer page's CSP admits only its own two scripts), one job cannot
// touch the next (a context per job), javascript: and file: links do not reach the PDF, a DOCX
// without a page size prints on Letter, and Chromium keeps its sandbox as a non-root user.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_PATH } from '../../tests/support/browser.ts'
import { blankPng, sampleDocx } from '../../tests/support/sample-docx.ts'
import { ChromiumPool } from './chromium-pool.server.ts'
import { pdfText } from './extract-text.job.ts'
import { docxToPdf, openDocxRenderer, OVER_MEMORY_MESSAGE } from './render.server.ts'

const TIMEOUT = 60_000

async function pdfDocument(bytes: Buffer) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  return getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise
}

/** The URLs of every link annotation of the PDF. */
async function linkTargets(bytes: Buffer): Promise<string[]> {
  const doc = await pdfDocument(bytes)
  try {
    const targets: string[] = []
    for (let n = 1; n <= doc.numPages; n++) {
      for (const a of await (await doc.getPage(n)).getAnnotations()) if (a.subtype === 'Link') targets.push(String(a.url ?? a.unsafeUrl ?? a.dest ?? ''))
    }
    return targets
  } finally {
    await doc.destroy()
  }
}

// Hooks docx-preview in the page that renders it, so that every later document gets a line of its
// own; and writes into the document it sits in.
const HOOKING_ALT_CHUNK = `<html><body><p>Alt chunk body text</p><script>
  try {
    var host = parent, lib = host.docx, original = lib.renderAsync;
    lib.renderAsync = function (data, container, style, options) {
      return original.call(lib, data, container, style, options).then(function (result) {
        var line = host.document.createElement('p');
        line.textContent = 'INJECTED BY AN EARLIER DOCUMENT';
        container.querySelector('section.docx article').prepend(line);
        return result;
      });
    };
    host.document.querySelector('section.docx article').append('WRITTEN BY ITS OWN SCRIPT');
  } catch (e) {}
</script></body></html>`

describe('hostile documents in the renderer', () => {
  let pool: ChromiumPool
  beforeAll(() => {
    // a low memory ceiling: these documents' renderers take about 140 MB; the one over it proves the ceiling
    pool = new ChromiumPool({ executablePath: CHROMIUM_PATH, size: 1, memoryLimitBytes: 256 * 1024 * 1024 })
  })
  afterAll(() => pool.close())

  it('runs no script of an alt chunk: the hook it sets does not reach the next document, other users’ included', async () => {
    const hostile = await docxToPdf(pool, await sampleDocx({ heading: 'Hostile report', altChunkHtml: HOOKING_ALT_CHUNK }), TIMEOUT)
    await new Promise((resolve) => setTimeout(resolve, 500)) // time for a late script, were it to run
    const clean = await docxToPdf(pool, await sampleDocx({ heading: 'Clean report' }), TIMEOUT)
    const hostileText = await pdfText(new Uint8Array(hostile))
    expect(hostileText).toContain('Hostile report')
    expect(hostileText).not.toContain('WRITTEN BY ITS OWN SCRIPT')
    expect(hostileText).not.toContain('Alt chunk body text') // alt chunks are not drawn at all
    const cleanText = await pdfText(new Uint8Array(clean))
    expect(cleanText).toContain('Clean report')
    expect(cleanText).not.toContain('INJECTED')
  }, 60_000)

  it('the renderer page’s CSP admits only its own scripts: no inline script, handler, frame script or eval', async () => {
    const ran = await pool.withPage('docx', async (page) => {
      await openDocxRenderer(page)
      return page.evaluate(async () => {
        const w = window as unknown as Record<string, unknown>
        const own = typeof w.docx === 'object' && typeof w.JSZip === 'function'
        const script = document.createElement('script')
        script.textContent = 'window.inlineRan = true'
        document.body.append(script)
        const img = document.createElement('img')
        img.setAttribute('onerror', 'window.handlerRan = true')
        img.src = 'data:image/png;base64,AAAA'
        document.body.append(img)
        const frame = document.createElement('iframe')
        frame.srcdoc = '<script>parent.frameRan = true</script>'
        document.body.append(frame)
        // a string timer is compiled as the page's code (an eval the CSP must refuse)
        ;(setTimeout as unknown as (code: string, ms: number) => void)('window.evalRan = true', 0)
        await new Promise((resolve) => setTimeout(resolve, 300))
        return { own, inline: w.inlineRan === true, handler: w.handlerRan === true, frame: w.frameRan === true, eval: w.evalRan === true }
      })
    })
    expect(ran).toEqual({ own: true, inline: false, handler: false, frame: false, eval: false })
  }, 60_000)

  it('gives every job a context of its own, closed when the job ends', async () => {
    const first = await pool.withPage('docx', async (page) => {
      await page.evaluate(() => ((window as unknown as { leftover: string }).leftover = 'from job one'))
      return page.context()
    })
    const seen = await pool.withPage('docx', async (page) => ({ same: page.context() === first, leftover: await page.evaluate(() => (window as unknown as { leftover?: string }).leftover ?? null) }))
    expect(seen).toEqual({ same: false, leftover: null })
    await expect(first.newPage()).rejects.toThrow()
  }, 60_000)

  it('keeps no javascript: or file: link in the PDF; a web link stays', async () => {
    const links = [
      { text: 'Run me', target: 'javascript:alert(1)' },
      { text: 'Local file', target: 'file:///etc/passwd' },
      { text: 'Spaced scheme', target: ' JavaScript:alert(2)' },
      { text: 'Extension guide', target: 'https://example.com/guide' },
    ]
    const pdf = await docxToPdf(pool, await sampleDocx({ heading: 'Links', links }), TIMEOUT)
    expect(await pdfText(new Uint8Array(pdf))).toContain('Run me') // the text stays, the link goes
    expect(await linkTargets(pdf)).toEqual(['https://example.com/guide'])
  }, 60_000)

  it('prints a DOCX without a page size on Letter (612 × 792 pt)', async () => {
    const pdf = await docxToPdf(pool, await sampleDocx({ heading: 'No page size', pageSize: false, pages: 1 }), TIMEOUT)
    const doc = await pdfDocument(pdf)
    try {
      const { width, height } = (await doc.getPage(1)).getViewport({ scale: 1 })
      expect([Math.round(width), Math.round(height)]).toEqual([612, 792])
      expect(await pdfText(new Uint8Array(pdf))).toContain('No page size')
    } finally {
      await doc.destroy()
    }
  }, 60_000)

  it('stops a renderer over its memory ceiling: the job fails with the message, and the next job renders', async () => {
    // a 48 MP photo passes the pixel budget, but decoding it takes the renderer past the pool's 256 MB
    await expect(docxToPdf(pool, await sampleDocx({ pages: 1, imageBytes: blankPng(8_000, 6_000) }), TIMEOUT)).rejects.toThrow(OVER_MEMORY_MESSAGE)
    expect(pool.memoryKills).toBe(1)
    const next = await docxToPdf(pool, await sampleDocx({ heading: 'After the heavy one', image: false }), TIMEOUT)
    expect(await pdfText(new Uint8Array(next))).toContain('After the heavy one')
  }, 60_000)
})

/**
 * Chromium's sandbox as a non-root user. Run as root (CI), Chromium is started as `nobody` through a
 * wrapper (setpriv), as a host that runs its worker unprivileged would; the sandbox shows in its
 * renderers, which run under seccomp-bpf (`Seccomp: 2` in /proc) only when sandboxed.
 */
describe('Chromium’s sandbox', () => {
  const root = process.getuid?.() === 0
  let dir: string
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-'))
    fs.chmodSync(dir, 0o755)
  })
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  /** An executable that starts Chromium as `nobody` (when root); `refuseSandbox` makes it fail unless --no-sandbox is given, as a host without namespaces does. */
  function wrapper(name: string, refuseSandbox: boolean): string {
    const file = path.join(dir, name)
    const refuse = refuseSandbox ? `case " $* " in *" --no-sandbox "*) ;; *) echo "No usable sandbox!" >&2; exit 1;; esac\n` : ''
    const start = root
      ? `for a in "$@"; do case "$a" in --user-data-dir=*) d="\${a#--user-data-dir=}"; chown -R 65534:65534 "$d";; esac; done\nexport HOME="\${d:-/tmp}"\nexec setpriv --reuid=65534 --regid=65534 --clear-groups -- ${CHROMIUM_PATH} "$@"\n`
      : `exec ${CHROMIUM_PATH} "$@"\n`
    fs.writeFileSync(file, `#!/bin/sh\n${refuse}${start}`, { mode: 0o755 })
    return file
  }

  /** The /proc status of the pool's renderer processes (children of its browser, any depth). */
  function rendererStatuses(browserPid: number): string[] {
    const parent = new Map<number, number>()
    const renderers: number[] = []
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      try {
        const status = fs.readFileSync(`/proc/${entry}/status`, 'utf8')
        parent.set(Number(entry), Number(/PPid:\s+(\d+)/.exec(status)?.[1]))
        if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('--type=renderer')) renderers.push(Number(entry))
      } catch {
        /* gone meanwhile */
      }
    }
    const descends = (pid: number) => {
      for (let p = parent.get(pid); p && p > 1; p = parent.get(p)) if (p === browserPid) return true
      return false
    }
    return renderers.filter(descends).map((pid) => fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
  }

  it('decides from the user Chromium runs as: never sandboxed as root, sandboxed first otherwise', async () => {
    const { sandboxPlan } = await import('./chromium-pool.server.ts')
    expect(sandboxPlan(0)).toEqual([false])
    expect(sandboxPlan(65534)).toEqual([true, false])
  })

  it('keeps the sandbox for a non-root Chromium: its renderers run under seccomp-bpf', async () => {
    if (root) execFileSync('sh', ['-c', 'command -v setpriv'])
    const pool = new ChromiumPool({ executablePath: wrapper('chromium-as-nobody', false), size: 1, uid: root ? 65534 : undefined })
    try {
      await pool.withPage('docx', async (page) => {
        await openDocxRenderer(page)
        const renderers = rendererStatuses((await pool.pid())!)
        expect(renderers.length).toBeGreaterThan(0)
        for (const status of renderers) expect(status).toMatch(/^Seccomp:\s+2$/m)
      })
      expect(pool.sandboxed).toBe(true)
    } finally {
      await pool.close()
    }
  }, 60_000)

  it('falls back to no sandbox, with a warning, only where a sandboxed start fails', async () => {
    const pool = new ChromiumPool({ executablePath: wrapper('chromium-without-namespaces', true), size: 1, uid: root ? 65534 : undefined })
    const warnings: string[] = []
    const warn = console.warn
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '))
    try {
      const pdf = await docxToPdf(pool, await sampleDocx({ heading: 'Rendered anyway', pages: 1 }), TIMEOUT)
      expect(await pdfText(new Uint8Array(pdf))).toContain('Rendered anyway')
      expect(pool.sandboxed).toBe(false)
      expect(warnings.join('\n')).toContain('Chromium could not start with its sandbox on this host')
    } finally {
      console.warn = warn
      await pool.close()
    }
  }, 60_000)
})
