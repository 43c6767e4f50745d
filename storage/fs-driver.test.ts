import { randomBytes } from 'node:crypto'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { putReadDelete, readAll } from '../tests/support/blob-stores.ts'

process.env.SESSION_SECRET ??= 'fs-driver-test-secret-0123456789abcdef'

const { CHUNK_BYTES, InvalidKeyError } = await import('./blob-store.ts')
const { FsDriver } = await import('./fs-driver.server.ts')
const { serveDownload, receivePart, MAX_PART_BYTES } = await import('./blob-http.server.ts')
const { serveBlobs } = await import('../tests/support/fetch-server.ts')

let root: string
let closeServer: () => Promise<void>
let base: string
let driver: InstanceType<typeof FsDriver>

beforeAll(async () => {
  root = await fsp.mkdtemp(path.join(os.tmpdir(), 'fs-driver-'))
  const served = await serveBlobs({ download: (r, t) => serveDownload(r, t, driver), part: (req, res, t) => receivePart(req, res, t, driver) })
  ;({ base, close: closeServer } = served)
  driver = new FsDriver({ root, baseUrl: base })
})

afterAll(async () => {
  await closeServer()
  await fsp.rm(root, { recursive: true, force: true })
})

const readHeadOf = async (file: string) => {
  const handle = await fsp.open(file, 'r')
  try {
    return (await handle.read(Buffer.alloc(1), 0, 1, 0)).buffer
  } finally {
    await handle.close()
  }
}

/** Replaces one character of the token's payload (the part before the dot). */
function tamper(url: string): string {
  const token = url.slice(url.lastIndexOf('/') + 1)
  const i = 5
  const swapped = token[i] === 'A' ? 'B' : 'A'
  return url.slice(0, url.lastIndexOf('/') + 1) + token.slice(0, i) + swapped + token.slice(i + 1)
}

describe('FsDriver objects', () => {
  it('puts, reads, ranges, stats and deletes', async () => {
    await putReadDelete(driver, 'drive/2026/01/abc-report.txt')
  })

  it('stores a stream and leaves no temp file when the stream fails', async () => {
    const key = 'drive/2026/01/streamed.bin'
    const data = randomBytes(300_000)
    expect(await driver.put(key, Readable.from([data.subarray(0, 1000), data.subarray(1000)]), { contentType: 'application/octet-stream' })).toEqual({ size: data.length })
    expect((await readAll(await driver.getStream(key))).equals(data)).toBe(true)

    async function* broken() {
      yield Buffer.from('partial')
      throw new Error('connection lost')
    }
    await expect(driver.put('drive/2026/01/broken.bin', Readable.from(broken()), { contentType: 'x' })).rejects.toThrow('connection lost')
    expect(await driver.exists('drive/2026/01/broken.bin')).toBe(false)
    expect(await fsp.readdir(path.join(root, '.tmp'))).toEqual([])
  })

  it('refuses keys that would leave the storage root', async () => {
    for (const key of ['../outside.txt', 'a/../../outside.txt', '/etc/passwd', '.multipart/x', 'a\\..\\..\\x']) {
      await expect(driver.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(InvalidKeyError)
      await expect(driver.getStream(key)).rejects.toBeInstanceOf(InvalidKeyError)
      await expect(driver.signedDownloadUrl(key, { expiresInSeconds: 60, filename: 'x', contentType: 'text/plain' })).rejects.toBeInstanceOf(InvalidKeyError)
    }
    await expect(fsp.access(path.join(root, '..', 'outside.txt'))).rejects.toThrow()
  })
})

describe('signed download URLs', () => {
  const key = 'receipts/2026/02/id-photo.png'
  const content = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(5000)])
  beforeAll(() => driver.put(key, content, { contentType: 'image/png' }))

  it('downloads the bytes with the name and type it was signed with', async () => {
    const url = await driver.signedDownloadUrl(key, { expiresInSeconds: 60, filename: 'jsmith_receipt_0.png', contentType: 'image/png' })
    expect(url.startsWith(`${base}/blobs/d/`)).toBe(true)
    const response = await fetch(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('content-disposition')).toContain('attachment; filename="jsmith_receipt_0.png"')
    expect(Buffer.from(await response.arrayBuffer()).equals(content)).toBe(true)
  })

  it('answers a Range request with 206 and only those bytes', async () => {
    const url = await driver.signedDownloadUrl(key, { expiresInSeconds: 60, filename: 'p.png', contentType: 'image/png', disposition: 'inline' })
    const response = await fetch(url, { headers: { Range: 'bytes=0-7' } })
    expect(response.status).toBe(206)
    expect(response.headers.get('content-range')).toBe(`bytes 0-7/${content.length}`)
    expect(response.headers.get('content-disposition')).toMatch(/^inline;/)
    expect(Buffer.from(await response.arrayBuffer()).equals(content.subarray(0, 8))).toBe(true)
  })

  it('never serves other types inline from the app origin', async () => {
    const url = await driver.signedDownloadUrl(key, { expiresInSeconds: 60, filename: 'x.html', contentType: 'text/html', disposition: 'inline' })
    const response = await fetch(url)
    expect(response.headers.get('content-disposition')).toMatch(/^attachment;/)
    await response.arrayBuffer()
  })

  it('refuses an expired link with 403', async () => {
    const url = await driver.signedDownloadUrl(key, { expiresInSeconds: -1, filename: 'p.png', contentType: 'image/png' })
    const response = await fetch(url)
    expect(response.status).toBe(403)
    expect(await response.text()).toBe('This link has expired.')
  })

  it('refuses a tampered link with 403', async () => {
    const url = await driver.signedDownloadUrl(key, { expiresInSeconds: 60, filename: 'p.png', contentType: 'image/png' })
    const tampered = await fetch(tamper(url))
    expect(tampered.status).toBe(403)
    const badSignature = await fetch(`${url.slice(0, -3)}abc`)
    expect(badSignature.status).toBe(403)
    const forged = Buffer.from(JSON.stringify({ k: '../../etc/passwd', e: 9999999999, f: 'x', t: 'text/plain' })).toString('base64url')
    const forgedResponse = await fetch(`${base}/blobs/d/${forged}.${url.slice(url.lastIndexOf('.') + 1)}`)
    expect(forgedResponse.status).toBe(403)
  })

  it('answers 404 once the file is gone', async () => {
    await driver.put('drive/2026/02/gone.txt', Buffer.from('x'), { contentType: 'text/plain' })
    const url = await driver.signedDownloadUrl('drive/2026/02/gone.txt', { expiresInSeconds: 60, filename: 'g.txt', contentType: 'text/plain' })
    await driver.delete('drive/2026/02/gone.txt')
    expect((await fetch(url)).status).toBe(404)
  })
})

