// The BlobStore over AWS S3 or any S3-compatible store. Browsers send parts straight to the bucket
// through presigned URLs, so the bucket needs a CORS rule allowing PUT from the app's origin and
// exposing the ETag header, and the app's CSP connect-src needs the bucket's origin.
import { Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import {
  BlobNotFoundError,
  CHUNK_BYTES,
  assertSafeKey,
  contentDisposition,
  isInlineSafe,
  type BlobStat,
  type BlobStore,
  type ByteRange,
  type CompletedPart,
  type PutOptions,
  type SignedDownloadOptions,
} from './blob-store.ts'

export interface S3DriverOptions {
  bucket: string
  region: string
  endpoint?: string
  forcePathStyle?: boolean
  credentials?: { accessKeyId: string; secretAccessKey: string }
  /** Optional folder inside the bucket that every key lives under. */
  keyPrefix?: string
}

/** Presigned URLs are limited by S3 to 7 days. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600

export class S3Driver implements BlobStore {
  readonly driver = 's3' as const
  readonly client: S3Client
  readonly bucket: string
  private readonly keyPrefix: string

  constructor(options: S3DriverOptions) {
    this.bucket = options.bucket
    this.keyPrefix = options.keyPrefix ? `${options.keyPrefix.replace(/^\/+|\/+$/g, '')}/` : ''
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? false,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // Checksums only where S3 demands them: presigned part URLs must not carry a checksum of an
      // empty body, and S3-compatible stores often do not understand aws-chunked trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    })
  }

  private k(key: string): string {
    assertSafeKey(key)
    return this.keyPrefix + key
  }

  async put(key: string, body: Buffer | Readable, options: PutOptions): Promise<BlobStat> {
    const Key = this.k(key)
    if (Buffer.isBuffer(body)) {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: body, ContentType: options.contentType, ContentLength: body.length }))
      return { size: body.length }
    }
    // A stream of unknown length: one PUT when it fits in a chunk, otherwise a multipart upload.
    const chunks = chunked(body, CHUNK_BYTES)
    const first = await chunks.next()
    const firstChunk = first.done ? Buffer.alloc(0) : first.value
    const second = first.done ? first : await chunks.next()
    if (second.done) {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: firstChunk, ContentType: options.contentType, ContentLength: firstChunk.length }))
      return { size: firstChunk.length }
    }
    const uploadId = await this.createMultipart(key, options.contentType)
    try {
      const parts: CompletedPart[] = []
      let size = 0
      let partNumber = 1
      const send = async (chunk: Buffer) => {
        const out = await this.client.send(new UploadPartCommand({ Bucket: this.bucket, Key, UploadId: uploadId, PartNumber: partNumber, Body: chunk, ContentLength: chunk.length }))
        parts.push({ partNumber, etag: out.ETag ?? '' })
        size += chunk.length
        partNumber += 1
      }
      await send(firstChunk)
      await send(second.value)
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) await send(next.value)
      await this.completeMultipart(key, uploadId, parts)
      return { size }
    } catch (error) {
      await this.abortMultipart(key, uploadId).catch(() => undefined)
      throw error
    }
  }

  async getStream(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.k(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
        }),
      )
      const body = out.Body
      if (!body) return Readable.from([])
      return body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as never)
    } catch (error) {
      if (isNotFound(error)) throw new BlobNotFoundError(key)
      throw error
    }
  }

  async readHead(key: string, bytes: number): Promise<Buffer> {
    // Sized first: S3 answers a Range on an empty object with 416, and some S3-compatible stores
    // answer it with a body shorter than they announce.
    const stat = await this.stat(key)
    if (!stat) throw new BlobNotFoundError(key)
    const length = Math.min(bytes, stat.size)
    if (length <= 0) return Buffer.alloc(0)
    const stream = await this.getStream(key, { start: 0, end: length - 1 })
    const chunks: Buffer[] = []
    let read = 0
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array)
      chunks.push(buffer)
      read += buffer.length
      if (read >= length) break
    }
    stream.destroy()
    return Buffer.concat(chunks).subarray(0, length)
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.k(key) }))
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null
  }

  async stat(key: string): Promise<BlobStat | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.k(key) }))
      return { size: out.ContentLength ?? 0 }
    } catch (error) {
      if (isNotFound(error)) return null
      throw error
    }
  }

  async signedDownloadUrl(key: string, options: SignedDownloadOptions): Promise<string> {
    const inline = options.disposition === 'inline' && isInlineSafe(options.contentType)
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.k(key),
      ResponseContentType: options.contentType,
      ResponseContentDisposition: contentDisposition(inline ? 'inline' : 'attachment', options.filename),
    })
    return getSignedUrl(this.client, command, { expiresIn: Math.min(options.expiresInSeconds, MAX_PRESIGN_SECONDS) })
  }

  async createMultipart(key: string, contentType: string): Promise<string> {
    const out = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: this.k(key), ContentType: contentType }))
    if (!out.UploadId) throw new Error('S3 did not return an upload id')
    return out.UploadId
  }

  async signedPartUrl(key: string, uploadId: string, partNumber: number, expiresInSeconds: number): Promise<string> {
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) throw new RangeError('Part numbers run from 1 to 10000')
    const command = new UploadPartCommand({ Bucket: this.bucket, Key: this.k(key), UploadId: uploadId, PartNumber: partNumber })
    return getSignedUrl(this.client, command, { expiresIn: Math.min(expiresInSeconds, MAX_PRESIGN_SECONDS) })
  }

  async completeMultipart(key: string, uploadId: string, parts: CompletedPart[]): Promise<void> {
    await this.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.bucket,
        Key: this.k(key),
        UploadId: uploadId,
        MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
      }),
    )
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    await this.abortUpload(this.k(key), uploadId)
  }

  /** Aborts by the bucket's own key (listed uploads are aborted as they are, whatever their key). */
  private async abortUpload(Key: string, UploadId: string): Promise<void> {
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId }))
    } catch (error) {
      if (error instanceof S3ServiceException && (error.name === 'NoSuchUpload' || error.$metadata.httpStatusCode === 404)) return
      throw error
    }
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }))
  }

  async abortStaleUploads(startedBefore: Date): Promise<number> {
    let aborted = 0
    let KeyMarker: string | undefined
    let UploadIdMarker: string | undefined
    do {
      const page = await this.client.send(new ListMultipartUploadsCommand({ Bucket: this.bucket, ...(this.keyPrefix ? { Prefix: this.keyPrefix } : {}), KeyMarker, UploadIdMarker }))
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated || !(upload.Initiated < startedBefore)) continue
        await this.abortUpload(upload.Key, upload.UploadId)
        aborted += 1
      }
      KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined
      UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined
    } while (KeyMarker || UploadIdMarker)
    return aborted
  }

  destroy(): void {
    this.client.destroy()
  }
}

/** Re-chunks a stream into Buffers of exactly `size` bytes (the last may be shorter). */
async function* chunked(source: Readable, size: number): AsyncGenerator<Buffer, void> {
  let pending: Buffer[] = []
  let pendingLength = 0
  for await (const piece of source) {
    let buffer = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array)
    while (pendingLength + buffer.length >= size) {
      const take = size - pendingLength
      pending.push(buffer.subarray(0, take))
      yield Buffer.concat(pending)
      pending = []
      pendingLength = 0
      buffer = buffer.subarray(take)
    }
    if (buffer.length > 0) {
      pending.push(buffer)
      pendingLength += buffer.length
    }
  }
  if (pendingLength > 0) yield Buffer.concat(pending)
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
}
