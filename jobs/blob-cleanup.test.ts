// The cleanup job against a real Postgres and real stores: the filesystem driver, and the S3 driver
// talking to s3rver (a real S3-protocol server) over loopback HTTP.
import fsp from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { CreateBucketCommand } from '@aws-sdk/client-s3'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BlobStore } from '#storage/blob-store.ts'
import { FsDriver } from '#storage/fs-driver.server.ts'
import { S3Driver } from '#storage/s3-driver.server.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { makeServiceSheet } from '../tests/support/service-sheets.ts'
import { cleanUpBlobs } from './blob-cleanup.job.ts'
import { aggregateAlerts } from './alert-aggregation.job.ts'

process.env.SESSION_SECRET ??= 'blob-cleanup-test-secret-0123456789'

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>
  close(): Promise<void>
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: Record<string, unknown>) => S3rverInstance

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])

interface StoreUnderTest {
  store: BlobStore
  /** files the store holds under its folder (objects and unfinished parts) */
  files(): Promise<string[]>
  close(): Promise<void>
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fsp.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort()
}

async function fsStore(): Promise<StoreUnderTest> {
  const root = await fsp.mkdtemp(path.join(os.tmpdir(), 'cleanup-fs-'))
  // the stored objects, not the driver's work folders (.multipart, .tmp)
  const objects = async () => (await filesUnder(root)).filter((f) => !f.startsWith('.'))
  return { store: new FsDriver({ root }), files: objects, close: () => fsp.rm(root, { recursive: true, force: true }) }
}

