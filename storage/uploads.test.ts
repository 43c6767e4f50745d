// The upload protocol against a real Postgres and the filesystem driver, with the parts sent by
// real HTTP PUTs to the signed part URLs served by the blob handlers (storage/blob-http.server.ts).
import { createHash, randomBytes } from 'node:crypto'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { data } from '@remix-run/node'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { refusedWith } from '../tests/support/refusals.ts'

process.env.SESSION_SECRET ??= 'uploads-test-secret-0123456789abcdef'

const { CHUNK_BYTES } = await import('./blob-store.ts')
const { FsDriver } = await import('./fs-driver.server.ts')
const { serveDownload, receivePart } = await import('./blob-http.server.ts')
const { serveBlobs } = await import('../tests/support/fetch-server.ts')
const { UploadError, completeUploads, startUploads, storeUploadedFile } = await import('./uploads.server.ts')
const { setBlobStore } = await import('./index.server.ts')
const { newCsrfCookieValue } = await import('#app/auth/csrf.server.ts')
const { startSession } = await import('#app/auth/session.server.ts')
const { closeDb } = await import('#db/client.server.ts')
const { parseUploadForm } = await import('#app/upload-form.server.ts')
const { action: uploadAction } = await import('#app/routes/api.upload.ts')

/** A camera's photo: 4000 × 3000, turned a quarter (EXIF orientation 6), with its time and GPS. */
const cameraPhoto = () =>
  sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 90, g: 120, b: 60 } } })
    .jpeg({ quality: 80 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD2: { DateTimeOriginal: '2026:10:03 14:05:09', OffsetTimeOriginal: '+01:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 24/1 3060/100', GPSLongitudeRef: 'W', GPSLongitude: '116/1 0/1 3600/100' },
    })
    .toBuffer()

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
const png = (size: number) => Buffer.concat([PNG, randomBytes(size - PNG.length)])
const MiB = 1024 * 1024

let t: TestDatabase
let root: string
let closeServer: () => Promise<void>
let store: InstanceType<typeof FsDriver>
let alice: { id: number; username: string }
let bob: { id: number; username: string }

beforeAll(async () => {
  t = await createTestDatabase()
  root = await fsp.mkdtemp(path.join(os.tmpdir(), 'uploads-'))
  const served = await serveBlobs({ download: (r, t) => serveDownload(r, t, store), part: (req, res, t) => receivePart(req, res, t, store) })
  closeServer = served.close
  store = new FsDriver({ root, baseUrl: served.base })
  const users = await t.db
    .insertInto('users')
    .values([
      { username: 'alice', password_hash: 'x' },
      { username: 'bob', password_hash: 'x' },
    ])
    .returning(['id', 'username'])
    .execute()
  ;[alice, bob] = users as [typeof alice, typeof bob]
})

afterAll(async () => {
  await closeServer?.()
  setBlobStore(undefined)
  await closeDb()
  await t?.drop()
  if (root) await fsp.rm(root, { recursive: true, force: true })
})

const chunkCount = (size: number) => Math.ceil(size / CHUNK_BYTES)

/** What the browser does between start and complete: PUT each 5 MiB slice to its URL. */
async function sendParts(urls: string[], data: Buffer) {
  const responses = await Promise.all(urls.map((url, i) => fetch(url, { method: 'PUT', body: new Uint8Array(data.subarray(i * CHUNK_BYTES, (i + 1) * CHUNK_BYTES)) })))
  return responses.map((response, i) => {
    expect(response.status).toBe(200)
    return { part: i + 1, chunkRecord: response.headers.get('etag')! }
  })
}

async function upload(user: typeof alice, area: 'receipts' | 'drive' | 'storage_checks' | 'service', name: string, data: Buffer) {
  const [started] = await startUploads(t.db, store, user, area, [{ key: name, size: data.length, chunk_count: chunkCount(data.length) }])
  const chunks = await sendParts(started!.urls, data)
  return { started: started!, complete: { key: name, size: data.length, uploadId: started!.upload_id, chunks } }
}

