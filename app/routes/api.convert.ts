// The spec's conversion calls (operations.md §7 Drive):
//   GET  /api/convert/?url=<drive key, or a download URL the app signed>&environment=&wait=<ms>
//   POST /api/convert/?environment=&wait=<ms>   {html}
// → 200 {pdf_url} (a signed inline URL, 10 minutes) | 202 {status:'pending'} (not ready within
//   `wait`, default 20 s, at most 25 s: ask again) | 422 {error} (the conversion failed) | 4xx {error}.
// `url` is never fetched: it names a drive file (its key, or the stored object a signed URL points
// at), and the drive's view permission decides. `environment` is accepted and ignored.
// Posting HTML stores it and busies the renderer, so it takes the drive's right to add files
// (docs/decisions/0044), and it is capped: CONVERT_HTML_MAX_BYTES here, pages and time in the job,
// and it expires after CONVERT_HTML_KEEP_HOURS (the hourly clean-up deletes it and its PDF).
// It is rendered from a queue of its own, and a user with CONVERT_HTML_MAX_PENDING posted documents
// waiting gets 429 {error} for one more until they finish (docs/decisions/0080).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { refusalResponse } from '#app/command-answer.server.ts'
import { requireApiUser, verifyCsrfHeader } from '#app/auth/guard.server.ts'
import { DRIVE_PERMISSIONS } from '#app/drive-api.server.ts'
import { config } from '#core/config.server.ts'
import type { Permission } from '#core/permissions.ts'
import { getDb, type Executor } from '#db/client.server.ts'
import { blobKeyOf } from '#storage/attachments.server.ts'
import { docxPdf, PostedHtmlBusy, postedHtmlPdf, waitForConversion, type ConversionState } from '#jobs/documents/conversions.server.ts'
import { findDriveFile } from '#storage/drive.server.ts'
import { FILE_TYPES } from '#storage/file-types.ts'
import { verifyDownloadToken } from '#storage/fs-driver.server.ts'
import { getBlobStore } from '#storage/index.server.ts'

const DRIVE_VIEW: readonly Permission[] = ['api.view_s3bucket', 'api.add_s3bucket', 'api.s3_admin']
const PDF_URL_SECONDS = 10 * 60
const DEFAULT_WAIT_MS = 20_000
const MAX_WAIT_MS = 25_000
const MAX_URL_LENGTH = 4096

const json = (status: number, body: unknown) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } })
const error = (status: number, message: string) => json(status, { error: message })

/** `wait` in milliseconds: 0–25000, default 20000; null when it is not a number in range. */
function waitOf(url: URL): number | null {
  const raw = url.searchParams.get('wait')
  if (raw === null || raw === '') return DEFAULT_WAIT_MS
  if (!/^\d{1,6}$/.test(raw)) return null
  const ms = Number(raw)
  return ms <= MAX_WAIT_MS ? ms : null
}

interface Source {
  blobId: string
  name: string
  contentType: string
  key: string
}