async function s3Store(): Promise<StoreUnderTest> {
  const directory = await fsp.mkdtemp(path.join(os.tmpdir(), 'cleanup-s3rver-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory })
  const { port } = await server.run()
  const driver = new S3Driver({ bucket: 'cleanup', region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } })
  await driver.client.send(new CreateBucketCommand({ Bucket: 'cleanup' }))
  return {
    store: driver,
    // s3rver keeps each object as <key>._S3rver_object beside its metadata
    files: async () => (await filesUnder(path.join(directory, 'cleanup'))).filter((f) => f.endsWith('._S3rver_object')),
    async close() {
      driver.destroy()
      await server.close()
      await fsp.rm(directory, { recursive: true, force: true })
    },
  }
}

describe.each([
  ['filesystem', fsStore],
  ['S3 (s3rver)', s3Store],
] as const)('blob cleanup with the %s store', (driverName, makeStore) => {
  let t: TestDatabase
  let s: StoreUnderTest
  let userId: number
  const made: Record<string, string> = {}

  const hoursAgo = (hours: number) => sql<Date>`now() - ${hours}::float8 * interval '1 hour'`

  async function blob(name: string, ageHours: number, area: 'service' | 'drive' = 'service'): Promise<string> {
    const id = crypto.randomUUID()
    const key = `${area}/2026/11/${id}-${name}.png`
    await s.store.put(key, PNG, { contentType: 'image/png' })
    await t.db
      .insertInto('blobs')
      .values({ id, area, key, filename: `${name}.png`, content_type: 'image/png', size_bytes: PNG.length, created_by: userId, created_at: hoursAgo(ageHours) })
      .execute()
    return id
  }

  async function pendingUpload(name: string, ageHours: number): Promise<string> {
    const key = `service/2026/11/${crypto.randomUUID()}-${name}.png`
    const uploadId = await s.store.createMultipart(key, 'application/octet-stream')
    const id = crypto.randomUUID()
    await t.db
      .insertInto('upload_sessions')
      .values({ id, area: 'service', key, driver_upload_id: uploadId, filename: `${name}.png`, size_bytes: 10, chunk_count: 1, created_by: userId, created_at: hoursAgo(ageHours) })
      .execute()
    return id
  }

  /** Everything a user or the next run could notice. */
  async function state() {
    const blobs = await t.db.selectFrom('blobs').select(['id', 'key']).orderBy('id').execute()
    const named = (id: string) => Object.keys(made).find((k) => made[k] === id) ?? id
    return {
      blobs: blobs.map((b) => named(b.id)).sort(),
      objects: await Promise.all(blobs.map((b) => s.store.exists(b.key))),
      sessions: Object.fromEntries((await t.db.selectFrom('upload_sessions').select(['id', 'status', 'blob_id']).execute()).map((r) => [named(r.blob_id ?? r.id), r.status])),
      files: await s.files(),
      alert: (await t.db.selectFrom('alert_counts').select('count').where('type', '=', 'pending_aws_imports').executeTakeFirst())?.count,
    }
  }

  beforeAll(async () => {
    ;[t, s] = await Promise.all([createTestDatabase(), makeStore()])
    userId = (await t.db.insertInto('users').values({ username: 'cleaner', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow()).id
    const sheet = await makeServiceSheet(t.db, { created_by: userId })

    made.attached = await blob('on-a-sheet', 48)
    await t.db.insertInto('service_sheet_images').values({ service_sheet_id: sheet.id, blob_id: made.attached }).execute()
    made.drive = await blob('drive-file', 48, 'drive')
    made.orphan = await blob('refused-form', 25)
    made.orphanFromUploader = await blob('uploaded-never-sent', 25)
    await t.db
      .insertInto('upload_sessions')
      .values({
        id: crypto.randomUUID(),
        area: 'service',
        key: `x/${made.orphanFromUploader}`,
        driver_upload_id: 'done',
        filename: 'f.png',
        size_bytes: 11,
        chunk_count: 1,
        status: 'completed',
        blob_id: made.orphanFromUploader,
        created_by: userId,
        created_at: hoursAgo(25),
      })
      .execute()
    made.recent = await blob('form-being-filled', 23)
    made.staleSession = await pendingUpload('abandoned', 25)
    made.freshSession = await pendingUpload('in-progress', 0.05) // 3 minutes: not yet an alert
    await aggregateAlerts(t.db)
  })

  afterAll(async () => {
    await t?.drop()
    await s?.close()
  })

  it('counts the abandoned upload as a pending import before it runs', async () => {
    expect((await state()).alert).toBe(1)
  })

  it('removes unattached files older than 24 h and expires uploads started more than 24 h ago; the alert goes down', async () => {
    const result = await cleanUpBlobs(t.db, s.store)
    expect(result).toMatchObject({ removedBlobs: 2, expiredSessions: 1 })
    const after = await state()
    expect(after.blobs).toEqual(['attached', 'drive', 'recent'].sort())
    expect(after.objects).toEqual([true, true, true])
    expect(after.files).toHaveLength(3)
    // the uploader's completed session went with its blob; the abandoned one is aborted
    expect(after.sessions).toEqual({ staleSession: 'aborted', freshSession: 'pending' })
    expect(after.alert).toBe(0)
  })

  it('gives the same result when run again', async () => {
    const before = await state()
    const result = await cleanUpBlobs(t.db, s.store)
    expect(result).toMatchObject({ removedBlobs: 0, expiredSessions: 0 })
    expect(await state()).toEqual(before)
  })

  it('removes a file again once the record that held it is gone', async () => {
    await t.db.deleteFrom('service_sheet_images').where('blob_id', '=', made.attached!).execute()
    await cleanUpBlobs(t.db, s.store)
    expect((await state()).blobs).toEqual(['drive', 'recent'])
  })

  if (driverName === 'filesystem') {
    it('aborts unfinished uploads the database does not know, and leaves recent ones', async () => {
      const store = s.store as FsDriver
      const key = 'service/2026/11/unknown.png'
      const old = await store.createMultipart(key, 'application/octet-stream')
      const recent = await store.createMultipart(key, 'application/octet-stream')
      // started 25 h ago, as the driver records it
      const meta = path.join(store.root, '.multipart', old, 'meta.json')
      await fsp.writeFile(meta, JSON.stringify({ key, contentType: 'application/octet-stream', createdAt: new Date(Date.now() - 25 * 3600_000).toISOString() }))
      const parts = async () => (await fsp.readdir(path.join(store.root, '.multipart'))).sort()
      expect(await parts()).toContain(old)

      const result = await cleanUpBlobs(t.db, store)
      expect(result.abortedUploads).toBe(1)
      expect(await parts()).not.toContain(old)
      expect(await parts()).toContain(recent)
      // the abandoned session's parts went with it; the upload still in progress keeps its own
      const fresh = await t.db.selectFrom('upload_sessions').select('driver_upload_id').where('id', '=', made.freshSession!).executeTakeFirstOrThrow()
      const stale = await t.db.selectFrom('upload_sessions').select('driver_upload_id').where('id', '=', made.staleSession!).executeTakeFirstOrThrow()
      expect(await parts()).toContain(fresh.driver_upload_id)
      expect(await parts()).not.toContain(stale.driver_upload_id)
    })
  }
})
