// Photos kept on the device (issue 22, decision 0059; browser only). A photo chosen in a field form
// is written to IndexedDB at once, with its SHA-256, before its upload starts: a lost connection,
// a reload or a closed tab loses nothing. Its upload (the chunked protocol) keeps each confirmed
// part's ETag on the device, so it resumes where it stopped; it is done when the server has
// compared the stored bytes with the device's hash. The copy stays until the form that names it
// was taken by the server (form-outbox.ts, queue-offline.ts), or the user removes it.
import { completeUploads, partOf, putPart, runPool, MAX_PARALLEL_UPLOADS, startUploads, UploadHttpError, chunkCount } from '../components/upload/chunked-upload.ts'
import type { PhotoFacts } from '#core/photos.ts'
import { askToPersist } from './device-storage.ts'
import { inStore } from './offline-db.ts'
import { sentFor } from './sent-for.ts'

export interface DevicePhoto {
  /** `${userId}:${localId}` */
  key: string
  userId: number
  localId: string
  /** the upload area: receipts, service, storage_checks */
  area: string
  name: string
  size: number
  /** hex SHA-256 of the bytes */
  sha256: string
  /** the bytes sent: the photo's travelling copy (travel-copy.ts) */
  file: Blob
  /** when and where the original was taken, sent with the upload's completion */
  facts?: PhotoFacts
  /** ISO */
  keptAt: string
  /** an upload under way: its parts' ETags, null until confirmed */
  upload?: { uploadId: string; urls: string[]; etags: (string | null)[]; startedAt: string }
  /** the server holds these bytes (hash compared) as this blob, since `uploadedAt` (ISO) */
  blobId?: string
  uploadedAt?: string
}

/** The field that names a form's device photos: `images_local` beside `images_ids`. */
export const LOCAL_SUFFIX = '_local'
export const IDS_SUFFIX = '_ids'

/** Part URLs live an hour on the server (storage/uploads.server.ts): an older upload starts again. */
const UPLOAD_REUSABLE_MS = 50 * 60_000
/** The server drops a blob no record took after 24 hours: an older one is uploaded again. */
const BLOB_REUSABLE_MS = 12 * 60 * 60_000

/** Whether photos can be kept here: IndexedDB and the hash (a secure context). */
export const canKeepPhotos = (): boolean => typeof indexedDB !== 'undefined' && typeof crypto !== 'undefined' && !!crypto.subtle

async function sha256Of(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer())
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

const save = (photo: DevicePhoto) => inStore('photos', 'readwrite', (store) => store.put(photo))

/** Writes a chosen file (its travelling copy) to the device for `userId`; resolves once it is durable. Rejects when the device has no room (QuotaExceededError). */
export async function keepPhoto(userId: number, area: string, file: File, facts?: PhotoFacts): Promise<DevicePhoto> {
  askToPersist()
  const localId = crypto.randomUUID()
  // a copy of the bytes: a File from a camera may be a handle the browser drops with the page
  const bytes = new Blob([await file.arrayBuffer()], { type: file.type })
  const photo: DevicePhoto = {
    key: `${userId}:${localId}`,
    userId,
    localId,
    area,
    name: file.name || 'photo',
    size: file.size,
    sha256: await sha256Of(bytes),
    file: bytes,
    ...(facts ? { facts } : {}),
    keptAt: new Date().toISOString(),
  }
  await save(photo)
  return photo
}

export function devicePhoto(userId: number, localId: string): Promise<DevicePhoto | undefined> {
  return inStore('photos', 'readonly', (store) => store.get(`${userId}:${localId}`) as IDBRequest<DevicePhoto | undefined>)
}

export function userPhotos(userId: number): Promise<DevicePhoto[]> {
  return inStore('photos', 'readonly', (store) => store.index('userId').getAll(userId) as IDBRequest<DevicePhoto[]>)
}

export async function forgetPhotos(userId: number, localIds: readonly string[]): Promise<void> {
  for (const localId of localIds) await inStore('photos', 'readwrite', (store) => store.delete(`${userId}:${localId}`))
}

/** The server refused the photo itself (not an image, too large): sending it again will not help. */
export class PhotoRefused extends Error {}

const uploaded = (photo: DevicePhoto): photo is DevicePhoto & { blobId: string } => !!photo.blobId && !!photo.uploadedAt && Date.now() - Date.parse(photo.uploadedAt) < BLOB_REUSABLE_MS

/** Whether the photo still needs its upload before a form naming it can be posted. */
export const needsUpload = (photo: DevicePhoto): boolean => !uploaded(photo)