/** The drive file a `url` parameter names: a drive key, the fs driver's /blobs/d/<token>, or an S3 URL of a stored object. */
async function resolveSource(db: Executor, value: string): Promise<Source | 'expired' | null> {
  let parsed: URL | null = null
  try {
    if (/^https?:\/\//i.test(value) || value.startsWith('/')) parsed = new URL(value, 'http://app.invalid')
  } catch {
    return null
  }
  if (!parsed) {
    const file = await findDriveFile(db, value)
    return file ? { blobId: file.blob_id, name: file.name, contentType: file.content_type, key: file.blob_key } : null
  }
  let candidates: string[]
  const token = /^\/blobs\/d\/([^/]+)$/.exec(parsed.pathname)?.[1]
  if (token) {
    const check = verifyDownloadToken(decodeURIComponent(token))
    if (!check.ok) return check.reason === 'expired' ? 'expired' : null
    candidates = [check.token.key]
  } else {
    // an S3 URL: path-style (/bucket/key) or virtual-hosted (/key), perhaps under a prefix; the
    // stored keys are unique (<area>/<yyyy>/<mm>/<uuid>-<name>), so each tail of the path is tried
    let segments: string[]
    try {
      segments = parsed.pathname
        .split('/')
        .filter(Boolean)
        .map((s) => decodeURIComponent(s))
    } catch {
      return null
    }
    candidates = segments.map((_, i) => segments.slice(i).join('/')).filter((k) => k.startsWith('drive/'))
  }
  if (candidates.length === 0) return null
  const row = await db
    .selectFrom('blobs as b')
    .innerJoin('drive_entries as e', 'e.blob_id', 'b.id')
    .select(['b.id', 'e.name', 'b.content_type', 'b.key'])
    .where('b.key', 'in', candidates)
    .where('b.area', '=', 'drive')
    .executeTakeFirst()
  return row ? { blobId: row.id, name: row.name, contentType: row.content_type, key: row.key } : null
}

async function answer(db: Executor, state: ConversionState, waitMs: number, name: string): Promise<Response> {
  const settled = state.status === 'pending' ? await waitForConversion(db, state.id, waitMs) : state
  if (settled.status === 'pending') return json(202, { status: 'pending' })
  if (settled.status === 'failed') return error(422, settled.error)
  const key = await blobKeyOf(db, settled.pdfBlobId)
  if (!key) return error(404, 'The converted document is no longer stored.')
  return json(200, { pdf_url: await pdfUrl(key, name) })
}

const pdfUrl = (key: string, name: string) =>
  getBlobStore().signedDownloadUrl(key, { expiresInSeconds: PDF_URL_SECONDS, filename: `${name.replace(/\.[^.]*$/, '') || 'document'}.pdf`, contentType: 'application/pdf', disposition: 'inline' })

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, DRIVE_VIEW)
  const url = new URL(request.url)
  const waitMs = waitOf(url)
  if (waitMs === null) return error(400, `wait must be a number of milliseconds from 0 to ${MAX_WAIT_MS}.`)
  const value = url.searchParams.get('url') ?? ''
  if (value.trim() === '') return error(400, 'url is required: the key of a file on the drive.')
  if (value.length > MAX_URL_LENGTH || value.includes('\u0000')) return error(400, 'url is not a file on the drive.')

  const db = getDb()
  const source = await resolveSource(db, value)
  if (source === 'expired') return error(403, 'This link has expired. Open the file from the drive again.')
  if (!source) return error(404, 'File not found.')
  if (source.contentType === FILE_TYPES.pdf.mime) return json(200, { pdf_url: await pdfUrl(source.key, source.name) })
  if (source.contentType !== FILE_TYPES.docx.mime) return error(400, 'Only DOCX documents can be converted to PDF.')
  try {
    return await answer(db, await docxPdf(db, source.blobId), waitMs, source.name)
  } catch (e) {
    return refusalResponse(e) // not found: 404 { error }
  }
}

/** '2 MiB', '512 KiB', '1,500 bytes': a byte cap as the refusal names it. */
function sizeText(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`
  return `${bytes.toLocaleString('en-US')} bytes`
}

/** The posted body as text, refusing (null) once it is past `limit` bytes, whatever Content-Length said. */
async function bodyWithin(request: Request, limit: number): Promise<string | null> {
  if (!request.body) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length
    if (size > limit) return null
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return error(405, 'Use GET with ?url= or POST with {html}.')
  const user = await requireApiUser(request, DRIVE_PERMISSIONS.add)
  await verifyCsrfHeader(request)
  const waitMs = waitOf(new URL(request.url))
  if (waitMs === null) return error(400, `wait must be a number of milliseconds from 0 to ${MAX_WAIT_MS}.`)

  const maxBytes = config().CONVERT_HTML_MAX_BYTES
  const tooLarge = `The HTML is too large (at most ${sizeText(maxBytes)}).`
  // the JSON around the HTML, escapes included, may take a little more than the HTML itself
  const bodyLimit = maxBytes * 2 + 1024
  const declared = Number(request.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > bodyLimit) return error(413, tooLarge)
  let body: unknown
  try {
    const text = await bodyWithin(request, bodyLimit)
    if (text === null) return error(413, tooLarge)
    body = JSON.parse(text)
  } catch {
    return error(400, 'Send JSON: {"html": "…"}.')
  }
  const html = (body as { html?: unknown } | null)?.html
  if (typeof html !== 'string' || html.trim() === '') return error(400, 'html is required: the document to print.')
  if (Buffer.byteLength(html) > maxBytes) return error(413, tooLarge)
  const db = getDb()
  let state: ConversionState
  try {
    state = await postedHtmlPdf(db, html, user.id)
  } catch (e) {
    if (e instanceof PostedHtmlBusy) return Response.json({ error: e.message }, { status: 429, headers: { 'Cache-Control': 'no-store', 'Retry-After': '5' } })
    throw e
  }
  return answer(db, state, waitMs, 'document')
}