describe('multipart uploads through signed part URLs', () => {
  it('joins two parts PUT over HTTP, answering each with an ETag', async () => {
    const key = 'drive/2026/03/id-big.bin'
    const data = randomBytes(CHUNK_BYTES + 12_345)
    const uploadId = await driver.createMultipart(key, 'application/octet-stream')
    const urls = await Promise.all([1, 2].map((n) => driver.signedPartUrl(key, uploadId, n, 600)))
    expect(urls.every((u) => u.startsWith(`${base}/blobs/p/`))).toBe(true)

    const bodies = [data.subarray(0, CHUNK_BYTES), data.subarray(CHUNK_BYTES)]
    // sent in parallel, the second part first
    const responses = await Promise.all([1, 0].map((i) => fetch(urls[i]!, { method: 'PUT', body: bodies[i]! })))
    const [second, first] = responses
    expect(first!.status).toBe(200)
    expect(second!.status).toBe(200)
    const etags = [first!.headers.get('etag'), second!.headers.get('etag')]
    expect(etags.every((e) => /^"[0-9a-f]{16}"$/.test(e ?? ''))).toBe(true)
    expect(await driver.exists(key)).toBe(false)

    await driver.completeMultipart(key, uploadId, [
      { partNumber: 1, etag: etags[0]! },
      { partNumber: 2, etag: etags[1]! },
    ])
    expect((await readAll(await driver.getStream(key))).equals(data)).toBe(true)
    expect(await fsp.readdir(path.join(root, '.multipart'))).not.toContain(uploadId)
    // the upload is closed: its part URLs no longer accept anything
    expect((await fetch(urls[0]!, { method: 'PUT', body: 'late' })).status).toBe(404)
  })

  it('refuses to complete with a wrong or missing ETag', async () => {
    const key = 'drive/2026/03/id-wrong.bin'
    const uploadId = await driver.createMultipart(key, 'application/octet-stream')
    const url = await driver.signedPartUrl(key, uploadId, 1, 600)
    expect((await fetch(url, { method: 'PUT', body: 'part one' })).status).toBe(200)
    await expect(driver.completeMultipart(key, uploadId, [{ partNumber: 1, etag: '"00000000000000000000000000000000"' }])).rejects.toThrow(/does not match/)
    await expect(driver.completeMultipart(key, uploadId, [{ partNumber: 2, etag: '"x"' }])).rejects.toThrow(/not uploaded/)
    await expect(driver.completeMultipart('drive/other', uploadId, [{ partNumber: 1, etag: '"x"' }])).rejects.toThrow(/Unknown upload/)
    expect(await driver.exists(key)).toBe(false)
  })

  it('refuses a part bigger than 5 MiB with 413, and accepts nothing for it', async () => {
    const key = 'drive/2026/03/id-huge.bin'
    const uploadId = await driver.createMultipart(key, 'application/octet-stream')
    const url = await driver.signedPartUrl(key, uploadId, 1, 600)
    const response = await fetch(url, { method: 'PUT', body: Buffer.alloc(MAX_PART_BYTES + 1) })
    expect(response.status).toBe(413)
    expect(await fsp.readdir(path.join(root, '.multipart', uploadId))).toEqual(['data', 'meta.json'])

    // without a Content-Length (chunked), the cap applies while the bytes arrive
    const chunk = Buffer.alloc(1024 * 1024)
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_PART_BYTES + chunk.length) return controller.close()
        sent += chunk.length
        controller.enqueue(chunk)
      },
    })
    const streamed = await fetch(url, { method: 'PUT', body, duplex: 'half' } as RequestInit).catch((e: unknown) => e)
    if (streamed instanceof Response) expect(streamed.status).toBe(413)
    // bytes may have landed in the part's slot, but no record vouches for them
    expect(await fsp.readdir(path.join(root, '.multipart', uploadId))).toEqual(['data', 'meta.json'])
    await expect(driver.completeMultipart(key, uploadId, [{ partNumber: 1, etag: '"x"' }])).rejects.toThrow(/not uploaded/)
  })

  it('refuses expired and tampered part URLs with 403, and a download token used as a part token', async () => {
    const key = 'drive/2026/03/id-denied.bin'
    const uploadId = await driver.createMultipart(key, 'application/octet-stream')
    const expired = await driver.signedPartUrl(key, uploadId, 1, -1)
    expect((await fetch(expired, { method: 'PUT', body: 'x' })).status).toBe(403)
    const good = await driver.signedPartUrl(key, uploadId, 1, 600)
    expect((await fetch(tamper(good), { method: 'PUT', body: 'x' })).status).toBe(403)
    await driver.put('drive/2026/03/existing.txt', Buffer.from('x'), { contentType: 'text/plain' })
    const download = await driver.signedDownloadUrl('drive/2026/03/existing.txt', { expiresInSeconds: 60, filename: 'x', contentType: 'text/plain' })
    expect((await fetch(download.replace('/blobs/d/', '/blobs/p/'), { method: 'PUT', body: 'x' })).status).toBe(403)
    expect((await fetch(good.replace('/blobs/p/', '/blobs/d/'))).status).toBe(403)
    expect(await fsp.readdir(path.join(root, '.multipart', uploadId))).toEqual(['data', 'meta.json'])
  })

  it('aborting discards the parts', async () => {
    const key = 'drive/2026/03/id-abort.bin'
    const uploadId = await driver.createMultipart(key, 'application/octet-stream')
    const url = await driver.signedPartUrl(key, uploadId, 1, 600)
    await fetch(url, { method: 'PUT', body: 'part' })
    await driver.abortMultipart(key, uploadId)
    await expect(fsp.access(path.join(root, '.multipart', uploadId))).rejects.toThrow()
    expect((await fetch(url, { method: 'PUT', body: 'again' })).status).toBe(404)
    await expect(driver.abortMultipart(key, uploadId)).resolves.toBeUndefined()
  })

  /** Starts an upload of `data` and returns a PUT for each of its parts (n from 1). */
  async function partsOf(key: string) {
    const uploadId = await driver.createMultipart(key, 'application/octet-stream')
    const put = async (n: number, body: Uint8Array | ReadableStream<Uint8Array>) => {
      const url = await driver.signedPartUrl(key, uploadId, n, 600)
      return fetch(url, { method: 'PUT', body, duplex: 'half' } as RequestInit)
    }
    return { uploadId, put }
  }

  it('joins parts sent out of order, and leaves nothing behind', async () => {
    const key = 'drive/2026/03/id-shuffled.bin'
    const data = randomBytes(3 * CHUNK_BYTES + 999)
    const { uploadId, put } = await partsOf(key)
    const slice = (n: number) => data.subarray((n - 1) * CHUNK_BYTES, n * CHUNK_BYTES)
    const etags: string[] = []
    for (const n of [4, 2, 3, 1]) {
      const response = await put(n, slice(n))
      expect(response.status).toBe(200)
      etags[n - 1] = response.headers.get('etag')!
    }
    await driver.completeMultipart(
      key,
      uploadId,
      etags.map((etag, i) => ({ partNumber: i + 1, etag })),
    )
    expect((await readAll(await driver.getStream(key))).equals(data)).toBe(true)
    expect(await fsp.readdir(path.join(root, '.multipart'))).not.toContain(uploadId)
  })

  it('completes with a part re-sent after its first try broke off, and not with the broken try', async () => {
    const key = 'drive/2026/03/id-retried.bin'
    const data = randomBytes(CHUNK_BYTES + 5000)
    const { uploadId, put } = await partsOf(key)
    const first = await put(1, data.subarray(0, CHUNK_BYTES))
    const second = await put(2, data.subarray(CHUNK_BYTES))
    const etags = [first.headers.get('etag')!, second.headers.get('etag')!]

    // part 1 again: other bytes, and the connection drops half way
    let sent = 0
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= CHUNK_BYTES / 2) return controller.error(new Error('connection lost'))
        sent += 65_536
        controller.enqueue(new Uint8Array(65_536).fill(7))
      },
    })
    await put(1, broken).catch(() => undefined)
    // the server may still be at it: wait until the broken try has overwritten part 1's first bytes
    const dataFile = path.join(root, '.multipart', uploadId, 'data')
    while ((await readHeadOf(dataFile))[0] !== 7) await new Promise((resolve) => setTimeout(resolve, 10))
    // the old ETag no longer vouches for part 1's bytes, which the broken try overwrote in part
    // (until the server sees the try broke off, it refuses for that: 'A part is still being sent')
    const completeWithOldTags = () =>
      driver
        .completeMultipart(key, uploadId, [
          { partNumber: 1, etag: etags[0]! },
          { partNumber: 2, etag: etags[1]! },
        ])
        .then(
          () => 'completed',
          (error: unknown) => (error as Error).message,
        )
    await expect.poll(completeWithOldTags, { timeout: 10_000, interval: 50 }).not.toMatch(/still being sent/)
    expect(await completeWithOldTags()).toMatch(/Part 1 was not uploaded/)

    const retried = await put(1, data.subarray(0, CHUNK_BYTES))
    expect(retried.status).toBe(200)
    expect(retried.headers.get('etag')).toBe(etags[0])
    await driver.completeMultipart(key, uploadId, [
      { partNumber: 1, etag: etags[0]! },
      { partNumber: 2, etag: etags[1]! },
    ])
    expect((await readAll(await driver.getStream(key))).equals(data)).toBe(true)
  })

  it('refuses part lists with a gap or a short part before the last', async () => {
    const key = 'drive/2026/03/id-gaps.bin'
    const { uploadId, put } = await partsOf(key)
    const etag = async (n: number, size: number) => (await put(n, randomBytes(size))).headers.get('etag')!
    const one = await etag(1, CHUNK_BYTES - 1)
    const two = await etag(2, 100)
    const three = await etag(3, 100)
    await expect(
      driver.completeMultipart(key, uploadId, [
        { partNumber: 1, etag: one },
        { partNumber: 2, etag: two },
      ]),
    ).rejects.toThrow(/Part 1 is not 5242880 bytes/)
    await expect(
      driver.completeMultipart(key, uploadId, [
        { partNumber: 2, etag: two },
        { partNumber: 3, etag: three },
      ]),
    ).rejects.toThrow(/Part 1 is missing/)
    expect(await driver.exists(key)).toBe(false)
    // a full part 1, then the list may skip part 3 that was sent but is not wanted
    const full = randomBytes(CHUNK_BYTES)
    const fullEtag = (await put(1, full)).headers.get('etag')!
    await driver.completeMultipart(key, uploadId, [
      { partNumber: 1, etag: fullEtag },
      { partNumber: 2, etag: two },
    ])
    expect((await driver.stat(key))?.size).toBe(CHUNK_BYTES + 100)
  })

  it('refuses to complete while a part is still arriving, so no late byte lands in the stored file', async () => {
    const key = 'drive/2026/03/id-late.bin'
    const data = randomBytes(CHUNK_BYTES + 100)
    const { uploadId, put } = await partsOf(key)
    const one = (await put(1, data.subarray(0, CHUNK_BYTES))).headers.get('etag')!
    // part 2 sends its first bytes, then waits
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let step = 0
    const slow = new ReadableStream<Uint8Array>({
      async pull(controller) {
        step += 1
        if (step === 1) return controller.enqueue(new Uint8Array(data.subarray(CHUNK_BYTES, CHUNK_BYTES + 50)))
        await held
        controller.enqueue(new Uint8Array(data.subarray(CHUNK_BYTES + 50)))
        controller.close()
      },
    })
    const second = put(2, slow)
    const folder = path.join(root, '.multipart', uploadId)
    while (!(await fsp.readdir(folder)).some((name) => name.endsWith('.writing'))) await new Promise((resolve) => setTimeout(resolve, 10))

    await expect(driver.completeMultipart(key, uploadId, [{ partNumber: 1, etag: one }])).rejects.toThrow(/still being sent/)
    expect(await driver.exists(key)).toBe(false)
    release()
    const two = (await second).headers.get('etag')!
    await driver.completeMultipart(key, uploadId, [
      { partNumber: 1, etag: one },
      { partNumber: 2, etag: two },
    ])
    expect((await readAll(await driver.getStream(key))).equals(data)).toBe(true)
  })
})
