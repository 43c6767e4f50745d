// /api/convert/ through the real app with its workers on: a DOCX on the drive becomes a PDF (202
// while converting, then 200 {pdf_url} that downloads the PDF), posted HTML becomes a PDF, and urls
// that are not the caller's drive files are refused without being fetched. Posted HTML takes the
// drive's right to add files and is capped: bytes (413), pages (422) and two waiting per user (429),
// nothing stored when refused.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '#db/queries/users.ts'
import { FsDriver } from '#storage/fs-driver.server.ts'
import { objectKey } from '#storage/keys.ts'
import { startAppServer, type AppServer } from '../support/app-server.ts'
import { httpSession, type HttpSession } from '../support/http-session.ts'
import { corruptDocx, sampleDocx } from '../support/sample-docx.ts'

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
let app: AppServer
let office: HttpSession
const storeRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'convert-e2e-'))

beforeAll(async () => {
  app = await startAppServer({ WORKERS: 'on', STORAGE_DIR: storeRoot, CONVERT_HTML_MAX_BYTES: '65536', CONVERT_HTML_MAX_PAGES: '10' })
  office = await httpSession(app.url, 'office')
}, 120_000)
afterAll(async () => {
  await app?.stop()
  fs.rmSync(storeRoot, { recursive: true, force: true })
})

/** A file on the drive at `parent + name`, stored the way the drive stores it. */
async function driveFile(parent: string, name: string, bytes: Buffer): Promise<void> {
  const id = crypto.randomUUID()
  const key = objectKey('drive', name)
  await new FsDriver({ root: storeRoot }).put(key, bytes, { contentType: DOCX_MIME })
  await app.db.insertInto('blobs').values({ id, area: 'drive', key, filename: name, content_type: DOCX_MIME, size_bytes: bytes.length, created_by: null }).execute()
  await app.db.insertInto('drive_entries').values({ parent, name, is_folder: false, blob_id: id, file_type: 'docx', size_bytes: bytes.length }).execute()
}

async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await getDocument({ data: bytes, verbosity: 0 }).promise
  const pages = doc.numPages
  await doc.destroy()
  return pages
}

const getJson = async (session: HttpSession, query: string) => {
  const response = await session.fetch(`/api/convert/?${query}`)
  return { status: response.status, body: (await response.json()) as Record<string, string> }
}

