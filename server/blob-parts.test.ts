// Parts of chunked uploads through the real app (`npm start`'s production server): received by
// the Express handler before Remix, with the same token check, answers and same-origin gate.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAppServer, type AppServer } from '../tests/support/app-server.ts'

process.env.SESSION_SECRET ??= 'blob-parts-test-secret-0123456789abcdef'
const { FsDriver } = await import('#storage/fs-driver.server.ts')
const { CHUNK_BYTES } = await import('#storage/blob-store.ts')

let app: AppServer
let blobs: string
let driver: InstanceType<typeof FsDriver>

beforeAll(async () => {
  blobs = fs.mkdtempSync(path.join(os.tmpdir(), 'blob-parts-'))
  app = await startAppServer({ SESSION_SECRET: process.env.SESSION_SECRET!, STORAGE_DIR: blobs })
  driver = new FsDriver({ root: blobs })
})

afterAll(async () => {
  await app?.stop()
  fs.rmSync(blobs, { recursive: true, force: true })
})

describe('PUT /blobs/p/<token> on the app', () => {
  it('stores each part and answers its ETag; the parts join into the file', async () => {
    const key = 'drive/2026/11/id-through-app.bin'
    const data = Buffer.alloc(CHUNK_BYTES + 1000)
    for (let i = 0; i < data.length; i += 4) data.writeUInt32LE(i, i)
    const uploadId = await driver.createMultipart(key, 'application/octet-stream')
    const etags: string[] = []
    for (const n of [2, 1]) {
      const url = app.url + (await driver.signedPartUrl(key, uploadId, n, 600))
      const response = await fetch(url, { method: 'PUT', body: data.subarray((n - 1) * CHUNK_BYTES, n * CHUNK_BYTES) })
      expect(response.status).toBe(200)
      expect(response.headers.get('access-control-expose-headers')).toBe('ETag')
      etags[n - 1] = response.headers.get('etag')!
    }
    await driver.completeMultipart(
      key,
      uploadId,
      etags.map((etag, i) => ({ partNumber: i + 1, etag })),
    )
    expect(fs.readFileSync(path.join(blobs, key)).equals(data)).toBe(true)
  })

  it('refuses a bad token, another method, a cross-site PUT and a broken path with a 4xx', async () => {
    const key = 'drive/2026/11/id-refused.bin'
    const uploadId = await driver.createMultipart(key, 'application/octet-stream')
    const url = app.url + (await driver.signedPartUrl(key, uploadId, 1, 600))
    const bad = await fetch(`${url.slice(0, -4)}AAAA`, { method: 'PUT', body: 'x' })
    expect(bad.status).toBe(403)
    expect(await bad.text()).toBe('This upload link is not valid.')
    const get = await fetch(url)
    expect(get.status).toBe(405)
    expect(get.headers.get('allow')).toBe('PUT')
    expect((await fetch(url, { method: 'PUT', body: 'x', headers: { Origin: 'https://elsewhere.example' } })).status).toBe(403)
    expect((await fetch(`${app.url}/blobs/p/%E0%A4%A`, { method: 'PUT', body: 'x' })).status).toBe(400)
    expect(fs.readdirSync(path.join(blobs, '.multipart', uploadId)).sort()).toEqual(['data', 'meta.json'])
  })
})
