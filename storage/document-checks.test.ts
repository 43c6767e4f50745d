// The upload checks of documents on the filesystem driver, with real bytes: DOCX files made with
// jszip (tests/support/sample-docx.ts) and PDFs written out by hand.
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blankPng, corruptDocx, sampleDocx, zipBombDocx } from '../tests/support/sample-docx.ts'
import { DOCUMENT_PROBLEMS, documentProblem } from './document-checks.server.ts'
import { detectFileType } from './file-types.ts'
import { FsDriver } from './fs-driver.server.ts'

/** A one-page PDF; `trailerExtra` goes into its trailer dictionary, `padding` bytes into a comment before it. */
function pdf(trailerExtra = '', padding = 0): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>']
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((o, i) => {
    offsets.push(body.length)
    body += `${i + 1} 0 obj\n${o}\nendobj\n`
  })
  if (padding) body += `%${'x'.repeat(padding)}\n`
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

const ENCRYPT = '/Encrypt << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >> /ID [<01> <01>] '

describe('documentProblem on the filesystem store', () => {
  let root: string
  let store: FsDriver

  beforeAll(async () => {
    root = await fsp.mkdtemp(path.join(os.tmpdir(), 'document-checks-'))
    store = new FsDriver({ root })
  })
  afterAll(() => fsp.rm(root, { recursive: true, force: true }))

  async function check(bytes: Buffer, name: string): Promise<string | null> {
    const key = `drive/2026/11/${crypto.randomUUID()}-file`
    await store.put(key, bytes, { contentType: 'application/octet-stream' })
    return documentProblem(store, key, detectFileType(bytes.subarray(0, 64 * 1024)), name, bytes.length)
  }

  it('accepts a real DOCX', async () => {
    expect(await check(await sampleDocx(), 'report.docx')).toBeNull()
  })

  it('refuses a cut-off DOCX, a PNG named .docx and a zip without a Word document', async () => {
    expect(await check(await corruptDocx(), 'report.docx')).toBe(DOCUMENT_PROBLEMS.notDocx)
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
    expect(await check(png, 'photo.docx')).toBe(DOCUMENT_PROBLEMS.notDocx)
    const JSZip = (await import('jszip')).default
    const zip = new JSZip()
    zip.file('word/readme.txt', 'not a document')
    expect(await check(await zip.generateAsync({ type: 'nodebuffer' }), 'notes.docx')).toBe(DOCUMENT_PROBLEMS.notDocx)
  })

  it('refuses a DOCX whose entries inflate past 200 MiB (zip bomb)', async () => {
    expect(await check(await zipBombDocx(), 'bomb.docx')).toBe(DOCUMENT_PROBLEMS.docxTooLarge)
  }, 30_000)

  it('refuses a tiny DOCX holding one 16000 × 16000 PNG (pixel budget), with the message the viewer shows; a 48 MP photo passes', async () => {
    const huge = await sampleDocx({ pages: 1, imageBytes: blankPng(16_000, 16_000) })
    expect(huge.length).toBeLessThan(200 * 1024)
    expect(await check(huge, 'photo report.docx')).toBe(DOCUMENT_PROBLEMS.imagesTooLarge)
    expect(DOCUMENT_PROBLEMS.imagesTooLarge).toBe(
      'This DOCX document has images too large to convert (more than 50 megapixels in one image, or 150 megapixels in all). Please make the pictures smaller and upload it again.',
    )
    expect(await check(await sampleDocx({ pages: 1, imageBytes: blankPng(8000, 6000) }), 'camera.docx')).toBeNull()
  }, 30_000)

  it('accepts a plain PDF and refuses an encrypted one, its trailer at the end of a large file too', async () => {
    expect(await check(pdf(), 'plain.pdf')).toBeNull()
    expect(await check(pdf('', 200_000), 'plain-large.pdf')).toBeNull()
    expect(await check(pdf(ENCRYPT), 'locked.pdf')).toBe(DOCUMENT_PROBLEMS.encryptedPdf)
    expect(await check(pdf(ENCRYPT, 200_000), 'locked-large.pdf')).toBe(DOCUMENT_PROBLEMS.encryptedPdf)
  })

  it('leaves other files alone', async () => {
    expect(await check(Buffer.from('plain text notes\n'), 'notes.txt')).toBeNull()
  })
})