const sessionOf = (id: string) => t.db.selectFrom('upload_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fsp.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

describe('start → parts → complete', () => {
  it('stores a two-part image and records a blob with the spec file name', async () => {
    const data = png(CHUNK_BYTES + 4321)
    const { started, complete } = await upload(alice, 'receipts', 'IMG_0042.PNG', data)
    expect(started.key).toBe('IMG_0042.PNG')
    expect(started.urls).toHaveLength(2)
    expect((await sessionOf(started.upload_id)).status).toBe('pending')

    const { results } = await completeUploads(t.db, store, alice, 'receipts', [complete])
    expect(results).toEqual([{ success: true, id: expect.any(String) }])
    const blob = await t.db.selectFrom('blobs').selectAll().where('id', '=', results[0]!.id!).executeTakeFirstOrThrow()
    expect(blob).toMatchObject({ area: 'receipts', content_type: 'image/png', size_bytes: data.length, created_by: alice.id })
    expect(blob.filename).toMatch(/^alice_receipt_\d{14}_0\.png$/)
    expect(blob.key).toMatch(/^receipts\/\d{4}\/\d{2}\/[0-9a-f-]{36}-IMG_0042\.png$/)
    const chunks: Buffer[] = []
    for await (const chunk of await store.getStream(blob.key)) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).equals(data)).toBe(true)

    const session = await sessionOf(started.upload_id)
    expect(session).toMatchObject({ status: 'completed', blob_id: blob.id })
    expect(session.completed_at).toBeInstanceOf(Date)
  })

  it('two photos started in the same second and completed one at a time get their own names (…_0, …_1)', async () => {
    const first = await upload(bob, 'service', 'IMG_1.PNG', png(2048))
    const second = await upload(bob, 'service', 'IMG_2.PNG', png(2048))
    // one second for both, as two photos chosen together: each completed on its own (the app uploads photos one by one)
    const at = new Date('2026-11-03T10:00:00.250Z')
    await t.db.updateTable('upload_sessions').set({ created_at: at }).where('id', 'in', [first.started.upload_id, second.started.upload_id]).execute()
    const names: string[] = []
    for (const { complete } of [second, first]) {
      const [result] = (await completeUploads(t.db, store, bob, 'service', [complete])).results
      names.push((await t.db.selectFrom('blobs').select('filename').where('id', '=', result!.id!).executeTakeFirstOrThrow()).filename)
    }
    expect(names.sort()).toEqual(['bob_service_20261103100000_0.png', 'bob_service_20261103100000_1.png'])
  })

  it('lets the drive take any type and keeps the name the user gave', async () => {
    const data = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2000)])
    const { complete } = await upload(alice, 'drive', 'Audit 2026.pdf', data)
    const { results } = await completeUploads(t.db, store, alice, 'drive', [complete])
    const blob = await t.db.selectFrom('blobs').selectAll().where('id', '=', results[0]!.id!).executeTakeFirstOrThrow()
    expect(blob).toMatchObject({ filename: 'Audit 2026.pdf', content_type: 'application/pdf' })
  })

  it('refuses a non-image in an image area and leaves nothing behind', async () => {
    const before = await filesUnder(root)
    const blobsBefore = await t.db
      .selectFrom('blobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    const data = Buffer.from('just some text pretending to be a photo')
    const { started, complete } = await upload(alice, 'storage_checks', 'photo.jpg', data)

    const { results } = await completeUploads(t.db, store, alice, 'storage_checks', [complete])
    expect(results).toEqual([{ success: false, id: null, error: 'Only image files are accepted.' }])
    expect(await filesUnder(root)).toEqual(before)
    const blobsAfter = await t.db
      .selectFrom('blobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(blobsAfter.n)).toBe(Number(blobsBefore.n))
    const session = await sessionOf(started.upload_id)
    expect(session.status).toBe('aborted')
    expect(await store.exists(session.key)).toBe(false)
  })

  it('completing the same upload twice returns the same blob id, also when both arrive at once', async () => {
    const first = await upload(alice, 'receipts', 'a.png', png(3000))
    const once = await completeUploads(t.db, store, alice, 'receipts', [first.complete])
    const twice = await completeUploads(t.db, store, alice, 'receipts', [first.complete])
    expect(twice.results[0]).toEqual({ success: true, id: once.results[0]!.id })

    const second = await upload(alice, 'receipts', 'b.png', png(3000))
    const [x, y] = await Promise.all([completeUploads(t.db, store, alice, 'receipts', [second.complete]), completeUploads(t.db, store, alice, 'receipts', [second.complete])])
    expect(x.results[0]!.success).toBe(true)
    expect(y.results[0]).toEqual(x.results[0])
    const session = await sessionOf(second.started.upload_id)
    const rows = await t.db.selectFrom('blobs').select('id').where('key', '=', session.key).execute()
    expect(rows).toEqual([{ id: x.results[0]!.id }])
  })

  it('with the browser’s SHA-256: answers the stored bytes’ hash (also when completed again); bytes that differ are refused and nothing kept', async () => {
    const bytes = png(CHUNK_BYTES + 4000)
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    const { complete } = await upload(alice, 'service', 'photo.png', bytes)
    const { results } = await completeUploads(t.db, store, alice, 'service', [{ ...complete, sha256 }])
    expect(results[0]).toEqual({ success: true, id: expect.any(String), sha256 })
    expect(await completeUploads(t.db, store, alice, 'service', [{ ...complete, sha256 }])).toEqual({ results })
    const blob = await t.db.selectFrom('blobs').select('sha256').where('id', '=', results[0]!.id!).executeTakeFirstOrThrow()
    expect(blob.sha256).toBe(sha256)

    // a part replaced on the way (the device's file changed, or a proxy mangled it)
    const other = await upload(alice, 'service', 'photo.png', bytes)
    const [part] = await sendParts(other.started.urls.slice(0, 1), png(CHUNK_BYTES))
    const refused = await completeUploads(t.db, store, alice, 'service', [{ ...other.complete, chunks: [part!, other.complete.chunks[1]!], sha256 }])
    expect(refused.results).toEqual([{ success: false, id: null, error: 'The uploaded file does not match the file on the device. It will be uploaded again.' }])
    const session = await sessionOf(other.started.upload_id)
    expect(session.status).toBe('aborted')
    expect(await store.exists(session.key)).toBe(false)
  })

  it('another user cannot complete it; the owner still can', async () => {
    const { started, complete } = await upload(alice, 'receipts', 'mine.png', png(5000))
    const stolen = await completeUploads(t.db, store, bob, 'receipts', [complete])
    expect(stolen.results).toEqual([{ success: false, id: null, error: 'Upload not found.' }])
    expect((await sessionOf(started.upload_id)).status).toBe('pending')
    // nor from another area
    const elsewhere = await completeUploads(t.db, store, alice, 'storage_checks', [complete])
    expect(elsewhere.results[0]!.success).toBe(false)

    const own = await completeUploads(t.db, store, alice, 'receipts', [complete])
    expect(own.results[0]!.success).toBe(true)
  })

  it('reports each file on its own: a bad one does not stop the others', async () => {
    const good = await upload(alice, 'receipts', 'good.png', png(1000))
    const bad = await upload(alice, 'receipts', 'bad.png', png(1000))
    const { results } = await completeUploads(t.db, store, alice, 'receipts', [{ ...bad.complete, chunks: [] }, good.complete, { ...good.complete, uploadId: 'not-a-uuid' }])
    expect(results[0]).toEqual({ success: false, id: null, error: 'The uploaded parts do not match the file.' })
    expect(results[1]!.success).toBe(true)
    expect(results[2]).toEqual({ success: false, id: null, error: 'Upload not found.' })
    expect((await sessionOf(bad.started.upload_id)).status).toBe('pending')
  })

  it('keeps sessions that are never completed pending (counted as pending_aws_imports)', async () => {
    const [started] = await startUploads(t.db, store, bob, 'service', [{ key: 'later.jpg', size: 10, chunk_count: 1 }])
    expect((await sessionOf(started!.upload_id)).status).toBe('pending')
  })
})

