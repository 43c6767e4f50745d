// Browser side of the upload protocol (operations.md §7): start → signed part URLs → PUT the parts,
// at most 5 at a time across all files → complete. XMLHttpRequest, so upload progress is reported.
// Plain TypeScript for old browsers: no zod, no xstate.
import { refusedForAnotherUser } from '#app/offline/sent-for.ts'
import type { PhotoFacts } from '#core/photos.ts'

/** Spec §9: 5 MiB chunks, at most 5 parallel uploads. */
export const CHUNK_BYTES = 5 * 1024 * 1024
export const MAX_PARALLEL_UPLOADS = 5
/** Spec §8 error texts (the two spaces are the spec's). */
export const IMAGE_UPLOAD_ERROR = 'Error while uploading images.  Please try again.'
export const DRIVE_UPLOAD_ERROR = 'Upload failed'

export interface ChunkedUploadOptions {
  /** the upload area, sent as `bucket`: drive, receipts, service, storage_checks, storages */
  area: string
  prefix?: string
  /** sent as the X-CSRF-Token header */
  csrfToken: string
  /** more headers for the start and the completion (a photo of the device's outbox names its user: offline/sent-for.ts) */
  headers?: Record<string, string>
  /** default '/api/upload/' */
  endpoint?: string
  /** bytes sent so far of file `index` */
  onProgress?: (index: number, loaded: number, total: number) => void
  signal?: AbortSignal
  /** attempts after the first for a part that failed on the network or with a 5xx; default 2 */
  retries?: number
  /** default 5 */
  parallel?: number
  /** each file's photo facts, by index (travel-copy.ts): sent with its completion */
  facts?: readonly (PhotoFacts | undefined)[]
}

export interface FileUploadResult {
  success: boolean
  id: string | null
  error?: string
  /** the stored bytes' hex SHA-256, when one was sent to compare */
  sha256?: string
}

export interface StartedUpload {
  key: string
  upload_id: string
  urls: string[]
}

export class UploadHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'UploadHttpError'
  }
}

/** The name a file is uploaded under: its path inside a chosen folder (webkitdirectory), else its name. */
export function uploadKey(file: File): string {
  return file.webkitRelativePath || file.name
}

export function chunkCount(size: number): number {
  return Math.ceil(size / CHUNK_BYTES)
}

/** Runs `work` over `items` with at most `limit` running at once; resolves when all have settled. */
export async function runPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!
      await work(item)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

async function callApi<T>(method: 'POST' | 'PUT', body: unknown, options: ChunkedUploadOptions): Promise<T> {
  const response = await fetch(options.endpoint ?? '/api/upload/', {
    method,
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': options.csrfToken, ...options.headers },
    body: JSON.stringify(body),
    signal: options.signal,
  })
  let payload: unknown = null
  try {
    payload = await response.json()
  } catch {
    // not JSON (a proxy's error page, a 403 text)
  }
  if (!response.ok) {
    refusedForAnotherUser(response)
    const message = payload && typeof payload === 'object' && 'error' in payload ? String((payload as { error: unknown }).error) : response.statusText
    throw new UploadHttpError(response.status, message || `HTTP ${response.status}`)
  }
  return payload as T
}

/** One PUT of one part; resolves with the ETag the store answered with. */
export function putPart(url: string, body: Blob, onProgress: (loaded: number) => void, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    const onAbort = () => xhr.abort()
    xhr.open('PUT', url)
    xhr.upload.onprogress = (event) => onProgress(event.loaded)
    xhr.onload = () => {
      signal?.removeEventListener('abort', onAbort)
      if (xhr.status >= 200 && xhr.status < 300) {
        const etag = xhr.getResponseHeader('ETag')
        if (etag) {
          onProgress(body.size)
          resolve(etag)
        } else reject(new UploadHttpError(xhr.status, 'The store did not return an ETag (check the bucket CORS ExposeHeaders).'))
      } else {
        reject(new UploadHttpError(xhr.status, xhr.responseText || `HTTP ${xhr.status}`))
      }
    }
    xhr.onerror = () => reject(new UploadHttpError(0, 'Network error'))
    xhr.ontimeout = () => reject(new UploadHttpError(0, 'Timed out'))
    xhr.onabort = () => reject(new UploadHttpError(0, 'Cancelled'))
    signal?.addEventListener('abort', onAbort)
    xhr.send(body)
  })
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type UploadApiOptions = Pick<ChunkedUploadOptions, 'area' | 'prefix' | 'csrfToken' | 'headers' | 'endpoint' | 'signal'>

const envelopeOf = (options: UploadApiOptions) => ({ bucket: options.area, prefix: options.prefix ?? '' })

