// The drive's viewer, as a user meets it on /auditing: a file's name opens it under its row
// (`?open=<key>`), with JavaScript and without. Files are put in the drive directly (the bytes in
// the app's file store, the rows as the drive writes them), so these tests need only the viewer.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import JSZip from 'jszip'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DOCUMENT_PROBLEMS } from '#storage/document-checks.server.ts'
import { FsDriver } from '#storage/fs-driver.server.ts'
import { objectKey } from '#storage/keys.ts'
import { startAppServer, type AppServer } from '../support/app-server.ts'
import { newContext, shot, signIn } from '../support/browser.ts'
import { connectBrowser } from '../support/shared-browser.ts'
import { drawPng } from '../../bin/demo/png.ts'
import { samplePdf } from '../../bin/demo/pdf.ts'

const root = path.resolve(import.meta.dirname, '../..')
/** The document pipeline (docs work) has replaced its stub: DOCX files really convert. */
const pipelineReady = !fs.readFileSync(path.join(root, 'jobs/documents/conversions.server.ts'), 'utf8').includes('STUB')
/** GET /api/convert/ exists (docs work): the viewer's script can poll it. */
const convertApiReady = fs.readdirSync(path.join(root, 'app/routes'), { recursive: true }).some((f) => String(f).startsWith('api.convert'))

let app: AppServer
let browser: Browser
const storeRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'drive-viewer-e2e-'))
const store = new FsDriver({ root: storeRoot })

