// Compressed responses through the real app (`npm start`'s production server): what a browser
// asking for br or gzip receives, decoded and compared with the plain bytes. Raw node:http, since
// fetch() would decode silently.
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAppServer, type AppServer } from '../tests/support/app-server.ts'

process.env.SESSION_SECRET ??= 'compression-test-secret-0123456789abcdef'
const { startSession } = await import('#app/auth/session.server.ts')
const { FsDriver } = await import('#storage/fs-driver.server.ts')
const { acceptedEncodings } = await import('./compression.ts')

interface Raw {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

function decoded(r: Raw): Buffer {
  const encoding = r.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(r.body)
  if (encoding === 'gzip') return gunzipSync(r.body)
  if (encoding === undefined) return r.body
  throw new Error(`unexpected Content-Encoding ${encoding}`)
}

/** The page without its CSP nonce and its request id (both from the response's headers), the things that differ on every request. */
function stable(html: string, r: Raw): string {
  const nonce = /'nonce-([^']+)'/.exec(String(r.headers['content-security-policy']))?.[1]
  const requestId = r.headers['x-request-id']
  expect(nonce).toBeTruthy()
  expect(requestId).toBeTruthy()
  return html.replaceAll(nonce!, 'NONCE').replaceAll(String(requestId), 'REQUEST-ID')
}

let app: AppServer
let blobs: string
let cookie: string

beforeAll(async () => {
  blobs = fs.mkdtempSync(path.join(os.tmpdir(), 'compression-blobs-'))
  app = await startAppServer({ SESSION_SECRET: process.env.SESSION_SECRET!, STORAGE_DIR: blobs })
  const tech = await app.db.selectFrom('users').select('id').where('username', '=', 'tech').executeTakeFirstOrThrow()
  const session = (await startSession(app.db, new Request('http://localhost/'), tech.id)).split(';')[0]!
  // the CSRF cookie too, so every page carries the same token
  const csrf = String((await get(`${app.url}/login`)).headers['set-cookie']?.[0]).split(';')[0]!
  cookie = `${session}; ${csrf}`
})

afterAll(async () => {
  await app?.stop()
  fs.rmSync(blobs, { recursive: true, force: true })
})

describe('HTML and data responses', () => {
  it.each(['br', 'gzip'])('are compressed with %s when the browser accepts it, and decode to the same page', async (encoding) => {
    const plain = await get(`${app.url}/view-calls`, { cookie, 'accept-encoding': 'identity' })
    const packed = await get(`${app.url}/view-calls`, { cookie, 'accept-encoding': `${encoding}, deflate` })
    expect(plain.status).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(packed.status).toBe(200)
    expect(packed.headers['content-encoding']).toBe(encoding)
    expect(packed.headers.vary).toMatch(/Accept-Encoding/i)
    expect(packed.body.length).toBeLessThan(plain.body.length / 3)
    const html = decoded(packed).toString('utf8')
    expect(html).toContain('<h1>Pending Calls</h1>')
    expect(html).toContain('</html>')
    expect(stable(html, packed)).toBe(stable(plain.body.toString('utf8'), plain))
  })

  it('brotli is chosen over gzip when both are accepted, as browsers send them', async () => {
    const r = await get(`${app.url}/view-calls`, { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' })
    expect(r.headers['content-encoding']).toBe('br')
  })

  it('compresses the data a client-side navigation loads', async () => {
    const r = await get(`${app.url}/view-calls.data`, { cookie, 'accept-encoding': 'br' })
    expect(r.status).toBe(200)
    expect(r.headers['content-encoding']).toBe('br')
    expect(decoded(r).toString('utf8')).toContain('call_in_date')
  })

  it('leaves small bodies alone', async () => {
    const r = await get(`${app.url}/api/alerts`, { 'accept-encoding': 'br, gzip' })
    expect(r.body.length).toBeLessThan(1024)
    expect(r.headers['content-encoding']).toBeUndefined()
  })
})

describe('hashed assets', () => {
  let assets: string[]
  beforeAll(async () => {
    const html = (await get(`${app.url}/login`)).body.toString('utf8')
    assets = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!)
    expect(assets.length).toBeGreaterThan(3)
  })

  it.each(['br', 'gzip'])('are served precompressed with %s, typed as the script, cached for a year', async (encoding) => {
    let checked = 0
    for (const asset of assets) {
      const plain = await get(`${app.url}${asset}`, { 'accept-encoding': 'identity' })
      // a chunk of a few bytes may not shrink (the build keeps no .gz then, and it goes as it is)
      if (plain.body.length < 1024) continue
      checked++
      const packed = await get(`${app.url}${asset}`, { 'accept-encoding': encoding })
      expect(packed.status).toBe(200)
      expect(packed.headers['content-encoding']).toBe(encoding)
      expect(packed.headers['content-type']).toMatch(/^(text|application)\/javascript/)
      expect(packed.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(packed.headers.vary).toMatch(/Accept-Encoding/i)
      expect(Number(packed.headers['content-length'])).toBe(packed.body.length)
      expect(decoded(packed).equals(plain.body)).toBe(true)
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    }
    expect(checked).toBeGreaterThan(3)
  })

  it('a byte range is served from the plain file', async () => {
    const asset = assets.find((a) => a.endsWith('.js'))!
    const plain = await get(`${app.url}${asset}`)
    const range = await get(`${app.url}${asset}`, { 'accept-encoding': 'br, gzip', range: 'bytes=10-109' })
    expect(range.status).toBe(206)
    expect(range.headers['content-encoding']).toBeUndefined()
    expect(range.body.equals(plain.body.subarray(10, 110))).toBe(true)
  })
})

describe('file downloads', () => {
  const text = Buffer.from('Storage 7, bay 3: sprout inhibitor applied.\n'.repeat(400))
  let url: string
  beforeAll(async () => {
    const driver = new FsDriver({ root: blobs })
    await driver.put('drive/2026/11/notes.txt', text, { contentType: 'text/plain' })
    url = app.url + (await driver.signedDownloadUrl('drive/2026/11/notes.txt', { expiresInSeconds: 300, filename: 'notes.txt', contentType: 'text/plain' }))
  })

  it('go out as stored, even as text the browser would accept compressed', async () => {
    const r = await get(url, { 'accept-encoding': 'br, gzip' })
    expect(r.status).toBe(200)
    expect(r.headers['content-encoding']).toBeUndefined()
    expect(Number(r.headers['content-length'])).toBe(text.length)
    expect(r.body.equals(text)).toBe(true)
  })

  it('and a byte range of one is the stored bytes', async () => {
    const r = await get(url, { 'accept-encoding': 'br, gzip', range: 'bytes=1000-4999' })
    expect(r.status).toBe(206)
    expect(r.headers['content-encoding']).toBeUndefined()
    expect(r.body.equals(text.subarray(1000, 5000))).toBe(true)
  })
})

describe('acceptedEncodings', () => {
  it('reads q-values and the wildcard', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')].sort()).toEqual(['br', 'deflate', 'gzip', 'zstd'])
    expect([...acceptedEncodings('br;q=0, gzip;q=0.5')]).toEqual(['gzip'])
    expect([...acceptedEncodings('*;q=0.1, gzip;q=0')]).toEqual(['br'])
    expect([...acceptedEncodings('identity')]).toEqual(['identity'])
    expect([...acceptedEncodings(undefined)]).toEqual([])
  })
})