describe('/api/convert/', () => {
  it('converts a drive DOCX: 202 while it converts, then a pdf_url that downloads the PDF', async () => {
    await driveFile('audits/2026/', 'cellar report.docx', await sampleDocx({ heading: 'Cellar report' }))
    const url = encodeURIComponent('audits/2026/cellar report.docx')
    expect(await getJson(office, `url=${url}&environment=production&wait=0`)).toEqual({ status: 202, body: { status: 'pending' } })

    const done = await getJson(office, `url=${url}&environment=production`)
    expect(done.status).toBe(200)
    const pdf = await fetch(new URL(done.body.pdf_url!, app.url))
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(await pdfPageCount(new Uint8Array(await pdf.arrayBuffer()))).toBe(2)
  }, 60_000)

  it('answers 422 with the message when the DOCX cannot be converted', async () => {
    await driveFile('audits/', 'broken.docx', await corruptDocx())
    expect(await getJson(office, `url=${encodeURIComponent('audits/broken.docx')}`)).toEqual({ status: 422, body: { error: 'This file is not a valid DOCX document.' } })
  }, 60_000)

  it('refuses what is not a drive file of the caller, and fetches nothing', async () => {
    expect((await getJson(office, `url=${encodeURIComponent('audits/missing.docx')}`)).status).toBe(404)
    expect((await getJson(office, `url=${encodeURIComponent('../../etc/passwd')}`)).status).toBe(404)
    expect((await getJson(office, `url=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`)).status).toBe(404)
    expect((await getJson(office, `url=${encodeURIComponent('/blobs/d/forged.token')}`)).status).toBe(404)
    expect((await getJson(office, 'url=')).status).toBe(400)
    expect((await getJson(office, `url=x&wait=99999`)).status).toBe(400)
    const viewer = await httpSession(app.url, 'viewer')
    expect(await getJson(viewer, `url=${encodeURIComponent('audits/2026/cellar report.docx')}`)).toEqual({ status: 403, body: { error: 'You do not have permission to do that.' } })
    const anonymous = await httpSession(app.url)
    expect((await anonymous.fetch('/api/convert/?url=x')).status).toBe(401)
  }, 60_000)

  it('prints posted HTML to a PDF (with the CSRF header only)', async () => {
    const html = '<h1>Pre-treat order 1042</h1><p>Bin 4</p><p style="break-before: page">Page two</p>'
    const post = (headers: Record<string, string>) =>
      office.fetch('/api/convert/?environment=production', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ html }) })
    expect((await post({})).status).toBe(403)
    const response = await post({ 'x-csrf-token': await office.csrfToken() })
    expect(response.status).toBe(200)
    const { pdf_url } = (await response.json()) as { pdf_url: string }
    const pdf = await fetch(new URL(pdf_url, app.url))
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(await pdfPageCount(new Uint8Array(await pdf.arrayBuffer()))).toBe(2)
    const empty = await office.fetch('/api/convert/', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': await office.csrfToken() }, body: '{"html": ""}' })
    expect(empty.status).toBe(400)
  }, 60_000)

  /** What posted HTML leaves behind: HTML conversions and the documents area's stored rows. */
  const stored = async () => ({
    conversions: Number(
      (
        await app.db
          .selectFrom('document_conversions')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('kind', '=', 'html')
          .executeTakeFirstOrThrow()
      ).n,
    ),
    blobs: Number(
      (
        await app.db
          .selectFrom('blobs')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('area', '=', 'documents')
          .executeTakeFirstOrThrow()
      ).n,
    ),
  })
  const postHtml = async (session: HttpSession, html: string) => {
    const response = await session.fetch('/api/convert/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': await session.csrfToken() },
      body: JSON.stringify({ html }),
    })
    return { status: response.status, body: (await response.json()) as Record<string, string> }
  }

  it('posting HTML needs the drive’s right to add files: a user who may only view the drive gets 403, and nothing is stored', async () => {
    await createUser(app.db, { username: 'drive-looker', password: 'drive-look-pass-1', firstName: 'Dana', lastName: 'Looker', permissions: ['api.view_s3bucket'] })
    const looker = await httpSession(app.url, 'drive-looker', 'drive-look-pass-1')
    const before = await stored()
    expect(await postHtml(looker, '<h1>Not mine to store</h1>')).toEqual({ status: 403, body: { error: 'You do not have permission to do that.' } })
    expect(await stored()).toEqual(before)
    // viewing stays theirs: a drive DOCX converts for them
    expect((await getJson(looker, `url=${encodeURIComponent('audits/2026/cellar report.docx')}`)).status).toBe(200)
  }, 60_000)

  it('refuses HTML over CONVERT_HTML_MAX_BYTES with 413 and its limit, storing nothing', async () => {
    const before = await stored()
    expect(await postHtml(office, `<p>${'x'.repeat(70_000)}</p>`)).toEqual({ status: 413, body: { error: 'The HTML is too large (at most 64 KiB).' } })
    expect(await stored()).toEqual(before)
  }, 60_000)

  it('refuses 80 bytes of HTML that would print hundreds of pages: 422, longer than CONVERT_HTML_MAX_PAGES', async () => {
    const html = '<div style="height: 2000in">A very tall document</div>'
    expect(await postHtml(office, html)).toEqual({ status: 422, body: { error: 'The document could not be converted: it is longer than 10 pages.' } })
  }, 60_000)

  it('refuses a third posted document while the user has two waiting: 429 with the message, storing nothing', async () => {
    const officeUser = await app.db.selectFrom('users').select('id').where('username', '=', 'office').executeTakeFirstOrThrow()
    // two of the user's posted documents waiting (no job: they stay so)
    const waiting = await Promise.all(
      ['one', 'two'].map(async (name) => {
        const blob = await app.db
          .insertInto('blobs')
          .values({
            id: crypto.randomUUID(),
            area: 'documents',
            key: objectKey('documents', `${name}.html`),
            filename: 'document.html',
            content_type: 'text/html',
            size_bytes: 1,
            created_by: officeUser.id,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        return app.db
          .insertInto('document_conversions')
          .values({ kind: 'html', source_hash: createHash('sha256').update(`waiting ${name}`).digest('hex'), source_blob_id: blob.id, expires_at: new Date(Date.now() + 3_600_000) })
          .returning('id')
          .executeTakeFirstOrThrow()
      }),
    )
    const before = await stored()
    const refused = await office.fetch('/api/convert/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': await office.csrfToken() },
      body: JSON.stringify({ html: '<p>A third one</p>' }),
    })
    expect([refused.status, refused.headers.get('retry-after'), await refused.json()]).toEqual([
      429,
      '5',
      { error: 'You have 2 documents waiting to be converted (at most 2 at a time). Wait for them to finish, then send this one again.' },
    ])
    expect(await stored()).toEqual(before)
    await app.db
      .updateTable('document_conversions')
      .set({ status: 'failed' })
      .where(
        'id',
        'in',
        waiting.map((w) => w.id),
      )
      .execute()
  }, 60_000)
})
