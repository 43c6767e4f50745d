// Stored files over HTTP. As fetch-API handlers mounted as Remix resource routes:
//   serveStoredFile       for a route that has checked the user itself (app/routes/images.$id.ts)
//   GET /blobs/d/<token>  streams a stored file (one byte range supported; app/routes/blobs.d.$token.ts)
// and, as a plain Node handler mounted on the Express app before Remix (server/blob-parts.ts), so
// the bytes go from the socket to the disk with nothing in between:
//   PUT /blobs/p/<token>  stores one multipart part (at most CHUNK_BYTES) and answers with its
//                         ETag header, as S3 does
// A token that is expired or does not carry a valid signature gets 403. With the S3 driver these
// URLs are never handed out and the handlers answer 404.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { CHUNK_BYTES, InvalidKeyError, contentDisposition, isInlineSafe, type BlobStore } from './blob-store.ts'
import { verifyDownloadToken, verifyPartToken, type FsDriver } from './fs-driver.server.ts'
import { getBlobStore } from './index.server.ts'

/** A part fills at most its slot of the upload's data file (storage/fs-driver.server.ts). */
export const MAX_PART_BYTES = CHUNK_BYTES

function text(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers } })
}

/** The store, when it is the filesystem driver (checked by its tag, not its class). */
function fsDriver(store: BlobStore): FsDriver | null {
  return store.driver === 'fs' ? (store as FsDriver) : null
}

/** 'bytes=a-b', 'bytes=a-' or 'bytes=-n' against a size; null when absent or not one simple range. */
export function parseRange(header: string | null, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!match || (match[1] === '' && match[2] === '')) return null
  let start: number
  let end: number
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]))
    end = size - 1
  } else {
    start = Number(match[1])
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  }
  if (start >= size || start > end) return 'unsatisfiable'
  return { start, end }
}

export async function serveDownload(request: Request, token: string, store: BlobStore = getBlobStore()): Promise<Response> {
  const check = verifyDownloadToken(token)
  if (!check.ok) return text(403, check.reason === 'expired' ? 'This link has expired.' : 'This link is not valid.')
  const driver = fsDriver(store)
  if (!driver) return text(404, 'Not found.')
  const { key, filename, contentType, disposition, expiresAt } = check.token
  const inline = disposition === 'inline' && isInlineSafe(contentType)
  return streamObject(request, driver, key, {
    'Content-Type': contentType,
    'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', filename),
    'Cache-Control': `private, max-age=${Math.max(0, expiresAt - Math.floor(Date.now() / 1000))}`,
  })
}

/** How long a signed URL handed out for a stored file lives (the image route's S3 redirect, drive downloads). */
export const SIGNED_URL_SECONDS = 5 * 60

export interface StoredFile {
  id: string
  key: string
  filename: string
  content_type: string
}

/**
 * Answers with a stored file, for a route that has checked the session and the record's
 * permission itself. The filesystem driver streams it, cacheable only privately and revalidated
 * every time (so the check runs on every request; an unchanged file costs a 304). S3 answers with
 * a redirect to a URL that lives a few minutes.
 */
export async function serveStoredFile(request: Request, store: BlobStore, file: StoredFile): Promise<Response> {
  const inline = isInlineSafe(file.content_type)
  const driver = fsDriver(store)
  if (!driver) {
    const url = await store.signedDownloadUrl(file.key, { expiresInSeconds: SIGNED_URL_SECONDS, filename: file.filename, contentType: file.content_type, disposition: 'inline' })
    return new Response(null, { status: 302, headers: { Location: url, 'Cache-Control': 'private, no-store' } })
  }
  // A blob's bytes never change under its id.
  const etag = `"${file.id}"`
  const headers = {
    'Content-Type': file.content_type,
    'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', file.filename),
    'Cache-Control': 'private, no-cache',
    ETag: etag,
    Vary: 'Cookie',
  }
  if (
    request.headers
      .get('if-none-match')
      ?.split(',')
      .some((tag) => tag.trim() === etag)
  ) {
    return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': headers['Cache-Control'], Vary: 'Cookie' } })
  }
  return streamObject(request, driver, file.key, headers)
}

/** Streams an object of the filesystem driver (one byte range supported) with the given headers. */
async function streamObject(request: Request, driver: FsDriver, key: string, given: Record<string, string>): Promise<Response> {
  try {
    const stat = await driver.stat(key)
    if (!stat) return text(404, 'This file no longer exists.')
    const headers: Record<string, string> = { ...given, 'Accept-Ranges': 'bytes', 'X-Content-Type-Options': 'nosniff' }
    const range = parseRange(request.headers.get('range'), stat.size)
    if (range === 'unsatisfiable') return text(416, 'Range not satisfiable.', { 'Content-Range': `bytes */${stat.size}` })
    const status = range ? 206 : 200
    if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${stat.size}`
    headers['Content-Length'] = String(range ? range.end - range.start + 1 : stat.size)
    if (request.method === 'HEAD') return new Response(null, { status, headers })
    const stream = await driver.getStream(key, range ?? undefined)
    return new Response(Readable.toWeb(stream) as ReadableStream, { status, headers })
  } catch (error) {
    if (error instanceof InvalidKeyError) return text(400, 'This link is not valid.')
    console.error(error)
    return text(500, 'The file could not be read.')
  }
}

/**
 * Receives one part. Errors are told apart by name, not class: this runs in the HTTP server's
 * module graph while the store may have been built by the Remix build's.
 */
export async function receivePart(req: IncomingMessage, res: ServerResponse, token: string, store: BlobStore = getBlobStore()): Promise<void> {
  const answer = (status: number, message: string, headers: Record<string, string> = {}) => {
    if (res.headersSent) return
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers })
    res.end(message)
  }
  // refused before the body is read: close the connection rather than drain an unwanted body
  const refuse = (status: number, message: string) => answer(status, message, { Connection: 'close' })
  if (req.method !== 'PUT') return answer(405, 'Method not allowed.', { Allow: 'PUT', Connection: 'close' })
  const check = verifyPartToken(token)
  if (!check.ok) return refuse(403, check.reason === 'expired' ? 'This upload link has expired.' : 'This upload link is not valid.')
  const driver = fsDriver(store)
  if (!driver) return refuse(404, 'Not found.')
  const declared = Number(req.headers['content-length'] ?? NaN)
  if (Number.isFinite(declared) && declared > MAX_PART_BYTES) return refuse(413, 'This part is too large.')
  const { key, uploadId, partNumber } = check.token
  try {
    const etag = await driver.writePart(key, uploadId, partNumber, req)
    answer(200, '', { ETag: etag, 'Access-Control-Expose-Headers': 'ETag' })
  } catch (error) {
    const name = error instanceof Error ? error.name : ''
    const code = (error as { code?: unknown } | null)?.code
    if (name === 'MultipartError' && code === 'EntityTooLarge') return refuse(413, 'This part is too large.')
    if (name === 'MultipartError') return refuse(404, 'This upload is no longer open.')
    if (name === 'InvalidKeyError') return refuse(400, 'This upload link is not valid.')
    if (req.destroyed || !req.complete) return refuse(400, 'The upload was interrupted.')
    console.error(error)
    refuse(500, 'The part could not be stored.')
  }
}
