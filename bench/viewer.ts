// The drive viewer's figures: a 300-page PDF (about 6 MB) opened on /auditing?open= in Chromium,
// as the app serves it (`npm start`'s entry, production build):
// - time from the click on its name to page 1 drawn, and to page 2 after Next (warm: pdf.js cached);
// - the bytes of the PDF the browser received, beside the file's size (range requests);
// - Lighthouse (mobile) of /auditing with the PDF open.
// Runs alone: `npx tsx bench/viewer.ts` (database `bench_viewer` on the bench's server).
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createDb, type Executor } from '#db/client.server.ts'
import { openDatabase } from '#db/connection.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { FsDriver } from '#storage/fs-driver.server.ts'
import { objectKey } from '#storage/keys.ts'
import { seedDemo } from '../bin/demo/data.ts'
import { launchBrowser, newContext, signIn } from '../tests/support/browser.ts'
import { samplePdf } from '../bin/demo/pdf.ts'
import { spawnServer } from './http-load.ts'
import { lighthouseScores } from './lighthouse.ts'
import { summarize } from './stats.ts'

export interface ViewerRow {
  name: string
  figure: string
  limit: string
  ok: boolean
}

const ROOT = path.resolve(import.meta.dirname, '..')
const LIMITS = { firstPageP95Ms: 1500, nextPageP95Ms: 300, bytesShare: 0.1, lighthousePerformance: 95, lighthouseAccessibility: 100 }

async function putPdf(db: Executor, store: FsDriver, name: string, bytes: Buffer): Promise<void> {
  const id = crypto.randomUUID()
  const key = objectKey('drive', name, new Date(), id)
  await store.put(key, bytes, { contentType: 'application/pdf' })
  await db.deleteFrom('drive_entries').where('parent', '=', '').where('name', '=', name).execute()
  await db.insertInto('blobs').values({ id, area: 'drive', key, filename: name, content_type: 'application/pdf', size_bytes: bytes.length, created_by: null }).execute()
  await db.insertInto('drive_entries').values({ parent: '', name, is_folder: false, blob_id: id, file_type: 'pdf', size_bytes: bytes.length }).execute()
}

export async function benchViewer(options: { runs?: number; lighthouseRuns?: number } = {}): Promise<ViewerRow[]> {
  const runs = options.runs ?? 10
  const handle = await openDatabase({ database: 'bench_viewer' })
  const db = createDb(handle.url, 2)
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-viewer-'))
  const rows: ViewerRow[] = []
  let server: Awaited<ReturnType<typeof spawnServer>> | undefined
  try {
    await migrateToLatest(db)
    await seedDemo(db)
    const pdf = samplePdf(300, 'Audit page', { padBytesPerPage: 20_000 })
    await putPdf(db, new FsDriver({ root: storeDir }), 'audit-300.pdf', pdf)
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATABASE_URL: handle.url, PORT: '0', WORKERS: 'off', STORAGE_DIR: storeDir }
    server = await spawnServer(ROOT, 'bin/start.ts', env, /http:\/\/localhost:(\d+)\/[\s\S]*Press Ctrl-C to stop\./, 'The app')

    const browser = await launchBrowser()
    let cookie = ''
    try {
      const context = await newContext(browser, server.url, { width: 1280 })
      const page = await context.newPage()
      await signIn(page, 'office')
      cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      const pdfRequests = new Set<string>()
      let received = 0
      cdp.on('Network.requestWillBeSent', (e) => {
        if (e.request.url.includes('/blobs/d/')) pdfRequests.add(e.requestId)
      })
      cdp.on('Network.dataReceived', (e) => {
        if (pdfRequests.has(e.requestId)) received += e.dataLength
      })
      const first: number[] = []
      const next: number[] = []
      const bytes: number[] = []
      // run 0 warms the server and the browser's cache of pdf.js; it is not counted
      for (let run = 0; run <= runs; run++) {
        await page.goto('/auditing')
        received = 0
        let started = performance.now()
        await page.getByRole('link', { name: 'audit-300.pdf' }).click()
        await page.getByRole('img', { name: 'audit-300.pdf, page 1' }).waitFor()
        await page.waitForFunction(() => !!document.querySelector('canvas.pdf-page')?.getAttribute('data-drawn'))
        const firstMs = performance.now() - started
        started = performance.now()
        await page.getByRole('button', { name: 'Next' }).click()
        await page.waitForFunction(() => document.querySelector('canvas.pdf-page')?.getAttribute('data-drawn') === '2')
        const nextMs = performance.now() - started
        if (run > 0) {
          first.push(firstMs)
          next.push(nextMs)
          bytes.push(received)
        }
      }
      const f = summarize(first)
      const n = summarize(next)
      const worst = Math.max(...bytes)
      rows.push({
        name: 'viewer: 300-page PDF, click to page 1 drawn',
        figure: `p50 ${f.p50.toFixed(0)} ms, p95 ${f.p95.toFixed(0)} ms (N=${runs})`,
        limit: `p95 < ${LIMITS.firstPageP95Ms} ms`,
        ok: f.p95 < LIMITS.firstPageP95Ms,
      })
      rows.push({
        name: 'viewer: Next to page 2 drawn',
        figure: `p50 ${n.p50.toFixed(0)} ms, p95 ${n.p95.toFixed(0)} ms (N=${runs})`,
        limit: `p95 < ${LIMITS.nextPageP95Ms} ms`,
        ok: n.p95 < LIMITS.nextPageP95Ms,
      })
      rows.push({
        name: 'viewer: bytes of the PDF read for pages 1-2',
        figure: `${(worst / 1024).toFixed(0)} KiB of ${(pdf.length / 1024 / 1024).toFixed(1)} MiB (${((100 * worst) / pdf.length).toFixed(1)} %)`,
        limit: `< ${LIMITS.bytesShare * 100} % of the file`,
        ok: worst < pdf.length * LIMITS.bytesShare,
      })
    } finally {
      await browser.close()
    }
    const scores = await lighthouseScores(`${server.url}/auditing?open=audit-300.pdf`, { cookie, runs: options.lighthouseRuns ?? 2 })
    rows.push({
      name: 'Lighthouse /auditing?open=audit-300.pdf',
      figure: `performance ${scores.performance}, accessibility ${scores.accessibility} (${scores.metrics})`,
      limit: `≥ ${LIMITS.lighthousePerformance} / ${LIMITS.lighthouseAccessibility}`,
      ok: scores.performance >= LIMITS.lighthousePerformance && scores.accessibility >= LIMITS.lighthouseAccessibility,
    })
    if (scores.advice.length) console.log(`Lighthouse advice: ${scores.advice.join('; ')}`)
  } finally {
    await server?.stop()
    await db.destroy()
    await handle.release()
    fs.rmSync(storeDir, { recursive: true, force: true })
  }
  return rows
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchViewer()
  console.log(`Machine: ${os.cpus()[0]?.model ?? '?'}, ${os.cpus().length} cores (shared), Node ${process.version}`)
  for (const r of rows) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}: ${r.figure}  [limit ${r.limit}]`)
}