/** The protocol's start: one upload (its id and signed part URLs) per file, in order. */
export async function startUploads(files: readonly { key: string; size: number }[], options: UploadApiOptions): Promise<StartedUpload[]> {
  const started = await callApi<{ data: StartedUpload[] }>(
    'POST',
    { data: { files: files.map((f) => ({ key: f.key, size: f.size, chunk_count: chunkCount(f.size) })) }, ...envelopeOf(options) },
    options,
  )
  const uploads = started?.data
  if (!Array.isArray(uploads) || uploads.length !== files.length) throw new UploadHttpError(0, 'Unexpected answer from the server')
  return uploads
}

export interface UploadToComplete {
  key: string
  size: number
  uploadId: string
  /** each part's ETag, in part order */
  etags: readonly string[]
  /** the file's hex SHA-256: the server compares the stored bytes and answers with its own */
  sha256?: string
  /** a photo's time and place, read from its original (the copy sent has no EXIF) */
  photo?: PhotoFacts
}

/** The protocol's completion: one result per file, in order. */
export async function completeUploads(files: readonly UploadToComplete[], options: UploadApiOptions): Promise<FileUploadResult[]> {
  const completed = await callApi<{ data: { results: FileUploadResult[] } }>(
    'PUT',
    {
      data: {
        files: files.map((f) => ({
          key: f.key,
          size: f.size,
          uploadId: f.uploadId,
          chunks: f.etags.map((etag, p) => ({ part: p + 1, chunkRecord: etag })),
          ...(f.sha256 ? { sha256: f.sha256 } : {}),
          ...(f.photo ? { photo: f.photo } : {}),
        })),
      },
      ...envelopeOf(options),
    },
    options,
  )
  const answers = completed?.data?.results ?? []
  return files.map((_, k) => {
    const answer = answers[k]
    if (!answer) return { success: false, id: null, error: 'No answer from the server' }
    return { success: !!answer.success, id: answer.id ?? null, ...(answer.error ? { error: answer.error } : {}), ...(answer.sha256 ? { sha256: answer.sha256 } : {}) }
  })
}

/** Part `part` (from 1) of a file: its 5 MiB slice. */
export const partOf = (file: Blob, part: number): Blob => file.slice((part - 1) * CHUNK_BYTES, Math.min(part * CHUNK_BYTES, file.size))

/**
 * Uploads `files` through the protocol. One result per file, in order. Throws (UploadHttpError)
 * only when the start call itself fails; a file whose parts fail gets `success: false`.
 */
export async function uploadFiles(files: readonly File[], options: ChunkedUploadOptions): Promise<FileUploadResult[]> {
  if (files.length === 0) return []
  const uploads = await startUploads(
    files.map((f) => ({ key: uploadKey(f), size: f.size })),
    options,
  )

  const etags: string[][] = files.map(() => [])
  const failed: (string | null)[] = files.map(() => null)
  const loaded: number[][] = files.map((f) => new Array<number>(chunkCount(f.size)).fill(0))
  const report = (index: number) => {
    const sum = loaded[index]!.reduce((a, b) => a + b, 0)
    options.onProgress?.(index, sum, files[index]!.size)
  }

  const tasks: { index: number; part: number }[] = []
  uploads.forEach((upload, index) => upload.urls.forEach((_, i) => tasks.push({ index, part: i + 1 })))
  const retries = options.retries ?? 2

  await runPool(tasks, options.parallel ?? MAX_PARALLEL_UPLOADS, async ({ index, part }) => {
    if (failed[index] !== null || options.signal?.aborted) return
    const file = files[index]!
    const url = uploads[index]!.urls[part - 1]!
    const body = partOf(file, part)
    for (let attempt = 0; ; attempt++) {
      try {
        etags[index]![part - 1] = await putPart(
          url,
          body,
          (bytes) => {
            loaded[index]![part - 1] = bytes
            report(index)
          },
          options.signal,
        )
        return
      } catch (error) {
        const status = error instanceof UploadHttpError ? error.status : 0
        const retryable = (status === 0 || status >= 500) && !options.signal?.aborted
        if (!retryable || attempt >= retries) {
          failed[index] = error instanceof Error ? error.message : 'Upload failed'
          return
        }
        loaded[index]![part - 1] = 0
        report(index)
        await wait(1000 * 2 ** attempt)
      }
    }
  })

  const results: FileUploadResult[] = files.map((_, i) => ({ success: false, id: null, error: failed[i] ?? undefined }))
  const ready = files.map((_, i) => i).filter((i) => failed[i] === null && !options.signal?.aborted)
  if (ready.length === 0) return results
  const answers = await completeUploads(
    ready.map((i) => ({ key: uploadKey(files[i]!), size: files[i]!.size, uploadId: uploads[i]!.upload_id, etags: etags[i]!, photo: options.facts?.[i] })),
    options,
  )
  ready.forEach((fileIndex, k) => {
    results[fileIndex] = answers[k]!
  })
  return results
}
