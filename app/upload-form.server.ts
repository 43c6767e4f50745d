// Reads a form posted as multipart/form-data, storing its files as it goes, so a plain
// <form method="post" encType="multipart/form-data"> attaches files without JavaScript.
//
//   const user = await requirePermission(request, 'api.add_receipt')
//   const upload = await parseUploadForm(request, { area: 'receipts', user })
//   if (upload.errors.length) return upload.settle(data(reply, { status: 400 }))
//   return upload.settle(await submitForm({ request, form: upload.formData, … }))
//
// In the returned FormData the file field ('images') holds blob ids: those sent in '{field}_ids' by
// the JavaScript uploader, then those of the files stored now; '{field}_ids' itself is removed.
// Whether the sent ids are this user's uploads of this area is the command's to check, once
// (commands/rules.ts requireOwnImages): the same check then holds for a form, the API and a replay. The CSRF field is checked here, and it must come
// before the file inputs in the form, so that no file is stored for a forged request.
//
// A refused form keeps nothing this post stored: `settle(answer)` deletes those files when the
// answer is a refusal (4xx) and takes their ids out of the values the form is shown again with,
// so the user chooses them again. Files the JavaScript uploader sent earlier stay: the same form is
// resubmitted with their ids; the cleanup job removes them if no record takes them within 24 h.
// If reading the form fails part-way (too large, a bad CSRF token), what it stored is deleted too.
import { unstable_parseMultipartFormData as parseMultipartFormData, type UploadHandler, type UploadHandlerPart } from '@remix-run/node'
import { config } from '#core/config.server.ts'
import { assertCsrf, CSRF_FIELD } from '#app/auth/csrf.server.ts'
import type { SessionUser } from '#core/permissions.ts'
import { getDb, type Executor } from '#db/client.server.ts'
import { deleteIfUnattached } from '#storage/attachments.server.ts'
import type { BlobStore } from '#storage/blob-store.ts'
import { getBlobStore } from '#storage/index.server.ts'
import { storeUploadedFile } from '#storage/uploads.server.ts'
import type { BlobArea } from '#core/enums.ts'

export interface UploadFormOptions {
  area: BlobArea
  user: Pick<SessionUser, 'id' | 'username'>
  db?: Executor
  store?: BlobStore
  /** the file input's name; default 'images' */
  field?: string
  /** default 20 */
  maxFiles?: number
  /** default UPLOAD_MAX_BYTES */
  maxBytes?: number
  /** default true; turn off only where the caller has checked the token some other way */
  checkCsrf?: boolean
  /** the drive: the folder the files go into (storeUploadedFile's `prefix`) */
  prefix?: string
}

export interface UploadFileError {
  filename: string
  error: string
}

export interface ParsedUploadForm {
  formData: FormData
  /** every blob id now in formData under the file field, in order: the ids sent, then the files stored now */
  blobIds: string[]
  /** the blobs of the files this post stored */
  storedIds: string[]
  /** one entry per refused file */
  errors: UploadFileError[]
  /**
   * Pass the action's answer through this before returning it: a refusal (status 400–499) deletes
   * the files this post stored and drops their ids from the answer's form values.
   */
  settle<T>(answer: T): Promise<T>
}

const MAX_TEXT_FIELD_BYTES = 100 * 1024
const MAX_TEXT_TOTAL_BYTES = 2 * 1024 * 1024
const MIB = 1024 * 1024

function tooLarge(message: string): Response {
  return new Response(message, { status: 413, headers: { 'content-type': 'text/plain; charset=utf-8' } })
}

