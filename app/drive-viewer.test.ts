// openedFile against a real database and file store: what the drive's page is given for `?open=`.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ForbiddenError } from '#core/errors.ts'
import type { Permission, SessionUser } from '#core/permissions.ts'
import { FsDriver, verifyDownloadToken } from '#storage/fs-driver.server.ts'
import { objectKey } from '#storage/keys.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { samplePdf } from '../bin/demo/pdf.ts'
import { CONVERSION_UNAVAILABLE, VIEWER_URL_SECONDS, isOpenable, openedFile } from './drive-viewer.server.ts'

let t: TestDatabase
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'drive-viewer-'))
const store = new FsDriver({ root })
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.drop()
  fs.rmSync(root, { recursive: true, force: true })
})

const user = (permissions: Permission[]): SessionUser => ({
  id: 1,
  username: 'u',
  first_name: '',
  last_name: '',
  email: '',
  company_name: '',
  is_staff: false,
  is_superuser: false,
  current_prefix: '',
  permissions,
})
const browser = user(['api.view_s3bucket'])
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

async function put(parent: string, name: string, bytes: Buffer, contentType: string, fileType: string): Promise<string> {
  const id = crypto.randomUUID()
  const key = objectKey('drive', name, new Date(), id)
  await store.put(key, bytes, { contentType })
  const sha256 = crypto.createHash('sha256').update(bytes).digest('hex')
  await t.db.insertInto('blobs').values({ id, area: 'drive', key, filename: name, content_type: contentType, size_bytes: bytes.length, created_by: null, sha256 }).execute()
  await t.db.insertInto('drive_entries').values({ parent, name, is_folder: false, blob_id: id, file_type: fileType, size_bytes: bytes.length }).execute()
  return sha256
}
const token = (url: string) => verifyDownloadToken(url.slice(url.lastIndexOf('/') + 1))

describe('openedFile', () => {
  it('gives a PDF in a folder as a signed inline URL that lives 10 minutes', async () => {
    await t.db.insertInto('drive_entries').values({ parent: '', name: 'reports', is_folder: true, blob_id: null, file_type: 'folder' }).execute()
    await put('reports/', 'june.pdf', samplePdf(1), 'application/pdf', 'pdf')
    const opened = await openedFile(t.db, browser, 'reports/june.pdf', store)
    expect(opened).toMatchObject({ key: 'reports/june.pdf', name: 'june.pdf', kind: 'pdf' })
    const check = token((opened as { url: string }).url)
    expect(check.ok && check.token).toMatchObject({ filename: 'june.pdf', contentType: 'application/pdf', disposition: 'inline' })
    expect(check.ok && check.token.expiresAt - Date.now() / 1000).toBeGreaterThan(VIEWER_URL_SECONDS - 30)
  })

  it('gives nothing for no key, a folder, a missing file, a hostile key or a type that does not open', async () => {
    await put('', 'notes.xyz', Buffer.from('x'), 'application/octet-stream', 'xyz')
    for (const key of [null, '', 'reports/', 'reports', 'missing.pdf', '../etc/passwd', 'a\u0000b.pdf', 'x'.repeat(5000), 'notes.xyz']) {
      expect(await openedFile(t.db, browser, key, store)).toBeNull()
    }
    expect(isOpenable('xyz')).toBe(false)
    expect(['pdf', 'docx', 'png', 'jpeg'].every(isOpenable)).toBe(true)
  })

  it("refuses a user without the drive's permissions", async () => {
    await put('', 'secret.png', Buffer.from('png'), 'image/png', 'png')
    await expect(openedFile(t.db, user(['api.view_callin']), 'secret.png', store)).rejects.toBeInstanceOf(ForbiddenError)
    expect(await openedFile(t.db, user(['api.s3_admin']), 'secret.png', store)).toMatchObject({ kind: 'image' })
  })

  it('gives a DOCX as its conversion: pending, failed with its message, done with the PDF', async () => {
    const states = [
      { name: 'a.docx', status: 'pending' as const },
      { name: 'b.docx', status: 'failed' as const, error: 'The conversion took too long.' },
      { name: 'c.docx', status: 'done' as const },
    ]
    for (const s of states) {
      const hash = await put('', s.name, Buffer.from(`docx ${s.name}`), DOCX, 'docx')
      let pdfBlobId: string | null = null
      if (s.status === 'done') {
        pdfBlobId = crypto.randomUUID()
        const key = objectKey('documents', 'c.pdf', new Date(), pdfBlobId)
        await store.put(key, samplePdf(1), { contentType: 'application/pdf' })
        await t.db.insertInto('blobs').values({ id: pdfBlobId, area: 'documents', key, filename: 'c.pdf', content_type: 'application/pdf', size_bytes: 1, created_by: null }).execute()
      }
      await t.db
        .insertInto('document_conversions')
        .values({ kind: 'docx', source_hash: hash, status: s.status, error: s.error ?? null, pdf_blob_id: pdfBlobId })
        .execute()
    }
    expect(await openedFile(t.db, browser, 'a.docx', store)).toEqual({ key: 'a.docx', name: 'a.docx', kind: 'docx', status: 'pending' })
    expect(await openedFile(t.db, browser, 'b.docx', store)).toEqual({ key: 'b.docx', name: 'b.docx', kind: 'docx', status: 'failed', error: 'The conversion took too long.' })
    const done = await openedFile(t.db, browser, 'c.docx', store)
    expect(done).toMatchObject({ kind: 'docx', status: 'done' })
    const check = token((done as { url: string }).url)
    expect(check.ok && check.token).toMatchObject({ filename: 'c.pdf', contentType: 'application/pdf', disposition: 'inline' })
  })

  it('says so when a DOCX cannot be sent for conversion, instead of failing the page', async () => {
    await put('', 'new.docx', Buffer.from('docx new'), DOCX, 'docx')
    const opened = await openedFile(t.db, browser, 'new.docx', store)
    // until the pipeline lands docxPdf throws; after, it queues the job and the file is pending
    expect(opened).toMatchObject({ kind: 'docx' })
    if (opened?.kind === 'docx' && opened.status === 'failed') expect(opened.error).toBe(CONVERSION_UNAVAILABLE)
  })
})
