// Documents bench: HTML → PDF in the warm pool (beside a cold Chromium launch per document), DOCX →
// PDF for three sample files beside LibreOffice's own time (`soffice --headless --convert-to pdf`),
// and four DOCX conversions at once beside one. Runs alone: `npx tsx bench/documents.ts`.
// The figures are the renderings themselves (zip check + Chromium), not the database or the queue.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { chromium } from 'playwright-core'
import { CHROMIUM_FLAGS, ChromiumPool } from '../jobs/documents/chromium-pool.server.ts'
import { docxToPdf, htmlToPdf } from '../jobs/documents/render.server.ts'
import { sampleDocx } from '../tests/support/sample-docx.ts'
import { ms, percentile, ratio, timeMs } from './stats.ts'

const run = promisify(execFile)
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const POOL_SIZE = Number(process.env.DOCUMENT_PAGES ?? 2)
const TIMEOUT_MS = 60_000

export const LIMITS = { htmlWarmP50Ms: 300, docxVsLibreOffice: 1.0, fourAtOnce: 2.5 }

export interface DocumentsRow {
  name: string
  figure: string
  limit: string
  ok: boolean
}

const TWO_PAGES = `<!doctype html><html><head><title>Pre-treat order 1042</title><style>
  body { font-family: sans-serif; } table { border-collapse: collapse; width: 100%; } td, th { border: 1px solid #999; padding: 4px; }
</style></head><body><h1>Pre-treat order 1042</h1>
<table><tr><th>Storage</th><th>Product</th><th>Rate</th></tr>${Array.from({ length: 25 }, (_, i) => `<tr><td>Bin ${i + 1}</td><td>CIPC</td><td>${(i % 5) + 10} ppm</td></tr>`).join('')}</table>
<h2 style="break-before: page">Notes</h2><p>${'Fogging was done with the fans on recirculation. '.repeat(40)}</p></body></html>`

const median = (samples: number[]) => percentile(samples, 50)

async function which(command: string): Promise<string | null> {
  try {
    return (await run('sh', ['-c', `command -v ${command}`])).stdout.trim() || null
  } catch {
    return null
  }
}

/** soffice, installed with apt-get when missing and root; null (with the reason) when it cannot be. */
async function libreOffice(): Promise<{ path: string } | { reason: string }> {
  const found = await which('soffice')
  if (found) return { path: found }
  if (process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) return { reason: 'soffice missing (install libreoffice-writer-nogui as root)' }
  try {
    await run('apt-get', ['install', '-y', '--no-install-recommends', 'libreoffice-writer-nogui'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, maxBuffer: 64 * 1024 * 1024 })
  } catch (error) {
    return { reason: `apt-get install libreoffice-writer-nogui failed: ${String(error).slice(0, 120)}` }
  }
  const installed = await which('soffice')
  return installed ? { path: installed } : { reason: 'soffice still missing after apt-get' }
}

