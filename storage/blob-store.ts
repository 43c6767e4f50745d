// The one interface every file store implements (filesystem and S3). Keys are made by the server
// (storage/keys.ts); drivers still refuse any key that could leave their root or bucket prefix.
import type { Readable } from 'node:stream'

/** Upload chunk size (spec §9): every multipart part but the last is exactly this big. */
export const CHUNK_BYTES = 5 * 1024 * 1024
/** At most this many part uploads run at the same time (spec §9). */
export const MAX_PARALLEL_UPLOADS = 5
/** How many leading bytes are read to decide a file's type. */
export const HEAD_BYTES = 64 * 1024

/** Inclusive byte range, as in an HTTP Range header; `end` defaults to the last byte. */
export interface ByteRange {
  start: number
  end?: number
}

export interface PutOptions {
  contentType: string
}

export interface SignedDownloadOptions {
  expiresInSeconds: number
  /** The name the browser saves the file as. */
  filename: string
  contentType: string
  /** 'attachment' (default) downloads; 'inline' lets the browser show it (images, PDF). */
  disposition?: 'attachment' | 'inline'
}

export interface CompletedPart {
  partNumber: number
  etag: string
}

export interface BlobStat {
  size: number
}

export interface BlobStore {
  readonly driver: 'fs' | 's3'
  /** Stores a whole object (replacing any object with the same key). */
  put(key: string, body: Buffer | Readable, options: PutOptions): Promise<BlobStat>
  /** Reads an object (or a byte range of it). Rejects with BlobNotFoundError when it does not exist. */
  getStream(key: string, range?: ByteRange): Promise<Readable>
  /** Up to `bytes` leading bytes (fewer when the object is smaller), for type checks. */
  readHead(key: string, bytes: number): Promise<Buffer>
  /** Deletes an object; deleting a missing object is not an error. */
  delete(key: string): Promise<void>
  exists(key: string): Promise<boolean>
  /** Size of a stored object, or null when it does not exist. */
  stat(key: string): Promise<BlobStat | null>
  /** A URL that downloads the object until it expires; no session needed. */
  signedDownloadUrl(key: string, options: SignedDownloadOptions): Promise<string>

  /** Starts a multipart upload; returns the driver's upload id. */
  createMultipart(key: string, contentType: string): Promise<string>
  /** A URL that accepts one part by HTTP PUT and answers with an ETag header. */
  signedPartUrl(key: string, uploadId: string, partNumber: number, expiresInSeconds: number): Promise<string>
  /** Joins the parts (in part-number order) into the object at `key`. */
  completeMultipart(key: string, uploadId: string, parts: CompletedPart[]): Promise<void>
  /** Discards the parts of an unfinished upload; a finished or unknown upload is not an error. */
  abortMultipart(key: string, uploadId: string): Promise<void>
  /**
   * Aborts every unfinished multipart upload started before `startedBefore`, including those the
   * database does not know (a crash between starting one and recording it). Returns how many.
   */
  abortStaleUploads(startedBefore: Date): Promise<number>
  /** Resolves when the store answers (its folder is there and writable, or its bucket is reachable); rejects with why not. */
  ping(): Promise<void>
}

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored file at ${key}`)
    this.name = 'BlobNotFoundError'
  }
}

export class InvalidKeyError extends Error {
  constructor(readonly key: string) {
    super(`Refused storage key ${JSON.stringify(key.slice(0, 200))}`)
    this.name = 'InvalidKeyError'
  }
}

/**
 * Keys are relative, '/'-separated paths of plain segments: no absolute paths, no backslashes,
 * no empty, '.' or '..' segments, no segment starting with '.' (drivers keep their own work files
 * under dot-folders), no control characters, at most 1024 bytes.
 */
export function assertSafeKey(key: string): void {
  const ok =
    typeof key === 'string' &&
    key.length > 0 &&
    Buffer.byteLength(key) <= 1024 &&
    !key.startsWith('/') &&
    !key.includes('\\') &&
    !/[\u0000-\u001f\u007f]/.test(key) &&
    key.split('/').every((segment) => segment.length > 0 && !segment.startsWith('.'))
  if (!ok) throw new InvalidKeyError(String(key))
}

/** `Content-Disposition` value with an ASCII fallback and the RFC 5987 UTF-8 name. */
export function contentDisposition(disposition: 'attachment' | 'inline', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'download'
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`
}

/** Types a browser may show inline from the app's origin; anything else is forced to download. */
export function isInlineSafe(contentType: string): boolean {
  return /^(image\/(png|jpeg|gif|webp|avif|heic|heif)|application\/pdf)$/.test(contentType)
}
