// The spec's upload protocol as a service: start → signed part URLs (one per 5 MiB chunk) → the
// browser PUTs the parts (at most 5 at a time) → complete. Plus the no-JavaScript path, where a
// plain multipart/form-data post streams the file through the server with the same checks.
//
// Every upload has an upload_sessions row: 'pending' until completed ('completed', with its blob)
// or refused ('aborted'). Sessions that are never completed stay pending; the alert job counts them
// as pending_aws_imports.
import { createHash, randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { sql } from 'kysely'
import { config, photoSettings } from '#core/config.server.ts'
import { readExif } from '#core/exif.ts'
import { photoFactsOf, type PhotoFacts } from '#core/photos.ts'
import { ConflictError, InputError } from '#core/errors.ts'
import type { SessionUser } from '#core/permissions.ts'
import { inTransaction, type Executor } from '#db/client.server.ts'
import { CHUNK_BYTES, HEAD_BYTES, type BlobStore, type CompletedPart } from './blob-store.ts'
import { detectFileType, isImage, type FileType } from './file-types.ts'
import { displayName, imageFileName, isImageArea, objectKey } from './keys.ts'
import { documentProblem } from './document-checks.server.ts'
import { addDriveFile } from './drive.server.ts'
import { EXIF_BYTES, travellingCopy, type PhotoCopy } from './photo-copy.server.ts'
import { fileTypeLabel, parsePrefix, uploadTarget } from './drive-keys.ts'
import type { BlobArea } from '#core/enums.ts'

export type UploadUser = Pick<SessionUser, 'id' | 'username'>

export interface StartFile {
  /** the file's name, as the browser knows it */
  key: string
  size: number
  chunk_count: number
}

export interface StartedUpload {
  key: string
  upload_id: string
  urls: string[]
}

export interface CompleteFile {
  key: string
  size: number
  uploadId: string
  /** chunkRecord is the part's ETag (a string, or an object with an ETag field) */
  chunks: { part: number; chunkRecord: unknown }[]
  /** the browser's hex SHA-256 of the file: the stored bytes must hash the same, or the upload is refused */
  sha256?: string
  /** a photo resized on the device: what its original's EXIF said (the copy has none) */
  photo?: PhotoFacts
}

export interface CompleteResult {
  success: boolean
  id: string | null
  error?: string
  /** the drive: the file's drive key (its name numbered when the name was taken) */
  key?: string
  /** the stored bytes' hex SHA-256, when the browser sent its own: the device may then forget its copy (issue 22) */
  sha256?: string
}

export interface UploadOptions {
  /** default: UPLOAD_MAX_BYTES from the configuration */
  maxBytes?: number
  /** lifetime of the signed part URLs; default one hour */
  partUrlExpiresInSeconds?: number
  /** default: UPLOAD_MAX_OPEN, uploads a user may have started and not completed */
  maxOpen?: number
  /** default: UPLOAD_MAX_PENDING_BYTES, the bytes those may add up to */
  maxPendingBytes?: number
  /**
   * The drive: the folder ('' or 'a/b/') the files go into. A file's key may be a relative path
   * ('sub/dir/a.pdf', a folder upload); its folders are created under this one.
   */
  prefix?: string
}

export const MAX_FILES_PER_REQUEST = 50
export const PART_URL_EXPIRES_SECONDS = 3600
/**
 * A pending upload this old can receive no more parts (its part URLs expired an hour ago): when
 * its user needs room under the quota, it is aborted (docs/decisions/0046).
 */
export const ABANDONED_UPLOAD_SECONDS = 2 * PART_URL_EXPIRES_SECONDS
export const MESSAGES = {
  empty: 'File is empty.',
  notImage: 'Only image files are accepted.',
  notFound: 'Upload not found.',
  cancelled: 'This upload was cancelled. Please upload the file again.',
  mismatch: 'This upload does not match the file that was started.',
  badParts: 'The uploaded parts do not match the file.',
  incomplete: 'The upload could not be completed. Please try again.',
  checksum: 'The uploaded file does not match the file on the device. It will be uploaded again.',
  chunkCount: 'The chunk count does not match the file size.',
  noFiles: 'No files to upload.',
  tooMany: `Too many files at once (max ${MAX_FILES_PER_REQUEST}).`,
  quota: (maxOpen: number, maxBytes: number) =>
    `Too many uploads in progress: each user may have at most ${maxOpen} files and ${maxBytes % MiB === 0 ? `${maxBytes / MiB} MiB` : `${maxBytes} bytes`} waiting to be completed. ` +
    `Let the uploads in progress finish (an abandoned one is released after ${ABANDONED_UPLOAD_SECONDS / 3600} hours), or upload fewer files at once.`,
} as const

/** A refusal of the whole request; `status` is the HTTP status to answer with. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message)
    this.name = 'UploadError'
  }
}

const MiB = 1024 * 1024
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function tooLargeMessage(maxBytes: number): string {
  const mib = Math.round((maxBytes / MiB) * 10) / 10
  return `File is too large (max ${mib} MiB).`
}

export function chunkCountFor(size: number): number {
  return Math.ceil(size / CHUNK_BYTES)
}

const maxBytesOf = (options?: UploadOptions) => options?.maxBytes ?? config().UPLOAD_MAX_BYTES

/** The drive folder of a request: checked like every drive key (an UploadError when it is not valid). */
function drivePrefix(options?: UploadOptions): string {
  const prefix = parsePrefix(options?.prefix ?? '')
  if (!prefix.ok) throw new UploadError(prefix.error)
  return prefix.value
}

/** Where a drive file lands, or an UploadError naming the bad file. */
function driveTarget(prefix: string, key: string): { parent: string; name: string } {
  const target = uploadTarget(prefix, key)
  if (!target.ok) throw new UploadError(`${displayName(key)}: ${target.error}`)
  return target.value
}

function checkBatch(length: number): void {
  if (length === 0) throw new UploadError(MESSAGES.noFiles)
  if (length > MAX_FILES_PER_REQUEST) throw new UploadError(MESSAGES.tooMany)
}

/**
 * Opens one multipart upload per file and signs one part URL per 5 MiB chunk. Any bad file refuses
 * the whole request (UploadError) and opens nothing.
 */
export async function startUploads(db: Executor, store: BlobStore, user: UploadUser, area: BlobArea, files: StartFile[], options?: UploadOptions): Promise<StartedUpload[]> {
  checkBatch(files.length)
  const maxBytes = maxBytesOf(options)
  for (const file of files) {
    if (typeof file.key !== 'string' || file.key.trim() === '') throw new UploadError('Every file needs a name.')
    if (!Number.isSafeInteger(file.size) || file.size < 0) throw new UploadError('The file size is not valid.')
    if (file.size === 0) throw new UploadError(MESSAGES.empty)
    if (file.size > maxBytes) throw new UploadError(tooLargeMessage(maxBytes))
    if (file.chunk_count !== chunkCountFor(file.size)) throw new UploadError(MESSAGES.chunkCount)
  }
  if (area === 'drive') {
    const prefix = drivePrefix(options)
    for (const file of files) driveTarget(prefix, file.key)
  }

  const expires = options?.partUrlExpiresInSeconds ?? PART_URL_EXPIRES_SECONDS
  const opened: { file: StartFile; id: string; key: string; uploadId: string }[] = []
  const open = async (trx: Executor) => {
    // one start at a time per user, so two at once cannot both slip under the quota
    await sql`select pg_advisory_xact_lock(hashtext('upload-quota'), ${user.id}::int)`.execute(trx)
    await checkQuota(trx, store, user, files, options)
    for (const file of files) {
      const key = objectKey(area, file.key)
      const uploadId = await store.createMultipart(key, 'application/octet-stream')
      opened.push({ file, id: randomUUID(), key, uploadId })
    }
    await trx
      .insertInto('upload_sessions')
      .values(
        opened.map((o) => ({
          id: o.id,
          area,
          key: o.key,
          driver_upload_id: o.uploadId,
          filename: displayName(o.file.key),
          size_bytes: o.file.size,
          chunk_count: o.file.chunk_count,
          created_by: user.id,
        })),
      )
      .execute()
  }
  try {
    await inTransaction(db, open)
  } catch (error) {
    await Promise.all(opened.map((o) => store.abortMultipart(o.key, o.uploadId).catch(() => undefined)))
    throw error
  }

  return Promise.all(
    opened.map(async (o) => ({
      key: o.file.key,
      upload_id: o.id,
      urls: await Promise.all(Array.from({ length: o.file.chunk_count }, (_, i) => store.signedPartUrl(o.key, o.uploadId, i + 1, expires))),
    })),
  )
}

/** The user's uploads started and not completed: how many, and their declared bytes. */
async function pendingOf(db: Executor, userId: number): Promise<{ count: number; bytes: number }> {
  const row = await db
    .selectFrom('upload_sessions')
    .select([sql<number>`count(*)::int`.as('count'), sql<string>`coalesce(sum(size_bytes), 0)`.as('bytes')])
    .where('created_by', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow()
  return { count: row.count, bytes: Number(row.bytes) }
}

/**
 * Refuses (429) a start that would take the user past UPLOAD_MAX_OPEN unfinished uploads or
 * UPLOAD_MAX_PENDING_BYTES, before any of it reaches the store. The user's own abandoned uploads
 * (older than ABANDONED_UPLOAD_SECONDS: no part can reach them any more) are aborted first when
 * that makes room, so a failed upload holds nobody back for the day the cleanup waits.
 */
async function checkQuota(db: Executor, store: BlobStore, user: UploadUser, files: StartFile[], options?: UploadOptions): Promise<void> {
  const maxOpen = options?.maxOpen ?? config().UPLOAD_MAX_OPEN
  const maxBytes = options?.maxPendingBytes ?? config().UPLOAD_MAX_PENDING_BYTES
  const adding = files.reduce((sum, f) => sum + f.size, 0)
  const fits = ({ count, bytes }: { count: number; bytes: number }) => count + files.length <= maxOpen && bytes + adding <= maxBytes
  const pending = await pendingOf(db, user.id)
  if (fits(pending)) return
  const abandoned = await db
    .selectFrom('upload_sessions')
    .select(['id', 'key', 'driver_upload_id', 'size_bytes'])
    .where('created_by', '=', user.id)
    .where('status', '=', 'pending')
    .where('created_at', '<', new Date(Date.now() - ABANDONED_UPLOAD_SECONDS * 1000))
    .execute()
  const left = { count: pending.count - abandoned.length, bytes: pending.bytes - abandoned.reduce((sum, a) => sum + Number(a.size_bytes), 0) }
  if (abandoned.length === 0 || !fits(left)) throw new UploadError(MESSAGES.quota(maxOpen, maxBytes), 429)
  for (const session of abandoned) {
    await store.abortMultipart(session.key, session.driver_upload_id).catch(() => undefined) // the hourly cleanup sweeps what is left
    await db.updateTable('upload_sessions').set({ status: 'aborted', completed_at: new Date() }).where('id', '=', session.id).execute()
  }
}

/** The ETag inside a chunkRecord: the string itself, or an object's ETag/etag field. */
function etagOf(record: unknown): string | null {
  if (typeof record === 'string') return record.trim() || null
  if (record && typeof record === 'object') {
    for (const field of ['ETag', 'etag', 'Etag', 'eTag']) {
      const value = (record as Record<string, unknown>)[field]
      if (typeof value === 'string' && value.trim()) return value.trim()
    }
  }
  return null
}

function partsOf(chunks: CompleteFile['chunks'], chunkCount: number): CompletedPart[] | null {
  if (!Array.isArray(chunks) || chunks.length !== chunkCount) return null
  const parts: CompletedPart[] = []
  const seen = new Set<number>()
  for (const chunk of chunks) {
    const etag = etagOf(chunk?.chunkRecord)
    const n = chunk?.part
    if (!etag || !Number.isInteger(n) || n < 1 || n > chunkCount || seen.has(n)) return null
    seen.add(n)
    parts.push({ partNumber: n, etag })
  }
  return parts.sort((a, b) => a.partNumber - b.partNumber)
}

/**
 * Completes each file's multipart upload, checks the stored bytes, and records a blob. One result
 * per file, in order; a failed file does not stop the others. Completing again returns the same id.
 */
export async function completeUploads(
  db: Executor,
  store: BlobStore,
  user: UploadUser,
  area: BlobArea,
  files: CompleteFile[],
  options?: Pick<UploadOptions, 'prefix'>,
): Promise<{ results: CompleteResult[] }> {
  checkBatch(files.length)
  const prefix = area === 'drive' ? drivePrefix(options) : ''
  const results: CompleteResult[] = []
  for (const file of files) {
    try {
      const target = area === 'drive' ? uploadTarget(prefix, file.key) : null
      if (target && !target.ok) {
        results.push(fail(target.error))
        continue
      }
      results.push(await completeOne(db, store, user, area, file, target?.value ?? null))
    } catch (error) {
      if (error instanceof InputError || error instanceof ConflictError) {
        results.push(fail(error.message))
        continue
      }
      console.error('upload completion failed', error)
      results.push({ success: false, id: null, error: MESSAGES.incomplete })
    }
  }
  return { results }
}

const fail = (error: string): CompleteResult => ({ success: false, id: null, error })

async function completeOne(db: Executor, store: BlobStore, user: UploadUser, area: BlobArea, file: CompleteFile, driveFile: { parent: string; name: string } | null): Promise<CompleteResult> {
  if (typeof file.uploadId !== 'string' || !UUID.test(file.uploadId)) return fail(MESSAGES.notFound)
  return db.transaction().execute(async (trx) => {
    // The row lock makes a second, concurrent completion wait and then see the first one's result.
    const session = await trx.selectFrom('upload_sessions').selectAll().where('id', '=', file.uploadId).forUpdate().executeTakeFirst()
    if (!session || session.area !== area || session.created_by !== user.id) return fail(MESSAGES.notFound)
    if (session.status === 'completed') return { ...(await completedAgain(trx, session.blob_id, file)), ...(driveFile ? { key: await driveKeyOf(trx, session.blob_id) } : {}) }
    if (session.status === 'aborted') return fail(MESSAGES.cancelled)
    if (file.size !== session.size_bytes || displayName(file.key) !== session.filename) return fail(MESSAGES.mismatch)
    const parts = partsOf(file.chunks, session.chunk_count)
    if (!parts) return fail(MESSAGES.badParts)

    try {
      await store.completeMultipart(session.key, session.driver_upload_id, parts)
    } catch (error) {
      // A previous attempt may have completed it and then failed to record it.
      if (!(await store.exists(session.key))) {
        console.warn('multipart completion refused', session.id, error instanceof Error ? error.message : error)
        return fail(MESSAGES.incomplete)
      }
    }

    const refuse = async (message: string) => {
      await store.delete(session.key)
      await trx.updateTable('upload_sessions').set({ status: 'aborted', completed_at: new Date() }).where('id', '=', session.id).execute()
      return fail(message)
    }
    const stat = await store.stat(session.key)
    if (!stat || stat.size !== session.size_bytes) return refuse(MESSAGES.incomplete)
    const type = detectFileType(await store.readHead(session.key, HEAD_BYTES))
    if (isImageArea(area) && !isImage(type.mime)) return refuse(MESSAGES.notImage)
    const sha256 = file.sha256 === undefined ? null : await hashOf(store, session.key)
    if (sha256 !== null && sha256 !== file.sha256) return refuse(MESSAGES.checksum)
    if (!isImageArea(area)) {
      const problem = await documentProblem(store, session.key, type, session.filename, stat.size)
      if (problem) return refuse(problem)
    }

    const facts = isImageArea(area) ? (file.photo ?? photoFactsOf(readExif(await store.readHead(session.key, EXIF_BYTES)), 'UTC')) : null
    const blobId = randomUUID()
    await trx
      .insertInto('blobs')
      .values({
        ...(facts ? factColumns(facts) : {}),
        id: blobId,
        area,
        key: session.key,
        filename: blobFilename(user, area, session.filename, type, session.created_at, await placeInItsSecond(trx, session.id)),
        content_type: type.mime,
        size_bytes: stat.size,
        created_by: user.id,
        sha256,
      })
      .execute()
    await trx.updateTable('upload_sessions').set({ status: 'completed', blob_id: blobId, completed_at: new Date() }).where('id', '=', session.id).execute()
    if (!driveFile) return { success: true, id: blobId, ...(sha256 ? { sha256 } : {}) }
    const key = await addDriveFile(trx, { ...driveFile, blobId, fileType: fileTypeLabel(type.label, driveFile.name), sizeBytes: stat.size, userId: user.id })
    return { success: true, id: blobId, key }
  })
}

/** A photo's facts as the blobs table keeps them (migration 0048). */
const factColumns = (facts: PhotoFacts) => ({ taken_at: facts.takenAt, latitude: facts.latitude, longitude: facts.longitude })

/** A completion asked for again: the same blob, with its bytes' hash when the browser asks to compare. */
async function completedAgain(db: Executor, blobId: string | null, file: CompleteFile): Promise<CompleteResult> {
  if (file.sha256 === undefined || !blobId) return { success: true, id: blobId }
  const blob = await db.selectFrom('blobs').select('sha256').where('id', '=', blobId).executeTakeFirst()
  return { success: true, id: blobId, ...(blob?.sha256 ? { sha256: blob.sha256 } : {}) }
}

/** The hex SHA-256 of a stored object, read back from the store: what the server really holds. */
async function hashOf(store: BlobStore, key: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of await store.getStream(key)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** The drive key of a blob's file (a completion asked for again answers with it). */
async function driveKeyOf(db: Executor, blobId: string | null): Promise<string | undefined> {
  if (!blobId) return undefined
  const row = await db.selectFrom('drive_entries').select(['parent', 'name']).where('blob_id', '=', blobId).executeTakeFirst()
  return row ? row.parent + row.name : undefined
}

/**
 * An image's index in its name: its upload's place among the user's uploads to the area started in
 * the same second (the name's timestamp), so no two of them share a name — the app sends each
 * photo in a batch of its own, and two photos chosen together would both be `…_0`. Counted from
 * the sessions, not the completions: the same whatever order they complete in, or how often.
 */
async function placeInItsSecond(db: Executor, sessionId: string): Promise<number> {
  // compared in SQL: the column keeps microseconds, a Date read back does not
  const earlier = await db
    .selectFrom('upload_sessions as o')
    .innerJoin('upload_sessions as s', (join) => join.onRef('s.created_by', '=', 'o.created_by').onRef('s.area', '=', 'o.area'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('s.id', '=', sessionId)
    // a range on the column, so the index (created_by, area, created_at) serves it
    .where(sql<boolean>`o.created_at >= date_trunc('second', s.created_at) and o.created_at < date_trunc('second', s.created_at) + interval '1 second'`)
    .where(sql<boolean>`(o.created_at, o.id) < (s.created_at, s.id)`)
    .executeTakeFirstOrThrow()
  return Number(earlier.n)
}

function blobFilename(user: UploadUser, area: BlobArea, original: string, type: FileType, at: Date, index: number): string {
  return isImageArea(area) ? imageFileName({ username: user.username, area, at, index, extension: type.extension }) : displayName(original)
}

export type StoreFileResult = { ok: true; id: string; filename: string; contentType: string; size: number; key?: string } | { ok: false; error: string }

/**
 * The no-JavaScript path: streams one posted file into the store with the protocol's checks (type
 * by its first bytes, size cap). The stream is always read to its end, so a form parser can go on
 * to the next field; a refused file leaves nothing stored.
 */
export async function storeUploadedFile(
  db: Executor,
  store: BlobStore,
  user: UploadUser,
  area: BlobArea,
  file: { filename: string; stream: AsyncIterable<Uint8Array>; index?: number },
  options?: UploadOptions,
): Promise<StoreFileResult> {
  const maxBytes = maxBytesOf(options)
  const source = file.stream[Symbol.asyncIterator]()
  const drain = async () => {
    for (let r = await source.next(); !r.done; r = await source.next());
  }

  // Read the head first: a refused type is never written anywhere.
  const headChunks: Buffer[] = []
  let headLength = 0
  let ended = false
  while (headLength < HEAD_BYTES) {
    const r = await source.next()
    if (r.done) {
      ended = true
      break
    }
    const chunk = Buffer.from(r.value.buffer, r.value.byteOffset, r.value.byteLength)
    headChunks.push(chunk)
    headLength += chunk.length
  }
  const head = Buffer.concat(headChunks)
  if (head.length === 0) return { ok: false, error: MESSAGES.empty }
  if (head.length > maxBytes) {
    await drain()
    return { ok: false, error: tooLargeMessage(maxBytes) }
  }
  const type = detectFileType(head.subarray(0, HEAD_BYTES))
  if (isImageArea(area) && !isImage(type.mime)) {
    await drain()
    return { ok: false, error: MESSAGES.notImage }
  }
  let driveFile: { parent: string; name: string } | null = null
  if (area === 'drive') {
    const prefix = parsePrefix(options?.prefix ?? '')
    const target = prefix.ok ? uploadTarget(prefix.value, file.filename) : prefix
    if (!target.ok) {
      await drain()
      return { ok: false, error: target.error }
    }
    driveFile = target.value
  }

  const key = objectKey(area, file.filename)
  let size = head.length
  let tooLarge = false
  async function* body(): AsyncGenerator<Buffer> {
    yield head
    if (ended) return
    for (let r = await source.next(); !r.done; r = await source.next()) {
      size += r.value.byteLength
      if (size > maxBytes) {
        tooLarge = true
        throw new UploadError(tooLargeMessage(maxBytes))
      }
      yield Buffer.from(r.value.buffer, r.value.byteOffset, r.value.byteLength)
    }
  }

  let stored: { size: number }
  // a photo: its travelling copy is what is stored (the device makes its own with JavaScript)
  let photo: (PhotoCopy & { type: FileType; sha256: string }) | null = null
  try {
    if (isImageArea(area)) {
      const chunks: Buffer[] = []
      for await (const chunk of body()) chunks.push(chunk)
      const copy = await travellingCopy(Buffer.concat(chunks), photoSettings())
      photo = { ...copy, type: detectFileType(copy.bytes.subarray(0, HEAD_BYTES)), sha256: createHash('sha256').update(copy.bytes).digest('hex') }
      stored = await store.put(key, copy.bytes, { contentType: photo.type.mime })
    } else stored = await store.put(key, Readable.from(body()), { contentType: type.mime })
  } catch (error) {
    await store.delete(key).catch(() => undefined)
    if (tooLarge) {
      await drain()
      return { ok: false, error: tooLargeMessage(maxBytes) }
    }
    throw error
  }

  const id = randomUUID()
  const storedType = photo?.type ?? type
  const filename = blobFilename(user, area, file.filename, storedType, new Date(), file.index ?? 0)
  let driveKey: string | undefined
  try {
    if (!isImageArea(area)) {
      const problem = await documentProblem(store, key, type, filename, stored.size)
      if (problem) {
        await store.delete(key)
        return { ok: false, error: problem }
      }
    }
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('blobs')
        .values({ id, area, key, filename, content_type: storedType.mime, size_bytes: stored.size, created_by: user.id, ...(photo ? { sha256: photo.sha256, ...factColumns(photo.facts) } : {}) })
        .execute()
      if (driveFile) {
        driveKey = await addDriveFile(trx, { ...driveFile, blobId: id, fileType: fileTypeLabel(type.label, driveFile.name), sizeBytes: stored.size, userId: user.id })
      }
    })
  } catch (error) {
    await store.delete(key).catch(() => undefined)
    // a file standing where the folder should be, a name taken too often: the user's to fix
    if (error instanceof InputError || error instanceof ConflictError) return { ok: false, error: error.message }
    throw error
  }
  return { ok: true, id, filename, contentType: storedType.mime, size: stored.size, ...(driveKey ? { key: driveKey } : {}) }
}

/**
 * The ids among `ids` that name blobs of `area` uploaded by `user` (ids sent back by a form are
 * never trusted on their own). Keeps the given order, drops duplicates.
 */
export async function ownedBlobIds(db: Executor, user: Pick<UploadUser, 'id'>, area: BlobArea, ids: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))]
  if (wanted.length === 0) return []
  const rows = await db.selectFrom('blobs').select('id').where('id', 'in', wanted).where('area', '=', area).where('created_by', '=', user.id).execute()
  const found = new Set(rows.map((r) => r.id))
  return wanted.filter((id) => found.has(id))
}