export async function benchDocuments(log: (line: string) => void = () => {}): Promise<DocumentsRow[]> {
  const rows: DocumentsRow[] = []
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-documents-'))
  const pool = new ChromiumPool({ executablePath: CHROMIUM_PATH, size: POOL_SIZE })
  try {
    // HTML → PDF, warm pool
    log('HTML → PDF, warm pool…')
    await htmlToPdf(pool, TWO_PAGES, TIMEOUT_MS) // launch and warm up
    const warm: number[] = []
    for (let i = 0; i < 20; i++) warm.push(await timeMs(() => htmlToPdf(pool, TWO_PAGES, TIMEOUT_MS)))
    log('HTML → PDF, cold Chromium per document…')
    const cold: number[] = []
    for (let i = 0; i < 5; i++) {
      cold.push(
        await timeMs(async () => {
          const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
          const page = await browser.newPage()
          await page.setContent(TWO_PAGES)
          await page.pdf({ format: 'Letter' })
          await browser.close()
        }),
      )
    }
    const warmP50 = median(warm)
    rows.push(
      { name: 'HTML → PDF (2 pages), warm pool', figure: `p50 ${ms(warmP50)}, p95 ${ms(percentile(warm, 95))} (N=20)`, limit: `p50 ≤ ${LIMITS.htmlWarmP50Ms} ms`, ok: warmP50 <= LIMITS.htmlWarmP50Ms },
      { name: '  cold Chromium launch per document', figure: `p50 ${ms(median(cold))} (N=5); warm is ${ratio(median(cold) / warmP50)} faster`, limit: '', ok: true },
    )

    // DOCX → PDF beside LibreOffice
    const samples = [
      { label: 'small (2 pages, table, image)', bytes: await sampleDocx({ pages: 2 }) },
      { label: 'medium (10 pages)', bytes: await sampleDocx({ pages: 10, paragraphsPerPage: 6 }) },
      { label: 'large (40 pages)', bytes: await sampleDocx({ pages: 40, paragraphsPerPage: 10 }) },
    ]
    const soffice = await libreOffice()
    const profile = `file://${path.join(work, 'lo-profile')}`
    const sofficeRun = async (file: string) => {
      if (!('path' in soffice)) throw new Error(soffice.reason)
      await run(soffice.path, [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', path.join(work, 'lo-out'), file])
    }
    if ('path' in soffice) await sofficeRun(writeSample(work, 'warm-up.docx', samples[0]!.bytes)) // its profile is made once, as a running office would have it
    for (const sample of samples) {
      log(`DOCX → PDF, ${sample.label}…`)
      await docxToPdf(pool, sample.bytes, TIMEOUT_MS)
      const ours: number[] = []
      for (let i = 0; i < 3; i++) ours.push(await timeMs(() => docxToPdf(pool, sample.bytes, TIMEOUT_MS)))
      if (!('path' in soffice)) {
        rows.push({ name: `DOCX → PDF ${sample.label}`, figure: `${ms(median(ours))}; LibreOffice: ${soffice.reason}`, limit: `≤ ${LIMITS.docxVsLibreOffice}× LibreOffice`, ok: false })
        continue
      }
      const file = writeSample(work, `${sample.label.split(' ')[0]}.docx`, sample.bytes)
      const theirs: number[] = []
      for (let i = 0; i < 3; i++) theirs.push(await timeMs(() => sofficeRun(file)))
      const r = median(ours) / median(theirs)
      rows.push({
        name: `DOCX → PDF ${sample.label} (${(sample.bytes.length / 1024).toFixed(0)} KiB)`,
        figure: `${ms(median(ours))} vs LibreOffice ${ms(median(theirs))} = ${ratio(r)} (medians of 3)`,
        limit: `≤ ${LIMITS.docxVsLibreOffice}×`,
        ok: r <= LIMITS.docxVsLibreOffice,
      })
    }

    // four at once beside one
    log('DOCX → PDF, four at once…')
    const medium = samples[1]!.bytes
    const fourAtOnce = () => Promise.all(Array.from({ length: 4 }, () => docxToPdf(pool, medium, TIMEOUT_MS)))
    await fourAtOnce() // every page of the pool warm, as in a running worker
    const one: number[] = []
    const four: number[] = []
    for (let i = 0; i < 5; i++) {
      one.push(await timeMs(() => docxToPdf(pool, medium, TIMEOUT_MS)))
      four.push(await timeMs(fourAtOnce))
    }
    const r4 = median(four) / median(one)
    rows.push({
      name: `DOCX → PDF, 4 at once (pool of ${POOL_SIZE} pages)`,
      figure: `${ms(median(four))} vs one ${ms(median(one))} = ${ratio(r4)} (medians of 5)`,
      limit: `≤ ${LIMITS.fourAtOnce}×`,
      ok: r4 <= LIMITS.fourAtOnce,
    })
  } finally {
    await pool.close()
    fs.rmSync(work, { recursive: true, force: true })
  }
  return rows
}

function writeSample(dir: string, name: string, bytes: Buffer): string {
  const file = path.join(dir, name)
  fs.writeFileSync(file, bytes)
  return file
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await benchDocuments((line) => console.log(line))
  const width = Math.max(...rows.map((r) => r.name.length))
  console.log(`\nDocuments (${os.availableParallelism()} cores)`)
  for (const r of rows) console.log(`${r.name.padEnd(width)}  ${r.figure}  ${r.limit ? `[${r.limit}] ${r.ok ? 'PASS' : 'FAIL'}` : ''}`)
  process.exit(0) // the figures are the report
}
