// The drive refuses files that would break it, with JavaScript (the chunked upload) and without (the
// form post): a file that says DOCX but is not one, a DOCX that inflates past 200 MiB, a small DOCX
// holding a 16000 × 16000 image (the pixel budget), one whose SVG drawing holds a 12000 × 12000
// picture, an encrypted PDF and an empty file. Each gets its message, and nothing is kept: no drive entry, no blob row,
// no stored object.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAppServer, type AppServer } from '../support/app-server.ts'
import { newContext, signIn } from '../support/browser.ts'
import { blankPng, sampleDocx, svgHugePictureDocx, zipBombDocx } from '../support/sample-docx.ts'
import { connectBrowser } from '../support/shared-browser.ts'

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

/** A PDF whose trailer names an encryption dictionary, as password-protected PDFs do. */
function encryptedPdf(): Buffer {
  return Buffer.from(
    '%PDF-1.6\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n' +
      '3 0 obj\n<< /Filter /Standard /V 2 /R 3 /Length 128 /P -3904 >>\nendobj\n' +
      'xref\n0 4\n0000000000 65535 f \n0000000009 00000 n \n0000000058 00000 n \n0000000111 00000 n \n' +
      'trailer\n<< /Size 4 /Root 1 0 R /Encrypt 3 0 R /ID [<0123> <0123>] >>\nstartxref\n180\n%%EOF\n',
    'latin1',
  )
}

let browser: Browser
let app: AppServer
let storeRoot: string
let bomb: Buffer
let hugeImage: Buffer
let svgPicture: Buffer

const BAD_FILES = () => [
  { file: { name: 'minutes.docx', mimeType: DOCX, buffer: Buffer.from('Minutes of the storage meeting, typed as plain text.\n'.repeat(40)) }, message: 'This file is not a valid DOCX document.' },
  { file: { name: 'bomb.docx', mimeType: DOCX, buffer: bomb }, message: 'This DOCX document is too large when uncompressed (more than 200 MiB).' },
  {
    file: { name: 'site photos.docx', mimeType: DOCX, buffer: hugeImage },
    message: 'This DOCX document has images too large to convert (more than 50 megapixels in one image, or 150 megapixels in all). Please make the pictures smaller and upload it again.',
  },
  {
    file: { name: 'drawing.docx', mimeType: DOCX, buffer: svgPicture },
    message: 'This DOCX document cannot be shown: it has a drawing (SVG) with a picture or other data inside it. Please save the drawing as a PNG or JPEG picture and upload it again.',
  },
  { file: { name: 'locked.pdf', mimeType: 'application/pdf', buffer: encryptedPdf() }, message: 'This PDF is password-protected (encrypted). Please upload a copy without a password.' },
  { file: { name: 'nothing.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) }, message: 'File is empty.' },
]

/** Every file under the store's folder (work files of unfinished uploads included). */
function storedFiles(): string[] {
  return (fs.readdirSync(storeRoot, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath ?? (d as unknown as { path: string }).path, d.name))
}

const kept = async () => ({
  entries: (await app.db.selectFrom('drive_entries').select('name').where('is_folder', '=', false).execute()).map((r) => r.name),
  blobs: Number(
    (
      await app.db
        .selectFrom('blobs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  files: storedFiles(),
})

beforeAll(async () => {
  storeRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'drive-bad-files-'))
  ;[app, browser, bomb, hugeImage, svgPicture] = await Promise.all([
    startAppServer({ STORAGE_DIR: storeRoot }),
    connectBrowser(),
    zipBombDocx(),
    sampleDocx({ pages: 1, imageBytes: blankPng(16_000, 16_000) }),
    svgHugePictureDocx(),
  ])
})
afterAll(async () => {
  await browser?.close()
  await app?.stop()
  fs.rmSync(storeRoot, { recursive: true, force: true })
})

async function drivePage(javaScriptEnabled: boolean): Promise<Page> {
  const p = await (await newContext(browser, app.url, { javaScriptEnabled })).newPage()
  await signIn(p, 'office', '/auditing')
  return p
}

describe('the drive refuses bad files', () => {
  it('with JavaScript: each refused with its message, nothing kept', async () => {
    const before = await kept()
    const p = await drivePage(true)
    await p.getByRole('button', { name: 'Upload', exact: true }).waitFor({ state: 'detached' })
    for (const { file, message } of BAD_FILES()) {
      await p.getByLabel('Upload File(s)').setInputFiles(file)
      await p.getByText(message).first().waitFor()
      await p.getByRole('alert').filter({ hasText: 'Upload failed' }).waitFor()
      await p.goto('/auditing')
    }
    expect(await kept()).toEqual(before)
  })

  it('without JavaScript: each refused with its message, nothing kept', async () => {
    const before = await kept()
    const p = await drivePage(false)
    for (const { file, message } of BAD_FILES()) {
      await p.getByLabel('Upload File(s)').setInputFiles(file)
      await p.getByRole('button', { name: 'Upload', exact: true }).click()
      await p.getByText(message).first().waitFor()
      await p.goto('/auditing')
    }
    expect(await kept()).toEqual(before)
  })
})
