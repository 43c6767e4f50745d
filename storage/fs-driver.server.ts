// The embedded default store: files under STORAGE_DIR. Signed, expiring URLs point at the app
// itself (as Rails' Active Storage disk service does) and are served by storage/blob-http.server.ts (Remix resource routes /blobs/d/… and /blobs/p/…):
//   GET /blobs/d/<token>  downloads;  PUT /blobs/p/<token>  receives one multipart part.
// A token is `<base64url JSON payload>.<HMAC>`; the HMAC comes from sign() (app/secrets.server.ts)
// over the purpose and payload, so a download token cannot be replayed as a part token.
// Multipart parts wait as files under <root>/.multipart/<upload id>/ until completion.
import { createHash, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { sign, verifySignature } from '#core/secrets.server.ts'
import {
  BlobNotFoundError,
  InvalidKeyError,
  assertSafeKey,
  isInlineSafe,
  type BlobStat,
  type BlobStore,
  type ByteRange,
  type CompletedPart,
  type PutOptions,
  type SignedDownloadOptions,
} from './blob-store.ts'

export interface FsDriverOptions {
  /** Folder holding the files (created when missing). */
  root: string
  /** Prefix of the signed URLs: '' (default) gives same-origin paths like /blobs/d/…; tests pass http://127.0.0.1:port. */
  baseUrl?: string
  /** Where the blob routes live; default '/blobs'. */
  mountPath?: string
}

export interface DownloadToken {
  purpose: 'd'
  key: string
  expiresAt: number
  filename: string
  contentType: string
  disposition: 'attachment' | 'inline'
}

export interface PartToken {
  purpose: 'p'
  key: string
  uploadId: string
  partNumber: number
  expiresAt: number
}

export type TokenCheck<T> = { ok: true; token: T } | { ok: false; reason: 'invalid' | 'expired' }

export class MultipartError extends Error {
  constructor(
    readonly code: 'NoSuchUpload' | 'InvalidPart' | 'InvalidPartOrder' | 'EntityTooLarge',
    message: string,
  ) {
    super(message)
    this.name = 'MultipartError'
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const MAX_PART_NUMBER = 10_000

function encodeToken(purpose: 'd' | 'p', payload: object): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url')
  return `${body}.${sign(`blob-${purpose}:${body}`)}`
}

function decodeToken(purpose: 'd' | 'p', token: string): Record<string, unknown> | null {
  if (typeof token !== 'string' || token.length > 4096) return null
  const dot = token.indexOf('.')
  if (dot <= 0) return null
  const body = token.slice(0, dot)
  const signature = token.slice(dot + 1)
  if (!verifySignature(`blob-${purpose}:${body}`, signature)) return null
  try {
    const value: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

const nowSeconds = () => Math.floor(Date.now() / 1000)

export function verifyDownloadToken(token: string): TokenCheck<DownloadToken> {
  const p = decodeToken('d', token)
  if (!p || typeof p.k !== 'string' || typeof p.e !== 'number' || typeof p.f !== 'string' || typeof p.t !== 'string') {
    return { ok: false, reason: 'invalid' }
  }
  if (p.e < nowSeconds()) return { ok: false, reason: 'expired' }
  return {
    ok: true,
    token: { purpose: 'd', key: p.k, expiresAt: p.e, filename: p.f, contentType: p.t, disposition: p.i === 1 ? 'inline' : 'attachment' },
  }
}

export function verifyPartToken(token: string): TokenCheck<PartToken> {
  const p = decodeToken('p', token)
  if (!p || typeof p.k !== 'string' || typeof p.u !== 'string' || typeof p.n !== 'number' || typeof p.e !== 'number') {
    return { ok: false, reason: 'invalid' }
  }
  if (p.e < nowSeconds()) return { ok: false, reason: 'expired' }
  return { ok: true, token: { purpose: 'p', key: p.k, uploadId: p.u, partNumber: p.n, expiresAt: p.e } }
}

interface UploadMeta {
  key: string
  contentType: string
  createdAt: string
}

export class FsDriver implements BlobStore {
  readonly driver = 'fs' as const
  readonly root: string
  private readonly baseUrl: string
  private readonly mountPath: string

  constructor(options: FsDriverOptions) {
    this.root = path.resolve(options.root)
    this.baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '')
    this.mountPath = `/${(options.mountPath ?? '/blobs').replace(/^\/+|\/+$/g, '')}`
  }

  /** The absolute path of a key, refusing anything that would land outside the root. */
  pathOf(key: string): string {
    assertSafeKey(key)
    const full = path.resolve(this.root, ...key.split('/'))
    if (!full.startsWith(this.root + path.sep)) throw new InvalidKeyError(key)
    return full
  }

  private uploadDir(uploadId: string): string {
    if (!UUID.test(uploadId)) throw new MultipartError('NoSuchUpload', 'Unknown upload')
    return path.join(this.root, '.multipart', uploadId)
  }

  private async tempPath(): Promise<string> {
    const dir = path.join(this.root, '.tmp')
    await fsp.mkdir(dir, { recursive: true })
    return path.join(dir, randomUUID())
  }

  /** Moves a finished temp file to its key's place. */
  private async publish(temp: string, key: string): Promise<void> {
    const target = this.pathOf(key)
    await fsp.mkdir(path.dirname(target), { recursive: true })
    await fsp.rename(temp, target)
  }

  async put(key: string, body: Buffer | Readable, _options: PutOptions): Promise<BlobStat> {
    this.pathOf(key)
    const temp = await this.tempPath()
    try {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body
      await pipeline(source, fs.createWriteStream(temp, { flags: 'wx' }))
      const { size } = await fsp.stat(temp)
      await this.publish(temp, key)
      return { size }
    } catch (error) {
      await fsp.rm(temp, { force: true })
      throw error
    }
  }

  /** Opens a stored file for reading; a missing one is a BlobNotFoundError. */
  private async openExisting(key: string): Promise<fsp.FileHandle> {
    try {
      return await fsp.open(this.pathOf(key), 'r')
    } catch (error) {
      if (isNotFound(error)) throw new BlobNotFoundError(key)
      throw error
    }
  }

  async getStream(key: string, range?: ByteRange): Promise<Readable> {
    const handle = await this.openExisting(key)
    if (!range) return handle.createReadStream()
    return handle.createReadStream(range.end === undefined ? { start: range.start } : { start: range.start, end: range.end })
  }

  async readHead(key: string, bytes: number): Promise<Buffer> {
    const handle = await this.openExisting(key)
    try {
      const buffer = Buffer.alloc(bytes)
      let filled = 0
      while (filled < bytes) {
        const { bytesRead } = await handle.read(buffer, filled, bytes - filled, filled)
        if (bytesRead === 0) break
        filled += bytesRead
      }
      return buffer.subarray(0, filled)
    } finally {
      await handle.close()
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true })
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null
  }

  async stat(key: string): Promise<BlobStat | null> {
    try {
      const s = await fsp.stat(this.pathOf(key))
      return s.isFile() ? { size: s.size } : null
    } catch (error) {
      if (isNotFound(error)) return null
      throw error
    }
  }

  async signedDownloadUrl(key: string, options: SignedDownloadOptions): Promise<string> {
    assertSafeKey(key)
    const inline = options.disposition === 'inline' && isInlineSafe(options.contentType)
    const token = encodeToken('d', {
      k: key,
      e: nowSeconds() + options.expiresInSeconds,
      f: options.filename,
      t: options.contentType,
      ...(inline ? { i: 1 } : {}),
    })
    return `${this.baseUrl}${this.mountPath}/d/${token}`
  }

  async createMultipart(key: string, contentType: string): Promise<string> {
    assertSafeKey(key)
    const uploadId = randomUUID()
    const dir = this.uploadDir(uploadId)
    await fsp.mkdir(dir, { recursive: true })
    const meta: UploadMeta = { key, contentType, createdAt: new Date().toISOString() }
    await fsp.writeFile(path.join(dir, 'meta.json'), JSON.stringify(meta), { flag: 'wx' })
    return uploadId
  }

  async signedPartUrl(key: string, uploadId: string, partNumber: number, expiresInSeconds: number): Promise<string> {
    assertSafeKey(key)
    this.uploadDir(uploadId)
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER) throw new RangeError('Part numbers run from 1 to 10000')
    const token = encodeToken('p', { k: key, u: uploadId, n: partNumber, e: nowSeconds() + expiresInSeconds })
    return `${this.baseUrl}${this.mountPath}/p/${token}`
  }

  private async readMeta(key: string, uploadId: string): Promise<UploadMeta> {
    const dir = this.uploadDir(uploadId)
    let meta: UploadMeta
    try {
      meta = JSON.parse(await fsp.readFile(path.join(dir, 'meta.json'), 'utf8')) as UploadMeta
    } catch (error) {
      if (isNotFound(error)) throw new MultipartError('NoSuchUpload', 'Unknown upload')
      throw error
    }
    if (meta.key !== key) throw new MultipartError('NoSuchUpload', 'Unknown upload')
    return meta
  }

  /**
   * Stores one part (what a PUT to a part URL does). Refuses more than `maxBytes`.
   * Returns the part's ETag: the quoted MD5 of its bytes, as S3 does.
   */
  async writePart(key: string, uploadId: string, partNumber: number, body: Readable, maxBytes: number): Promise<string> {
    await this.readMeta(key, uploadId)
    const dir = this.uploadDir(uploadId)
    const temp = path.join(dir, `${partNumber}.${randomUUID()}.tmp`)
    const md5 = createHash('md5')
    let size = 0
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length
        if (size > maxBytes) return callback(new MultipartError('EntityTooLarge', 'Part too large'))
        md5.update(chunk)
        callback(null, chunk)
      },
    })
    try {
      await pipeline(body, counter, fs.createWriteStream(temp, { flags: 'wx' }))
      const etag = `"${md5.digest('hex')}"`
      await fsp.writeFile(path.join(dir, `${partNumber}.etag`), etag)
      await fsp.rename(temp, path.join(dir, `${partNumber}.part`))
      return etag
    } catch (error) {
      await fsp.rm(temp, { force: true })
      // the upload may have been completed or aborted meanwhile
      if (isNotFound(error)) throw new MultipartError('NoSuchUpload', 'Unknown upload')
      throw error
    }
  }

  async completeMultipart(key: string, uploadId: string, parts: CompletedPart[]): Promise<void> {
    await this.readMeta(key, uploadId)
    const dir = this.uploadDir(uploadId)
    if (parts.length === 0) throw new MultipartError('InvalidPart', 'No parts given')
    for (let i = 1; i < parts.length; i++) {
      if (parts[i]!.partNumber <= parts[i - 1]!.partNumber) throw new MultipartError('InvalidPartOrder', 'Parts must be in ascending order')
    }
    for (const part of parts) {
      let stored: string
      try {
        stored = await fsp.readFile(path.join(dir, `${part.partNumber}.etag`), 'utf8')
      } catch (error) {
        if (isNotFound(error)) throw new MultipartError('InvalidPart', `Part ${part.partNumber} was not uploaded`)
        throw error
      }
      if (unquote(stored) !== unquote(part.etag)) throw new MultipartError('InvalidPart', `Part ${part.partNumber} does not match its ETag`)
    }
    const temp = await this.tempPath()
    try {
      const out = fs.createWriteStream(temp, { flags: 'wx' })
      await pipeline(async function* () {
        for (const part of parts) yield* fs.createReadStream(path.join(dir, `${part.partNumber}.part`))
      }, out)
      await this.publish(temp, key)
    } catch (error) {
      await fsp.rm(temp, { force: true })
      throw error
    }
    await fsp.rm(dir, { recursive: true, force: true })
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    try {
      await this.readMeta(key, uploadId)
    } catch (error) {
      if (error instanceof MultipartError) return
      throw error
    }
    await fsp.rm(this.uploadDir(uploadId), { recursive: true, force: true })
  }

  async abortStaleUploads(startedBefore: Date): Promise<number> {
    let aborted = 0
    for (const uploadId of await listDir(path.join(this.root, '.multipart'))) {
      const dir = path.join(this.root, '.multipart', uploadId)
      // the start time from meta.json; the folder's own time when that is missing or unreadable
      const started = await fsp
        .readFile(path.join(dir, 'meta.json'), 'utf8')
        .then((text) => new Date((JSON.parse(text) as UploadMeta).createdAt))
        .catch(async () => (await fsp.stat(dir).catch(() => null))?.mtime)
      if (!started || !(started.getTime() < startedBefore.getTime())) continue
      await fsp.rm(dir, { recursive: true, force: true })
      aborted += 1
    }
    // temp files of puts and completions that a crash left behind
    for (const name of await listDir(path.join(this.root, '.tmp'))) {
      const file = path.join(this.root, '.tmp', name)
      const stat = await fsp.stat(file).catch(() => null)
      if (stat && stat.mtime < startedBefore) await fsp.rm(file, { force: true })
    }
    return aborted
  }
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return await fsp.readdir(dir)
  } catch (error) {
    if (isNotFound(error)) return []
    throw error
  }
}

function unquote(etag: string): string {
  return etag.trim().replace(/^W\//, '').replace(/^"|"$/g, '')
}

function isNotFound(error: unknown): boolean {
  return !!error && typeof error === 'object' && 'code' in error && (error as { code: unknown }).code === 'ENOENT'
}