describe('a quota of unfinished uploads per user', () => {
  const userNamed = async (username: string) => (await t.db.insertInto('users').values({ username, password_hash: 'x' }).returning(['id', 'username']).executeTakeFirstOrThrow()) as typeof alice
  const pendingOf = async (user: typeof alice) => (await t.db.selectFrom('upload_sessions').select('id').where('created_by', '=', user.id).where('status', '=', 'pending').execute()).length
  const multipartDirs = async () => (await fsp.readdir(path.join(root, '.multipart')).catch(() => [])).length
  const files = (n: number, size = 10) => Array.from({ length: n }, (_, i) => ({ key: `q${i}.pdf`, size, chunk_count: 1 }))
  const refusal = async (work: Promise<unknown>) => {
    const { status, message } = await refusedWith(work, UploadError)
    return { status, message }
  }

  it('refuses a start past the open uploads allowed, before anything reaches the store; another user is not held back', async () => {
    const carol = await userNamed('carol')
    await startUploads(t.db, store, carol, 'drive', files(3), { maxOpen: 4 })
    const dirs = await multipartDirs()
    expect(await refusal(startUploads(t.db, store, carol, 'drive', files(2), { maxOpen: 4 }))).toEqual({
      status: 429,
      message:
        'Too many uploads in progress: each user may have at most 4 files and 1024 MiB waiting to be completed. Let the uploads in progress finish (an abandoned one is released after 2 hours), or upload fewer files at once.',
    })
    expect(await pendingOf(carol)).toBe(3)
    expect(await multipartDirs()).toBe(dirs)
    await startUploads(t.db, store, carol, 'drive', files(1), { maxOpen: 4 })
    await startUploads(t.db, store, await userNamed('dora'), 'drive', files(4), { maxOpen: 4 })
  })

  it('refuses a start past the pending bytes allowed; a completed upload frees its share', async () => {
    const erin = await userNamed('erin')
    const first = await upload(erin, 'drive', 'first.txt', Buffer.alloc(20, 0x61))
    const limits = { maxPendingBytes: 25, maxOpen: 50 }
    expect((await refusal(startUploads(t.db, store, erin, 'drive', files(1, 10), limits))).message).toBe(
      'Too many uploads in progress: each user may have at most 50 files and 25 bytes waiting to be completed. Let the uploads in progress finish (an abandoned one is released after 2 hours), or upload fewer files at once.',
    )
    const { results } = await completeUploads(t.db, store, erin, 'drive', [first.complete])
    expect(results[0]!.success).toBe(true)
    await startUploads(t.db, store, erin, 'drive', files(1, 10), limits)
  })

  it('releases the user’s own abandoned uploads (their part URLs long expired) to make room, aborting them in the store', async () => {
    const fay = await userNamed('fay')
    const [old] = await startUploads(t.db, store, fay, 'drive', files(2), { maxOpen: 3 })
    await t.db
      .updateTable('upload_sessions')
      .set({ created_at: new Date(Date.now() - 3 * 3600_000) })
      .where('created_by', '=', fay.id)
      .execute()
    const dirs = await multipartDirs()
    await startUploads(t.db, store, fay, 'drive', files(3), { maxOpen: 3 })
    expect((await sessionOf(old!.upload_id)).status).toBe('aborted')
    expect(await pendingOf(fay)).toBe(3)
    expect(await multipartDirs()).toBe(dirs - 2 + 3)
  })

  it('answers the API with 429 and the message, opening nothing (defaults: 50 files, 1024 MiB)', async () => {
    const { action } = await import('#app/routes/api.upload.ts')
    const { startSession } = await import('#app/auth/session.server.ts')
    const { newCsrfCookieValue } = await import('#app/auth/csrf.server.ts')
    process.env.DATABASE_URL = t.url
    setBlobStore(store)
    const gus = await userNamed('gus')
    await t.db
      .insertInto('permissions')
      .values({ codename: 'api.add_s3bucket', name: 'Can upload' })
      .onConflict((oc) => oc.doNothing())
      .execute()
    await t.db.insertInto('user_permissions').values({ user_id: gus.id, codename: 'api.add_s3bucket' }).execute()
    const csrf = newCsrfCookieValue()
    const cookie = `${(await startSession(t.db, new Request('http://app.test/'), gus.id)).split(';')[0]!}; csrf=${csrf.cookieValue}`
    const body = { data: { files: Array.from({ length: 41 }, (_, i) => ({ key: `big${i}.pdf`, size: 25 * MiB, chunk_count: 5 })) }, bucket: 'drive', prefix: '' }
    const request = new Request('http://app.test/api/upload/', { method: 'POST', body: JSON.stringify(body), headers: { cookie, 'x-csrf-token': csrf.token, 'content-type': 'application/json' } })
    const response = await action({ request, params: {}, context: { cspNonce: '', csrfToken: '' } })
    expect(response.status).toBe(429)
    expect(await response.json()).toEqual({
      error:
        'Too many uploads in progress: each user may have at most 50 files and 1024 MiB waiting to be completed. Let the uploads in progress finish (an abandoned one is released after 2 hours), or upload fewer files at once.',
    })
    expect(await pendingOf(gus)).toBe(0)
  })
})