export async function parseUploadForm(request: Request, options: UploadFormOptions): Promise<ParsedUploadForm> {
  const db = options.db ?? getDb()
  const store = options.store ?? getBlobStore()
  const field = options.field ?? 'images'
  const idsField = `${field}_ids`
  const maxFiles = options.maxFiles ?? 20
  const maxBytes = options.maxBytes ?? config().UPLOAD_MAX_BYTES
  const checkCsrf = options.checkCsrf ?? true
  // Refused files are still read to their end; this bounds how much a single post can make us read.
  const maxRequestBytes = maxFiles * maxBytes + MAX_TEXT_TOTAL_BYTES + MIB
  const declared = Number(request.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > maxRequestBytes) throw tooLarge(`The form is too large (max ${Math.floor(maxRequestBytes / MIB)} MiB).`)

  const errors: UploadFileError[] = []
  const storedIds: string[] = []
  let formData: FormData
  const contentType = request.headers.get('content-type') ?? ''

  if (!contentType.startsWith('multipart/form-data')) {
    try {
      formData = await request.formData()
    } catch {
      throw new Response('The form could not be read.', { status: 400 })
    }
    if (checkCsrf) assertCsrf(request, formData.get(CSRF_FIELD))
  } else {
    let csrfSeen: string | undefined
    let csrfChecked = !checkCsrf
    let textBytes = 0
    let requestBytes = 0
    let fileCount = 0

    const counted = (data: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> => ({
      async *[Symbol.asyncIterator]() {
        for await (const chunk of data) {
          requestBytes += chunk.byteLength
          if (requestBytes > maxRequestBytes) throw tooLarge(`The form is too large (max ${Math.floor(maxRequestBytes / MIB)} MiB).`)
          yield chunk
        }
      },
    })
    const drain = async (part: UploadHandlerPart) => {
      for await (const _ of counted(part.data));
    }

    const handler: UploadHandler = async (part) => {
      if (part.filename === undefined) {
        const chunks: Uint8Array[] = []
        let length = 0
        for await (const chunk of counted(part.data)) {
          length += chunk.byteLength
          textBytes += chunk.byteLength
          if (length > MAX_TEXT_FIELD_BYTES || textBytes > MAX_TEXT_TOTAL_BYTES) throw tooLarge('A form field is too long.')
          chunks.push(chunk)
        }
        const value = Buffer.concat(chunks).toString('utf8')
        if (part.name === CSRF_FIELD) csrfSeen = value
        return value
      }
      // a file input left empty sends a part with no name and no bytes
      if (part.name !== field || part.filename === '') {
        await drain(part)
        return undefined
      }
      if (!csrfChecked) {
        assertCsrf(request, csrfSeen)
        csrfChecked = true
      }
      fileCount += 1
      if (fileCount > maxFiles) {
        await drain(part)
        errors.push({ filename: part.filename, error: `Too many files (max ${maxFiles}).` })
        return undefined
      }
      const result = await storeUploadedFile(db, store, options.user, options.area, { filename: part.filename, stream: counted(part.data), index: fileCount - 1 }, { maxBytes, prefix: options.prefix })
      if (!result.ok) {
        errors.push({ filename: part.filename, error: result.error })
        return undefined
      }
      storedIds.push(result.id)
      return result.id
    }

    try {
      formData = await parseMultipartFormData(request, handler)
      if (checkCsrf) assertCsrf(request, formData.get(CSRF_FIELD))
    } catch (error) {
      await discard(db, store, storedIds)
      if (error instanceof Response) throw error
      throw new Response('The form could not be read.', { status: 400 })
    }
  }

  const sent = formData.getAll(idsField).filter((v): v is string => typeof v === 'string' && v !== '')
  formData.delete(idsField)
  // the device's names of its photos (the outbox's): only their uploaded ids count here
  formData.delete(`${field}_local`)
  formData.delete(field)
  const blobIds = [...new Set([...sent, ...storedIds])]
  for (const id of blobIds) formData.append(field, id)

  const settle = async <T>(answer: T): Promise<T> => {
    if (storedIds.length === 0 || !isRefusal(answer)) return answer
    await discard(db, store, storedIds)
    return withoutIds(answer, field, new Set(storedIds))
  }
  return { formData, blobIds, storedIds, errors, settle }
}

async function discard(db: Executor, store: BlobStore, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    // what cannot be deleted now (the store is down) the cleanup job removes after 24 h
    await deleteIfUnattached(db, store, id).catch((error) => console.error('could not delete a refused upload', id, error))
  }
}

/** The status of an action's answer: a Response, Remix's data(), or a plain value (200). */
function statusOf(answer: unknown): number {
  if (answer instanceof Response) return answer.status
  const init = (answer as { type?: string; init?: ResponseInit | null } | null)?.type === 'DataWithResponseInit' ? (answer as { init?: ResponseInit | null }).init : null
  return init?.status ?? 200
}

function isRefusal(answer: unknown): boolean {
  const status = statusOf(answer)
  return status >= 400 && status < 500
}

/** The answer with `ids` taken out of its form values (conform's initialValue) under `field`. */
function withoutIds<T>(answer: T, field: string, ids: Set<string>): T {
  const payload = (answer as { data?: unknown }).data
  const values = payload && typeof payload === 'object' ? (payload as { initialValue?: Record<string, unknown> | null }).initialValue : null
  if (!values || !(field in values)) return answer
  const kept = [values[field]].flat().filter((id) => typeof id !== 'string' || !ids.has(id))
  values[field] = kept
  return answer
}
