// Against a real S3-protocol server (s3rver) on loopback, through real HTTP: no SDK mocks.
import { randomBytes } from 'node:crypto'
import fsp from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { CreateBucketCommand, HeadObjectCommand, ListMultipartUploadsCommand } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { putReadDelete, readAll } from '../tests/support/blob-stores.ts'
import { CHUNK_BYTES, InvalidKeyError } from './blob-store.ts'
import { S3Driver } from './s3-driver.server.ts'

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>
  close(): Promise<void>
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass

const BUCKET = 'field-ops-test'
let directory: string
let s3rver: S3rverInstance
let driver: S3Driver

beforeAll(async () => {
  directory = await fsp.mkdtemp(path.join(os.tmpdir(), 's3rver-'))
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory })
  const { port } = await s3rver.run()
  driver = new S3Driver({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  })
  await driver.client.send(new CreateBucketCommand({ Bucket: BUCKET }))
})

afterAll(async () => {
  driver?.destroy()
  await s3rver?.close()
  await fsp.rm(directory, { recursive: true, force: true })
})

describe('S3Driver objects', () => {
  it('puts, reads, ranges, stats and deletes', async () => {
    const key = 'drive/2026/01/abc-report.txt'
    await putReadDelete(driver, key, async () => {
      const head = await driver.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))
      expect(head.ContentType).toBe('text/plain')
    })
  })

  it('reads the head of an empty object as empty', async () => {
    await driver.put('drive/2026/01/empty.txt', Buffer.alloc(0), { contentType: 'text/plain' })
    expect((await driver.readHead('drive/2026/01/empty.txt', 16)).length).toBe(0)
  })

  it('stores a small stream in one PUT and a stream over 5 MiB as a multipart upload', async () => {
    const small = randomBytes(1000)
    expect(await driver.put('drive/2026/01/small.bin', Readable.from([small.subarray(0, 10), small.subarray(10)]), { contentType: 'application/octet-stream' })).toEqual({ size: 1000 })
    expect((await readAll(await driver.getStream('drive/2026/01/small.bin'))).equals(small)).toBe(true)

    const big = randomBytes(CHUNK_BYTES * 2 + 777)
    const pieces = Array.from({ length: Math.ceil(big.length / 65536) }, (_, i) => big.subarray(i * 65536, (i + 1) * 65536))
    expect(await driver.put('drive/2026/01/big.bin', Readable.from(pieces), { contentType: 'application/octet-stream' })).toEqual({ size: big.length })
    expect((await readAll(await driver.getStream('drive/2026/01/big.bin'))).equals(big)).toBe(true)
  })

  it('refuses keys that could escape', async () => {
    for (const key of ['../x', '/abs', 'a/../b', '.multipart/x']) {
      await expect(driver.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(InvalidKeyError)
      await expect(driver.signedDownloadUrl(key, { expiresInSeconds: 60, filename: 'x', contentType: 'text/plain' })).rejects.toBeInstanceOf(InvalidKeyError)
    }
  })
})

describe('S3Driver multipart through presigned part URLs', () => {
  it('takes parts by real HTTP PUTs, completes, and serves the result through a signed download URL', async () => {
    const key = 'receipts/2026/02/id-scan.pdf'
    const data = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(CHUNK_BYTES + 54_321)])
    const uploadId = await driver.createMultipart(key, 'application/octet-stream')
    const urls = await Promise.all([1, 2].map((n) => driver.signedPartUrl(key, uploadId, n, 600)))
    for (const url of urls) {
      expect(url).toContain('X-Amz-Signature=')
      expect(url).not.toContain('x-amz-checksum')
    }

    const bodies = [data.subarray(0, CHUNK_BYTES), data.subarray(CHUNK_BYTES)]
    const responses = await Promise.all(urls.map((url, i) => fetch(url, { method: 'PUT', body: bodies[i]! })))
    for (const response of responses) expect(response.status).toBe(200)
    const etags = responses.map((r) => r.headers.get('etag'))
    expect(etags.every((e) => typeof e === 'string' && e.length > 2)).toBe(true)
    expect(await driver.exists(key)).toBe(false)

    await driver.completeMultipart(key, uploadId, [
      { partNumber: 1, etag: etags[0]! },
      { partNumber: 2, etag: etags[1]! },
    ])
    expect(await driver.stat(key)).toEqual({ size: data.length })
    expect((await driver.readHead(key, 5)).toString()).toBe('%PDF-')

    const url = await driver.signedDownloadUrl(key, { expiresInSeconds: 300, filename: 'Crop report.pdf', contentType: 'application/pdf', disposition: 'inline' })
    expect(url).toContain('X-Amz-Expires=300')
    const download = await fetch(url)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('application/pdf')
    expect(download.headers.get('content-disposition')).toMatch(/^inline; filename="Crop report.pdf"/)
    expect(Buffer.from(await download.arrayBuffer()).equals(data)).toBe(true)
  })

  it('forces anything but images and PDFs to download', async () => {
    await driver.put('drive/2026/02/page.html', Buffer.from('<h1>x</h1>'), { contentType: 'text/html' })
    const url = await driver.signedDownloadUrl('drive/2026/02/page.html', { expiresInSeconds: 60, filename: 'page.html', contentType: 'text/html', disposition: 'inline' })
    const response = await fetch(url)
    expect(response.headers.get('content-disposition')).toMatch(/^attachment;/)
    await response.arrayBuffer()
  })

  it('lists nothing left open by the stream uploads above', async () => {
    // ListMultipartUploads is optional in S3-compatible stores; only check when it answers
    const listed = await driver.client.send(new ListMultipartUploadsCommand({ Bucket: BUCKET })).catch(() => null)
    if (listed) expect((listed.Uploads ?? []).filter((u) => u.Key === 'drive/2026/01/big.bin')).toEqual([])
  })
})