/** The server's answers that mean: this upload is lost or its bytes arrived changed, start it again. */
const START_AGAIN = [
  'Upload not found.',
  'This upload was cancelled. Please upload the file again.',
  'The uploaded parts do not match the file.',
  'The upload could not be completed. Please try again.',
  'The uploaded file does not match the file on the device. It will be uploaded again.',
  'No answer from the server',
]

/** A 4xx that will not pass later either; a session gone (401) and a full quota (429) will. */
const refusal = (error: unknown): boolean => error instanceof UploadHttpError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 429

/**
 * Uploads a kept photo, resuming its parts; resolves with its blob id once the server's hash equals
 * the device's. Rejects with UploadHttpError when the server cannot be reached (try again later)
 * and with PhotoRefused when the server will not take it.
 */
export async function uploadPhoto(photo: DevicePhoto, csrfToken: string, onProgress?: (loaded: number, total: number) => void): Promise<string> {
  if (uploaded(photo)) return photo.blobId
  for (let attempt = 0; ; attempt++) {
    const outcome = await tryUpload(photo, csrfToken, onProgress)
    if (typeof outcome === 'string') return outcome
    // the server lost the upload, or the bytes arrived changed: once more from the start
    photo.upload = undefined
    await save(photo)
    if (attempt >= 1) throw new PhotoRefused(outcome.error)
  }
}

async function tryUpload(photo: DevicePhoto, csrfToken: string, onProgress?: (loaded: number, total: number) => void): Promise<string | { error: string }> {
  const api = { area: photo.area, csrfToken, headers: sentFor(photo.userId) }
  if (!photo.upload || Date.now() - Date.parse(photo.upload.startedAt) > UPLOAD_REUSABLE_MS) {
    let started
    try {
      ;[started] = await startUploads([{ key: photo.name, size: photo.size }], api)
    } catch (error) {
      throw refusal(error) ? new PhotoRefused((error as Error).message) : error
    }
    photo.upload = { uploadId: started!.upload_id, urls: started!.urls, etags: started!.urls.map(() => null), startedAt: new Date().toISOString() }
    await save(photo)
  }
  const upload = photo.upload
  const sent = upload.etags.map((etag, i) => (etag ? partOf(photo.file, i + 1).size : 0))
  const report = () =>
    onProgress?.(
      sent.reduce((a, b) => a + b, 0),
      photo.size,
    )
  report()
  const missing = upload.etags.flatMap((etag, i) => (etag ? [] : [i + 1]))
  let expired = false
  let lost: unknown = null
  await runPool(missing, MAX_PARALLEL_UPLOADS, async (part) => {
    if (lost !== null || expired) return
    try {
      upload.etags[part - 1] = await putPart(upload.urls[part - 1]!, partOf(photo.file, part), (bytes) => {
        sent[part - 1] = bytes
        report()
      })
      await save(photo) // this part is confirmed: a closed tab resumes after it
    } catch (error) {
      // a refused part URL (expired, or its upload gone): start the upload again
      if (error instanceof UploadHttpError && error.status >= 400 && error.status < 500) expired = true
      else lost = error
    }
  })
  if (lost !== null) throw lost
  if (expired || upload.etags.length !== chunkCount(photo.size)) return { error: 'The upload could not be completed. Please try again.' }
  const [result] = await completeUploads([{ key: photo.name, size: photo.size, uploadId: upload.uploadId, etags: upload.etags as string[], sha256: photo.sha256, photo: photo.facts }], api)
  if (result?.success && result.id && result.sha256 === photo.sha256) {
    photo.blobId = result.id
    photo.uploadedAt = new Date().toISOString()
    photo.upload = undefined
    await save(photo)
    return result.id
  }
  const error = result?.error ?? 'No answer from the server'
  if (!START_AGAIN.includes(error)) throw new PhotoRefused(error)
  return { error }
}

/** A photo no waiting form and no draft names, kept this long, was left behind (a form abandoned): it goes. */
const ORPHAN_AFTER_MS = 7 * 24 * 60 * 60_000

/** Removes `userId`'s photos that nothing on the device names (`named`: their local ids) and that are older than a week. */
export async function forgetOrphanPhotos(userId: number, named: ReadonlySet<string>, now = Date.now()): Promise<number> {
  const orphans = (await userPhotos(userId)).filter((photo) => !named.has(photo.localId) && now - Date.parse(photo.keptAt) > ORPHAN_AFTER_MS)
  await forgetPhotos(
    userId,
    orphans.map((photo) => photo.localId),
  )
  return orphans.length
}