describe('start refuses bad files and opens nothing', () => {
  const count = async () =>
    Number(
      (
        await t.db
          .selectFrom('upload_sessions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('refuses a file above UPLOAD_MAX_BYTES', async () => {
    const before = await count()
    const size = 25 * MiB + 1
    await expect(startUploads(t.db, store, alice, 'receipts', [{ key: 'huge.jpg', size, chunk_count: chunkCount(size) }])).rejects.toThrow(new UploadError('File is too large (max 25 MiB).'))
    await expect(startUploads(t.db, store, alice, 'receipts', [{ key: 'big.jpg', size: 11 * MiB, chunk_count: 3 }], { maxBytes: 10 * MiB })).rejects.toThrow('File is too large (max 10 MiB).')
    expect(await count()).toBe(before)
  })

  it('refuses empty files and chunk counts that do not match the size', async () => {
    const before = await count()
    await expect(startUploads(t.db, store, alice, 'receipts', [{ key: 'e.jpg', size: 0, chunk_count: 1 }])).rejects.toThrow('File is empty.')
    await expect(startUploads(t.db, store, alice, 'receipts', [{ key: 'c.jpg', size: CHUNK_BYTES + 1, chunk_count: 1 }])).rejects.toThrow('The chunk count does not match the file size.')
    await expect(
      startUploads(t.db, store, alice, 'receipts', [
        { key: 'ok.jpg', size: 10, chunk_count: 1 },
        { key: 'bad.jpg', size: 10, chunk_count: 2 },
      ]),
    ).rejects.toThrow('The chunk count does not match the file size.')
    expect(await count()).toBe(before)
  })
})

describe('storeUploadedFile (no JavaScript)', () => {
  async function* pieces(data: Buffer, size = 16 * 1024, onEnd?: () => void) {
    for (let i = 0; i < data.length; i += size) yield new Uint8Array(data.subarray(i, i + size))
    onEnd?.()
  }

  it('streams an image into the store and records it', async () => {
    const data = png(200_000)
    const result = await storeUploadedFile(t.db, store, alice, 'service', { filename: 'pump.png', stream: pieces(data), index: 1 })
    expect(result).toMatchObject({ ok: true, contentType: 'image/png', size: data.length })
    if (!result.ok) throw new Error(result.error)
    expect(result.filename).toMatch(/^alice_service_\d{14}_1\.png$/)
    const blob = await t.db.selectFrom('blobs').selectAll().where('id', '=', result.id).executeTakeFirstOrThrow()
    expect(await store.readHead(blob.key, 8)).toEqual(PNG.subarray(0, 8))
  })

  it('stores a camera photo as its travelling copy: at most 1,600 px, upright, its time and position kept (issue 40)', async () => {
    const camera = await cameraPhoto()
    const result = await storeUploadedFile(t.db, store, alice, 'storage_checks', { filename: 'IMG_1234.JPG', stream: pieces(camera) })
    if (!result.ok) throw new Error(result.error)
    const blob = await t.db.selectFrom('blobs').selectAll().where('id', '=', result.id).executeTakeFirstOrThrow()
    const stored = await (await store.getStream(blob.key)).toArray().then((chunks) => Buffer.concat(chunks as Buffer[]))
    // orientation 6: the 4000 × 3000 picture stands 3000 × 4000, so its copy is 1200 × 1600
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 1600 })
    expect(stored.length).toBe(blob.size_bytes)
    expect(blob.content_type).toBe('image/jpeg')
    expect(blob.sha256).toBe(createHash('sha256').update(stored).digest('hex'))
    expect(blob.taken_at?.toISOString()).toBe('2026-10-03T13:05:09.000Z')
    expect([Number(blob.latitude), Number(blob.longitude)]).toEqual([46.4085, -116.01])
  })

  it('refuses a non-image and a file over the cap, storing nothing but reading each to its end', async () => {
    const before = await filesUnder(root)
    let ended = false
    const text = await storeUploadedFile(t.db, store, alice, 'receipts', {
      filename: 'notes.jpg',
      stream: pieces(Buffer.alloc(300_000, 'a'), 16 * 1024, () => (ended = true)),
    })
    expect(text).toEqual({ ok: false, error: 'Only image files are accepted.' })
    expect(ended).toBe(true)

    ended = false
    const big = await storeUploadedFile(t.db, store, alice, 'receipts', { filename: 'big.png', stream: pieces(png(3 * MiB), 64 * 1024, () => (ended = true)) }, { maxBytes: 2 * MiB })
    expect(big).toEqual({ ok: false, error: 'File is too large (max 2 MiB).' })
    expect(ended).toBe(true)

    const empty = await storeUploadedFile(t.db, store, alice, 'receipts', { filename: 'empty.png', stream: pieces(Buffer.alloc(0)) })
    expect(empty).toEqual({ ok: false, error: 'File is empty.' })
    expect(await filesUnder(root)).toEqual(before)
  })
})

