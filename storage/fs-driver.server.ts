// The embedded default store: files under STORAGE_DIR. Signed, expiring URLs point at the app
// itself (as Rails' Active Storage disk service does) and are served by storage/blob-http.server.ts:
//   GET /blobs/d/<token>  downloads (a Remix resource route);
//   PUT /blobs/p/<token>  receives one multipart part (mounted on the Express app, server/blob-parts.ts).
// A token is `<base64url JSON payload>.<HMAC>`; the HMAC comes from sign() (app/secrets.server.ts)
// over the purpose and payload, so a download token cannot be replayed as a part token.
// An open upload is a folder <root>/.multipart/<upload id>/ holding meta.json, one `data` file and
// a record `<n>.json` ({etag, size}) per stored part. Every part but the last is exactly
// CHUNK_BYTES, so part n is written in place at offset (n - 1) × CHUNK_BYTES and completion only
// checks the records, trims, syncs and renames `data` into place: no copy of the bytes.
// A part being written holds a marker `<n>.<uuid>.writing`; completion first renames meta.json
// (no new part may start) and then refuses while a marker remains, so no late write can land in
// the published file. (Each side writes its own flag before it reads the other's.)
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { once } from 'node:events'
import { crc32 } from './crc32.ts'
import { sign, verifySignature } from '#core/secrets.server.ts'
import {
  BlobNotFoundError,
  CHUNK_BYTES,
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
/** A part's bytes go to disk in writes of about this size (one write per socket read costs 2× more). */
const WRITE_BATCH_BYTES = 1024 * 1024
/** …and of at most this many buffers (below the system's IOV_MAX). */
const WRITE_BATCH_BUFFERS = 512

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

/** What a stored part left: its ETag and its size. Written only once all its bytes are on disk. */
interface PartRecord {
  etag: string
  size: number
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
    const out = fs.createWriteStream(temp, { flags: 'wx' })
    try {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body
      await pipeline(source, out)
      const { size } = await fsp.stat(temp)
      await this.publish(temp, key)
      return { size }
    } catch (error) {
      // a source that fails at once can fail before the file is opened: it is made after, so the
      // stream must have closed before the file can be removed
      if (!out.closed) await once(out, 'close').catch(() => undefined)
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
    await fsp.writeFile(path.join(dir, 'data'), '', { flag: 'wx' })
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
   * Stores one part (what a PUT to a part URL does) at its place in the upload's data file.
   * Refuses more than CHUNK_BYTES (the part would overlap the next). Returns the part's ETag,
   * `"<size><CRC-32>"` in hex: it names the bytes well enough for completion to refuse a list that
   * does not match what was stored, at a seventh of MD5's cost (S3's MD5 ETag is opaque to clients).
   */
  async writePart(key: string, uploadId: string, partNumber: number, body: Readable): Promise<string> {
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER) throw new MultipartError('InvalidPart', 'Part numbers run from 1 to 10000')
    const dir = this.uploadDir(uploadId)
    const record = path.join(dir, `${partNumber}.json`)
    const marker = path.join(dir, `${partNumber}.${randomUUID()}.writing`)
    try {
      await fsp.writeFile(marker, '', { flag: 'wx' })
      // after the marker: a completion under way has either closed meta.json or will see the marker
      await this.readMeta(key, uploadId)
      // a re-sent part overwrites the old bytes: its old record must not vouch for them meanwhile
      await fsp.rm(record, { force: true })
      const handle = await fsp.open(path.join(dir, 'data'), 'r+')
      let crc = 0
      let size = 0
      try {
        let position = (partNumber - 1) * CHUNK_BYTES
        let pending: Buffer[] = []
        let pendingBytes = 0
        const flush = async () => {
          await writeAll(handle, pending, position)
          position += pendingBytes
          pending = []
          pendingBytes = 0
        }
        for await (const chunk of body as AsyncIterable<Buffer>) {
          size += chunk.length
          if (size > CHUNK_BYTES) throw new MultipartError('EntityTooLarge', 'Part too large')
          crc = crc32(chunk, crc)
          pending.push(chunk)
          pendingBytes += chunk.length
          if (pendingBytes >= WRITE_BATCH_BYTES || pending.length >= WRITE_BATCH_BUFFERS) await flush()
        }
        await flush()
        // durable before it is acknowledged, as S3's 200 is; it also leaves completion little to flush
        await handle.datasync()
      } finally {
        await handle.close()
      }
      const part: PartRecord = { etag: `"${hex(size)}${hex(crc)}"`, size }
      const temp = `${record}.${randomUUID()}.tmp`
      await fsp.writeFile(temp, JSON.stringify(part), { flag: 'wx' })
      await fsp.rename(temp, record)
      return part.etag
    } catch (error) {
      // the upload may have been completed or aborted meanwhile
      if (isNotFound(error)) throw new MultipartError('NoSuchUpload', 'Unknown upload')
      throw error
    } finally {
      await fsp.rm(marker, { force: true })
    }
  }

  /** Checks the part list against the stored records (numbers 1…n, ETags, sizes); returns the total size. */
  private async checkParts(dir: string, parts: CompletedPart[]): Promise<number> {
    if (parts.length === 0) throw new MultipartError('InvalidPart', 'No parts given')
    for (let i = 1; i < parts.length; i++) {
      if (parts[i]!.partNumber <= parts[i - 1]!.partNumber) throw new MultipartError('InvalidPartOrder', 'Parts must be in ascending order')
    }
    let total = 0
    for (const [i, part] of parts.entries()) {
      let stored: PartRecord
      try {
        stored = JSON.parse(await fsp.readFile(path.join(dir, `${part.partNumber}.json`), 'utf8')) as PartRecord
      } catch (error) {
        if (isNotFound(error)) throw new MultipartError('InvalidPart', `Part ${part.partNumber} was not uploaded`)
        throw error
      }
      if (unquote(stored.etag) !== unquote(part.etag)) throw new MultipartError('InvalidPart', `Part ${part.partNumber} does not match its ETag`)
      // each part has its fixed place in the data file: no gaps, and only the last may be short
      if (part.partNumber !== i + 1) throw new MultipartError('InvalidPart', `Part ${i + 1} is missing`)
      if (i < parts.length - 1 && stored.size !== CHUNK_BYTES) throw new MultipartError('InvalidPart', `Part ${part.partNumber} is not ${CHUNK_BYTES} bytes`)
      total += stored.size
    }
    return total
  }

  async completeMultipart(key: string, uploadId: string, parts: CompletedPart[]): Promise<void> {
    await this.readMeta(key, uploadId)
    const dir = this.uploadDir(uploadId)
    const meta = path.join(dir, 'meta.json')
    const closed = path.join(dir, 'meta.closed')
    try {
      await fsp.rename(meta, closed)
    } catch (error) {
      if (isNotFound(error)) throw new MultipartError('NoSuchUpload', 'Unknown upload')
      throw error
    }
    let size: number
    try {
      if ((await listDir(dir)).some((name) => name.endsWith('.writing'))) throw new MultipartError('InvalidPart', 'A part is still being sent')
      size = await this.checkParts(dir, parts)
    } catch (error) {
      // refused: the upload stays open for the client to put right
      await fsp.rename(closed, meta)
      throw error
    }
    const data = path.join(dir, 'data')
    const handle = await fsp.open(data, 'r+')
    try {
      // parts sent but left out of the list may lie beyond the end
      await handle.truncate(size)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await this.publish(data, key)
    await syncFolder(path.dirname(this.pathOf(key)))
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

  /** Whether files can be stored: the folder is there (`npm start` makes it) and writable. */
  async ping(): Promise<void> {
    const stat = await fsp.stat(this.root)
    if (!stat.isDirectory()) throw new Error(`${this.root} is not a folder`)
    await fsp.access(this.root, fs.constants.W_OK)
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

const hex = (n: number) => n.toString(16).padStart(8, '0')

/** Writes `buffers` at `position`, however many calls it takes. */
async function writeAll(handle: fsp.FileHandle, buffers: Buffer[], position: number): Promise<void> {
  let rest = buffers
  while (rest.length > 0) {
    const { bytesWritten } = await handle.writev(rest, position)
    position += bytesWritten
    let skip = bytesWritten
    while (rest.length > 0 && skip >= rest[0]!.length) {
      skip -= rest[0]!.length
      rest = rest.slice(1)
    }
    if (skip > 0) rest = [rest[0]!.subarray(skip), ...rest.slice(1)]
  }
}

/** Makes a rename in `dir` durable. */
async function syncFolder(dir: string): Promise<void> {
  const handle = await fsp.open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
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