beforeAll(async () => {
  ;[app, browser] = await Promise.all([startAppServer({ STORAGE_DIR: storeRoot }), connectBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
  fs.rmSync(storeRoot, { recursive: true, force: true })
})

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex')

/** Stores a file in the drive's root as the drive does; returns its drive key. */
async function putDriveFile(name: string, bytes: Buffer, contentType: string, fileType: string, db = app.db): Promise<string> {
  const id = crypto.randomUUID()
  const key = objectKey('drive', name, new Date(), id)
  await store.put(key, bytes, { contentType })
  await db
    .insertInto('blobs')
    .values({ id, area: 'drive', key, filename: name, content_type: contentType, size_bytes: bytes.length, created_by: null, sha256: sha256(bytes) })
    .execute()
  await db.insertInto('drive_entries').values({ parent: '', name, is_folder: false, blob_id: id, file_type: fileType, size_bytes: bytes.length }).execute()
  return name
}

/** A real PNG of one colour. */
const solidPng = (width: number, height: number) => drawPng(width, height, () => [0x60, 0x60, 0x60])

/** A small real DOCX: a heading and a paragraph. */
async function sampleDocx(text: string): Promise<Buffer> {
  const zip = new JSZip()
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  )
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  )
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:rPr><w:b/><w:sz w:val="36"/></w:rPr><w:t>${text}</w:t></w:r></w:p><w:p><w:r><w:t>Bin 4 was inspected.</w:t></w:r></w:p></w:body></w:document>`,
  )
  return zip.generateAsync({ type: 'nodebuffer' })
}

async function drivePage(javaScriptEnabled = true, width = 1280): Promise<Page> {
  const p = await (await newContext(browser, app.url, { javaScriptEnabled, width })).newPage()
  await signIn(p, 'office')
  return p
}

const viewers = (p: Page) => p.getByRole('region', { name: /^Viewer: / })

describe('the drive viewer with JavaScript', () => {
  it('opens a 300-page PDF at once: page count, Next, zoom; one page drawn and only a part of the file read', async () => {
    const pdf = samplePdf(300, 'Audit page', { padBytesPerPage: 20_000 }) // about 6 MB
    await putDriveFile('audit-300.pdf', pdf, 'application/pdf', 'pdf')
    const p = await drivePage()
    const workers: string[] = []
    p.on('worker', (w) => workers.push(w.url()))
    const cspErrors: string[] = []
    p.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) cspErrors.push(m.text())
    })
    // what the browser received for the PDF, whole responses and ranges alike
    const cdp = await p.context().newCDPSession(p)
    await cdp.send('Network.enable')
    const pdfRequests = new Set<string>()
    let pdfBytes = 0
    let rangeRequests = 0
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!e.request.url.includes('/blobs/d/')) return
      pdfRequests.add(e.requestId)
      if (Object.keys(e.request.headers).some((h) => h.toLowerCase() === 'range')) rangeRequests++
    })
    cdp.on('Network.dataReceived', (e) => {
      if (pdfRequests.has(e.requestId)) pdfBytes += e.dataLength
    })

    await p.goto('/auditing')
    await p.getByRole('link', { name: 'audit-300.pdf' }).click()
    await p.waitForURL(/open=audit-300\.pdf/)
    const viewer = p.getByRole('region', { name: 'Viewer: audit-300.pdf' })
    await viewer.getByText('Page 1 of 300').waitFor()
    await shot(p, 'drive-viewer-pdf-1280', false)
    await viewer.getByRole('img', { name: 'audit-300.pdf, page 1' }).waitFor()
    await viewer.getByRole('button', { name: 'Next' }).click()
    await viewer.getByText('Page 2 of 300').waitFor()
    await viewer.getByRole('img', { name: 'audit-300.pdf, page 2' }).waitFor()

    const canvasWidth = async () => (await viewer.locator('canvas').boundingBox())!.width
    const fitted = await canvasWidth()
    await viewer.getByRole('button', { name: 'Zoom out' }).click()
    await expect.poll(canvasWidth).toBeLessThan(fitted)
    await viewer.getByRole('button', { name: 'Fit width' }).click()
    await expect.poll(canvasWidth).toBe(fitted)

    expect(await p.locator('canvas').count()).toBeLessThan(300)
    expect(rangeRequests).toBeGreaterThan(0)
    // the first and last 64 KiB and the pages looked at: a small part of the 6 MB
    expect(pdfBytes).toBeLessThan(pdf.length / 10)
    // pdf.js ran in its worker, a file of the app's own, and the page's policy refused nothing
    expect(workers.some((url) => url.startsWith(`${app.url}/assets/pdf.worker`))).toBe(true)
    expect(cspErrors).toEqual([])
    // Download is a link to the PDF itself
    const download = await viewer.getByRole('link', { name: 'Download' }).getAttribute('href')
    const response = await p.request.get(download!)
    expect(response.headers()['content-type']).toBe('application/pdf')
    expect((await response.body()).equals(pdf)).toBe(true)
  })

  it('shows a PNG scaled to the viewer, one row open at a time, Escape closes it', async () => {
    await putDriveFile('bin-photo-from-the-north-cellar-after-loading.png', solidPng(3000, 200), 'image/png', 'png')
    await putDriveFile('letter.pdf', samplePdf(2, 'Letter'), 'application/pdf', 'pdf')
    const p = await drivePage(true, 375)
    await p.goto('/auditing')
    await p.getByRole('link', { name: 'letter.pdf' }).click()
    await p.getByRole('region', { name: 'Viewer: letter.pdf' }).getByText('Page 1 of 2').waitFor()
    await p.getByRole('link', { name: 'bin-photo-from-the-north-cellar-after-loading.png' }).click()
    const image = p.getByRole('region', { name: 'Viewer: bin-photo-from-the-north-cellar-after-loading.png' }).getByRole('img', { name: 'bin-photo-from-the-north-cellar-after-loading.png' })
    await image.waitFor()
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(3000)
    // scaled down to the phone's screen, not 3000 px wide
    const box = (await image.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(375)
    expect(await viewers(p).count()).toBe(1)
    // Close keeps its word on one line beside a long name (not 'Clos' over 'e')
    const close = p.getByRole('region', { name: 'Viewer: bin-photo-from-the-north-cellar-after-loading.png' }).getByRole('link', { name: 'Close' })
    expect(
      await close.evaluate((link) => {
        const words = document.createRange()
        words.selectNodeContents(link)
        return words.getClientRects().length
      }),
    ).toBe(1)
    await shot(p, 'drive-viewer-png-375', false)
    await p.keyboard.press('Escape')
    await p.waitForURL((url) => !url.searchParams.has('open'))
    // a client navigation: the URL changes before React has drawn the page without the viewer
    await expect.poll(() => viewers(p).count()).toBe(0)
  })

  it('gives a file of another type no link', async () => {
    await putDriveFile('readings.xyz', Buffer.from('temperature 4.5'), 'application/octet-stream', 'xyz')
    const p = await drivePage()
    await p.goto('/auditing')
    await p.getByRole('cell', { name: 'readings.xyz', exact: true }).waitFor()
    expect(await p.getByRole('link', { name: 'readings.xyz' }).count()).toBe(0)
    // and asking for it by URL opens nothing
    await p.goto('/auditing?open=readings.xyz')
    await p.getByRole('cell', { name: 'readings.xyz', exact: true }).waitFor()
    expect(await viewers(p).count()).toBe(0)
  })

  it('says why a DOCX could not be converted', async () => {
    const docx = await sampleDocx('Failed report')
    await putDriveFile('failed-report.docx', docx, DOCX_TYPE, 'docx')
    // a file uploaded before the checks refused its kind (here an SVG drawing holding a picture) fails when converted
    await app.db
      .insertInto('document_conversions')
      .values({ kind: 'docx', source_hash: sha256(docx), status: 'failed', error: DOCUMENT_PROBLEMS.svgWithData })
      .execute()
    const p = await drivePage()
    await p.goto('/auditing')
    await p.getByRole('link', { name: 'failed-report.docx' }).click()
    await p.getByRole('alert').filter({ hasText: 'This DOCX document cannot be shown: it has a drawing (SVG) with a picture or other data inside it.' }).waitFor()
    await shot(p, 'drive-viewer-cannot-be-shown-1280')
    await p.setViewportSize({ width: 375, height: 800 })
    await shot(p, 'drive-viewer-cannot-be-shown-375')
  })

  it.skipIf(!convertApiReady)('a DOCX says Converting… until its PDF is ready, then shows the PDF', async () => {
    const docx = await sampleDocx('Pending report')
    await putDriveFile('pending-report.docx', docx, DOCX_TYPE, 'docx')
    const conversion = await app.db
      .insertInto('document_conversions')
      .values({ kind: 'docx', source_hash: sha256(docx), status: 'pending' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const p = await drivePage()
    await p.goto('/auditing?open=pending-report.docx')
    await p.getByRole('status').filter({ hasText: 'Converting…' }).waitFor()
    // the pipeline finishes: the page's script learns it without a reload
    const pdf = samplePdf(3, 'Converted')
    const pdfId = crypto.randomUUID()
    const pdfKey = objectKey('documents', 'pending-report.pdf', new Date(), pdfId)
    await store.put(pdfKey, pdf, { contentType: 'application/pdf' })
    await app.db
      .insertInto('blobs')
      .values({ id: pdfId, area: 'documents', key: pdfKey, filename: 'pending-report.pdf', content_type: 'application/pdf', size_bytes: pdf.length, created_by: null })
      .execute()
    await app.db.updateTable('document_conversions').set({ status: 'done', pdf_blob_id: pdfId }).where('id', '=', conversion.id).execute()
    await p.getByText('Page 1 of 3').waitFor({ timeout: 30_000 })
  })

  it.skipIf(!pipelineReady)('converts a DOCX and shows it as a PDF', async () => {
    // this one needs the workers that convert documents
    const withWorkers = await startAppServer({ STORAGE_DIR: storeRoot, WORKERS: 'on' })
    try {
      await putDriveFile('storage-audit.docx', await sampleDocx('Storage audit'), DOCX_TYPE, 'docx', withWorkers.db)
      const p = await (await newContext(browser, withWorkers.url)).newPage()
      await signIn(p, 'office', '/auditing?open=storage-audit.docx')
      await p.getByText('Page 1 of 1').waitFor({ timeout: 60_000 })
    } finally {
      await withWorkers.stop()
    }
  })
})

describe('the drive viewer without JavaScript', () => {
  it("opens a PDF in the browser's own viewer: an 'Open PDF' link to the file, served inline", async () => {
    const pdf = samplePdf(4, 'No script')
    await putDriveFile('no-script.pdf', pdf, 'application/pdf', 'pdf')
    const p = await drivePage(false)
    await p.goto('/auditing')
    await p.getByRole('link', { name: 'no-script.pdf' }).click()
    const viewer = p.getByRole('region', { name: 'Viewer: no-script.pdf' })
    const href = await viewer.getByRole('link', { name: 'Open PDF' }).getAttribute('href')
    const response = await p.request.get(href!)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe('application/pdf')
    expect(response.headers()['content-disposition']).toMatch(/^inline/)
    expect((await response.body()).equals(pdf)).toBe(true)
    // Close is a plain link back to the drive
    await viewer.getByRole('link', { name: 'Close' }).click()
    await p.waitForURL((url) => url.pathname === '/auditing' && !url.searchParams.has('open'))
    expect(await viewers(p).count()).toBe(0)
  })

  it('shows a PNG', async () => {
    await putDriveFile('no-script.png', solidPng(40, 30), 'image/png', 'png')
    const p = await drivePage(false)
    await p.goto('/auditing')
    await p.getByRole('link', { name: 'no-script.png' }).click()
    const image = p.getByRole('region', { name: 'Viewer: no-script.png' }).getByRole('img', { name: 'no-script.png' })
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(40)
  })

  it('opens a bookmarked file that is not on the page shown, and Close keeps the page', async () => {
    for (let i = 0; i < 10; i++) await putDriveFile(`filler-${i}.png`, solidPng(2, 2), 'image/png', 'png')
    await putDriveFile('zz-bookmarked.png', solidPng(20, 10), 'image/png', 'png')
    const p = await drivePage(false)
    // oldest first, 10 a page: the newest file is not on page 1
    await p.goto('/auditing?sort_by=modified&open=zz-bookmarked.png')
    expect(await p.getByRole('cell', { name: 'zz-bookmarked.png', exact: true }).count()).toBe(0)
    const viewer = p.getByRole('region', { name: 'Viewer: zz-bookmarked.png' })
    await viewer.getByRole('img', { name: 'zz-bookmarked.png' }).waitFor()
    await viewer.getByRole('link', { name: 'Close' }).click()
    await p.waitForURL((url) => !url.searchParams.has('open') && url.searchParams.get('sort_by') === 'modified')
    expect(await p.getByRole('region', { name: 'Viewer: zz-bookmarked.png' }).count()).toBe(0)
  })

  it('a DOCX being converted says Converting… and the page refreshes itself; a failed one says why', async () => {
    const pending = await sampleDocx('Waiting report')
    await putDriveFile('waiting.docx', pending, DOCX_TYPE, 'docx')
    await app.db
      .insertInto('document_conversions')
      .values({ kind: 'docx', source_hash: sha256(pending), status: 'pending' })
      .execute()
    const p = await drivePage(false)
    await p.goto('/auditing?open=waiting.docx')
    await p.getByRole('status').filter({ hasText: 'Converting…' }).waitFor()
    // the browser reloads the page on its own until the PDF is there
    await p.waitForRequest((r) => r.url().includes('open=waiting.docx') && r.isNavigationRequest(), { timeout: 10_000 })

    const failed = await sampleDocx('Broken report')
    await putDriveFile('broken.docx', failed, DOCX_TYPE, 'docx')
    await app.db
      .insertInto('document_conversions')
      .values({ kind: 'docx', source_hash: sha256(failed), status: 'failed', error: 'This file is not a readable DOCX.' })
      .execute()
    // a page of its own: the first one keeps refreshing itself, which would cut a navigation short
    await p.context().close()
    const q = await drivePage(false)
    await q.goto('/auditing?open=broken.docx')
    await q.getByRole('alert').filter({ hasText: 'This file is not a readable DOCX.' }).waitFor()
  })
})