describe('through the app: POST/PUT /api/upload/ and the no-JavaScript form', () => {
  let csrf: { token: string; cookieValue: string }
  let aliceCookie: string
  let bobCookie: string

  beforeAll(async () => {
    // the route uses the app's pool and store
    process.env.DATABASE_URL = t.url
    setBlobStore(store)
    await t.db
      .insertInto('permissions')
      .values({ codename: 'api.add_receipt', name: 'Can add receipts' })
      .onConflict((oc) => oc.doNothing())
      .execute()
    await t.db.insertInto('user_permissions').values({ user_id: alice.id, codename: 'api.add_receipt' }).execute()
    csrf = newCsrfCookieValue()
    const sid = async (userId: number) => (await startSession(t.db, new Request('http://app.test/'), userId)).split(';')[0]!
    aliceCookie = `${await sid(alice.id)}; csrf=${csrf.cookieValue}`
    bobCookie = `${await sid(bob.id)}; csrf=${csrf.cookieValue}`
  })

  async function call(method: string, body: unknown, options: { cookie?: string; csrfToken?: string } = {}) {
    const request = new Request('http://app.test/api/upload/', {
      method,
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { cookie: options.cookie ?? aliceCookie, 'x-csrf-token': options.csrfToken ?? csrf.token, 'content-type': 'application/json' },
    })
    try {
      return await uploadAction({ request, params: {}, context: { cspNonce: '', csrfToken: '' } })
    } catch (thrown) {
      if (thrown instanceof Response) return thrown
      throw thrown
    }
  }

  it('answers the spec shapes for start and complete', async () => {
    const data = png(CHUNK_BYTES + 10)
    const start = await call('POST', { data: { files: [{ key: 'r.png', size: data.length, chunk_count: 2 }] }, bucket: 'receipts/', prefix: '' })
    expect(start.status).toBe(200)
    const started = (await start.json()) as { data: { key: string; upload_id: string; urls: string[] }[] }
    expect(started.data).toEqual([{ key: 'r.png', upload_id: expect.any(String), urls: [expect.any(String), expect.any(String)] }])
    const chunks = await sendParts(started.data[0]!.urls, data)
    const done = await call('PUT', { data: { files: [{ key: 'r.png', size: data.length, uploadId: started.data[0]!.upload_id, chunks }] }, bucket: 'receipts', prefix: '' })
    expect(done.status).toBe(200)
    expect(await done.json()).toEqual({ data: { results: [{ success: true, id: expect.any(String) }] } })
  })

  it('keeps the time and place a device read from a resized photo’s original, and refuses ones off the Earth or the calendar', async () => {
    const data = png(5000)
    const start = await call('POST', { data: { files: [{ key: 'copy.png', size: data.length, chunk_count: 1 }] }, bucket: 'receipts' })
    const [started] = ((await start.json()) as { data: { upload_id: string; urls: string[] }[] }).data
    const file = { key: 'copy.png', size: data.length, uploadId: started!.upload_id, chunks: await sendParts(started!.urls, data) }
    const complete = (photo: unknown) => call('PUT', { data: { files: [{ ...file, photo }] }, bucket: 'receipts' })
    for (const photo of [
      { takenAt: '1970-01-01T00:00:00Z', latitude: null, longitude: null },
      { takenAt: null, latitude: 91, longitude: 0 },
      { takenAt: null, latitude: 45, longitude: null },
    ]) {
      expect((await complete(photo)).status).toBe(400)
    }
    const done = (await (await complete({ takenAt: '2026-10-03T14:05:09+01:00', latitude: 46.4085, longitude: -116.01 })).json()) as { data: { results: { id: string }[] } }
    const blob = await t.db.selectFrom('blobs').select(['taken_at', 'latitude', 'longitude']).where('id', '=', done.data.results[0]!.id).executeTakeFirstOrThrow()
    expect([blob.taken_at?.toISOString(), Number(blob.latitude), Number(blob.longitude)]).toEqual(['2026-10-03T13:05:09.000Z', 46.4085, -116.01])
  })

  it('answers bad input with 400 and {error}', async () => {
    const cases: [unknown, string][] = [
      ['not json{', 'The request body must be JSON.'],
      [{ data: { files: [{ key: 'x.png', size: 'big', chunk_count: 1 }] }, bucket: 'receipts' }, 'data.files.0.size'],
      [{ data: { files: [{ key: 'x.png', size: 30 * MiB, chunk_count: 6 }] }, bucket: 'receipts' }, 'File is too large (max 25 MiB).'],
      [{ data: { files: [{ key: 'x.png', size: 3, chunk_count: 1 }] }, bucket: 'elsewhere' }, 'Unknown upload area.'],
    ]
    for (const [body, message] of cases) {
      const response = await call('POST', body)
      expect(response.status).toBe(400)
      expect(((await response.json()) as { error: string }).error).toContain(message)
    }
  })

  it('requires a session, the CSRF header and the area permission', async () => {
    const body = { data: { files: [{ key: 'x.png', size: 3, chunk_count: 1 }] }, bucket: 'receipts' }
    expect((await call('POST', body, { cookie: `csrf=${csrf.cookieValue}` })).status).toBe(401)
    expect((await call('POST', body, { csrfToken: 'forged' })).status).toBe(403)
    expect((await call('POST', body, { cookie: bobCookie })).status).toBe(403)
    expect((await call('POST', { ...body, bucket: 'drive' })).status).toBe(403)
  })

  function form(fields: [string, string | File][]) {
    const fd = new FormData()
    for (const [name, value] of fields) fd.append(name, value)
    return new Request('http://app.test/receipt', { method: 'POST', body: fd, headers: { cookie: aliceCookie } })
  }

  it('stores the files of a plain multipart form and puts their blob ids in the file field, after the ids sent', async () => {
    const earlier = await storeUploadedFile(t.db, store, alice, 'receipts', { filename: 'earlier.png', stream: Readable.from([png(500)]) })
    const earlierId = earlier.ok ? earlier.id : ''
    const result = await parseUploadForm(
      form([
        ['csrf', csrf.token],
        ['location', 'Boise'],
        ['images_ids', earlierId],
        ['images_ids', '00000000-0000-4000-8000-000000000000'],
        ['images', new File([png(2000)], 'a.png')],
        ['images', new File(['plain words'], 'b.jpg')],
        ['images', new File([], '')],
        // the device's name of a photo kept for the outbox: never an image on the server
        ['images_local', '11111111-1111-4111-8111-111111111111'],
      ]),
      { area: 'receipts', user: alice, db: t.db, store },
    )
    expect(result.errors).toEqual([{ filename: 'b.jpg', error: 'Only image files are accepted.' }])
    expect(result.formData.get('images_local')).toBeNull()
    // the ids sent are the command's to check (requireOwnImages: commands/rules.ts), then the one file stored now
    expect(result.storedIds).toHaveLength(1)
    expect(result.blobIds).toEqual([earlierId, '00000000-0000-4000-8000-000000000000', result.storedIds[0]])
    expect(result.formData.getAll('images')).toEqual(result.blobIds)
    expect(result.formData.get('images_ids')).toBeNull()
    expect(result.formData.get('location')).toBe('Boise')
  })

  it('stores nothing for a form without the right CSRF token', async () => {
    const count = async () => (await t.db.selectFrom('blobs').select('id').execute()).length
    const before = await count()
    const refused = await parseUploadForm(
      form([
        ['csrf', 'forged'],
        ['images', new File([png(2000)], 'a.png')],
      ]),
      {
        area: 'receipts',
        user: alice,
        db: t.db,
        store,
      },
    ).catch((thrown: unknown) => thrown)
    expect(refused).toBeInstanceOf(Response)
    expect((refused as Response).status).toBe(403)
    expect(await count()).toBe(before)
  })

  it('keeps none of the files it stored when the form turns out too large part-way', async () => {
    const before = await filesUnder(root)
    const tooLarge = await parseUploadForm(
      form([
        ['csrf', csrf.token],
        ['images', new File([png(2000)], 'first.png')],
        ['images', new File([png(5 * MiB)], 'second.png')],
      ]),
      { area: 'receipts', user: alice, db: t.db, store, maxFiles: 1, maxBytes: 1 * MiB },
    ).catch((thrown: unknown) => thrown)
    expect((tooLarge as Response).status).toBe(413)
    expect(await filesUnder(root)).toEqual(before)
  })

  it("settle: a refused answer deletes this post's files and drops their ids from the form values; earlier uploads and accepted answers keep theirs", async () => {
    const earlier = await storeUploadedFile(t.db, store, alice, 'receipts', { filename: 'earlier.png', stream: Readable.from([png(500)]) })
    const earlierId = earlier.ok ? earlier.id : ''
    const post = () =>
      parseUploadForm(
        form([
          ['csrf', csrf.token],
          ['images_ids', earlierId],
          ['images', new File([png(2000)], 'new.png')],
        ]),
        { area: 'receipts', user: alice, db: t.db, store },
      )
    const exists = async (id: string) => !!(await t.db.selectFrom('blobs').select('id').where('id', '=', id).executeTakeFirst())

    const refused = await post()
    const stored = refused.blobIds.find((id) => id !== earlierId)!
    const answer = await refused.settle(data({ status: 'error', initialValue: { images: refused.blobIds, location: 'x' } }, { status: 400 }))
    expect(answer.data.initialValue.images).toEqual([earlierId])
    expect([await exists(stored), await exists(earlierId)]).toEqual([false, true])

    const accepted = await post()
    const kept = accepted.blobIds.find((id) => id !== earlierId)!
    await accepted.settle(data({ initialValue: { images: accepted.blobIds } }, { status: 200 }))
    expect(await exists(kept)).toBe(true)
  })
})
