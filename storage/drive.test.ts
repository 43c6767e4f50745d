// The drive's tree against a real Postgres, on both stores: the filesystem driver and the S3 driver
// against s3rver on loopback (deleting files must remove their stored objects in either). The
// checks of the drive's changes, with their messages, are its commands' (commands/drive.test.ts).
import fsp from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { CreateBucketCommand } from '@aws-sdk/client-s3'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import type { BlobStore } from './blob-store.ts'
import { FsDriver } from './fs-driver.server.ts'
import { S3Driver } from './s3-driver.server.ts'
import { addDriveFile, deleteEmptyFolder, deleteStoredObjects, findDriveFile, insertFolder, listFolder, removeDriveFiles, searchDrive } from './drive.server.ts'

type S3rverClass = new (options: Record<string, unknown>) => { run(): Promise<{ port: number }>; close(): Promise<void> }
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass

let t: TestDatabase
let user: { id: number }
const cleanups: (() => Promise<void>)[] = []

beforeAll(async () => {
  t = await createTestDatabase()
  user = await t.db.insertInto('users').values({ username: 'drive-tester', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow()
})

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  await t?.drop()
})

async function fsStore(): Promise<BlobStore> {
  const root = await fsp.mkdtemp(path.join(os.tmpdir(), 'drive-fs-'))
  cleanups.push(() => fsp.rm(root, { recursive: true, force: true }))
  return new FsDriver({ root })
}

async function s3Store(): Promise<BlobStore> {
  const directory = await fsp.mkdtemp(path.join(os.tmpdir(), 'drive-s3rver-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory })
  const { port } = await server.run()
  const driver = new S3Driver({
    bucket: 'drive-test',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  })
  await driver.client.send(new CreateBucketCommand({ Bucket: 'drive-test' }))
  cleanups.push(async () => {
    driver.destroy()
    await server.close()
    await fsp.rm(directory, { recursive: true, force: true })
  })
  return driver
}

describe.each([
  ['fs', fsStore],
  ['s3', s3Store],
] as const)('the drive on the %s store', (driver, makeStore) => {
  let store: BlobStore
  // each driver works in its own top folder of the one database
  const top = `${driver}-root/`

  beforeAll(async () => {
    store = await makeStore()
  })

  /** A stored file in the drive, as an upload leaves it. */
  async function addFile(parent: string, name: string, bytes: string, fileType = 'pdf'): Promise<string> {
    const blobKey = `drive/test/${crypto.randomUUID()}`
    await store.put(blobKey, Buffer.from(bytes), { contentType: 'application/pdf' })
    return t.db.transaction().execute(async (trx) => {
      const blob = await trx
        .insertInto('blobs')
        .values({ id: crypto.randomUUID(), area: 'drive', key: blobKey, filename: name, content_type: 'application/pdf', size_bytes: bytes.length, created_by: user.id })
        .returning('id')
        .executeTakeFirstOrThrow()
      return addDriveFile(trx, { parent, name, blobId: blob.id, fileType, sizeBytes: bytes.length, userId: user.id })
    })
  }

  it('lists folders first, then files, sorted and paged apart', async () => {
    const p = `${top}list/`
    await insertFolder(t.db, user, p, 'zeta')
    await insertFolder(t.db, user, p, 'alpha')
    await addFile(p, 'b.pdf', 'bbbbbbbbbb')
    await addFile(p, 'a.pdf', 'a')
    await addFile(p, 'c.txt', 'ccccc', 'txt')

    const byName = await listFolder(t.db, p)
    expect(byName.entries.map((e) => e.key)).toEqual([`${p}alpha/`, `${p}zeta/`, `${p}a.pdf`, `${p}b.pdf`, `${p}c.txt`])
    expect(byName).toMatchObject({ folders: 2, files: 3, total: 5, totalPages: 1 })

    const bySizeDesc = await listFolder(t.db, p, { sort: 'size', order: 'desc' })
    expect(bySizeDesc.entries.map((e) => e.name)).toEqual(['zeta', 'alpha', 'b.pdf', 'c.txt', 'a.pdf'])
    const byType = await listFolder(t.db, p, { sort: 'type' })
    expect(byType.entries.slice(2).map((e) => e.name)).toEqual(['a.pdf', 'b.pdf', 'c.txt'])

    // page 1 holds both folders and the first file; page 2 the next files, from the files' own index
    const page1 = await listFolder(t.db, p, { pageSize: 3, page: 1 })
    const page2 = await listFolder(t.db, p, { pageSize: 3, page: 2 })
    expect(page1.entries.map((e) => e.name)).toEqual(['alpha', 'zeta', 'a.pdf'])
    expect(page2.entries.map((e) => e.name)).toEqual(['b.pdf', 'c.txt'])
    expect(page2.totalPages).toBe(2)
  })

  it('adds a folder with its missing parents; a name taken by a folder or a file adds nothing', async () => {
    const key = await insertFolder(t.db, user, `${top}deep/er/`, 'est')
    expect(key).toBe(`${top}deep/er/est/`)
    expect((await listFolder(t.db, `${top}deep/`)).entries.map((e) => e.key)).toEqual([`${top}deep/er/`])
    expect(await insertFolder(t.db, user, `${top}deep/er/`, 'est')).toBeNull()
    await addFile(`${top}deep/`, 'taken.pdf', 'x')
    expect(await insertFolder(t.db, user, `${top}deep/`, 'taken.pdf')).toBeNull()
    expect((await listFolder(t.db, `${top}deep/`)).entries.map((e) => e.key)).toEqual([`${top}deep/er/`, `${top}deep/taken.pdf`])
  })

  it('deletes a folder only when it is empty', async () => {
    const folder = (await insertFolder(t.db, user, top, 'to-delete'))!
    await addFile(folder, 'inside.pdf', 'x')
    expect(await deleteEmptyFolder(t.db, folder)).toBe('not_empty')
    expect((await listFolder(t.db, folder)).files).toBe(1)
    await removeDriveFiles(t.db, store, [{ parent: folder, name: 'inside.pdf' }])
    expect(await deleteEmptyFolder(t.db, folder)).toBe('deleted')
    expect((await listFolder(t.db, top)).entries.map((e) => e.key)).not.toContain(folder)
    expect(await deleteEmptyFolder(t.db, folder)).toBe('missing')
  })

  it('deletes files: entries, blob rows and stored objects', async () => {
    const p = `${top}del/`
    const one = await addFile(p, 'one.pdf', 'first')
    const two = await addFile(p, 'two.pdf', 'second')
    const keep = await addFile(p, 'keep.pdf', 'kept')
    const objects = await Promise.all([one, two].map(async (k) => (await findDriveFile(t.db, k))!.blob_key))
    expect(await Promise.all(objects.map((o) => store.exists(o)))).toEqual([true, true])

    const removed = await t.db.transaction().execute((trx) =>
      removeDriveFiles(
        trx,
        store,
        ['one.pdf', 'two.pdf', 'missing.pdf'].map((name) => ({ parent: p, name })),
      ),
    )
    expect(removed.map((r) => r.key).sort()).toEqual([one, two])
    expect(await findDriveFile(t.db, one)).toBeNull()
    // the rows are gone with the transaction; the objects go after it, when the caller deletes them
    expect(await Promise.all(objects.map((o) => store.exists(o)))).toEqual([true, true])
    await deleteStoredObjects(
      store,
      removed.map((r) => r.blobKey),
    )
    expect(await Promise.all(objects.map((o) => store.exists(o)))).toEqual([false, false])
    const blobs = await t.db.selectFrom('blobs').select('id').where('key', 'in', objects).execute()
    expect(blobs).toEqual([])
    expect(await findDriveFile(t.db, keep)).not.toBeNull()
  })

  it('numbers a name already taken in the folder: nothing is overwritten', async () => {
    const p = `${top}same/`
    expect(await addFile(p, 'report.pdf', 'v1')).toBe(`${p}report.pdf`)
    expect(await addFile(p, 'report.pdf', 'v2')).toBe(`${p}report (2).pdf`)
    expect(await addFile(p, 'report.pdf', 'v3')).toBe(`${p}report (3).pdf`)
    expect((await listFolder(t.db, p)).files).toBe(3)
  })

  it('refuses to put a file where a file already stands as a folder', async () => {
    await addFile(top, 'blocker', 'x', 'file')
    await expect(addFile(`${top}blocker/`, 'a.pdf', 'y')).rejects.toThrow('A file named "blocker" is where a folder should be.')
  })

  it('finds files by part of the name and by words inside, with their folder', async () => {
    const p = `${top}search/${driver}/`
    const key = await addFile(p, `Quarterly-${driver}-Audit.pdf`, 'x')
    const inside = await addFile(p, `notes-${driver}.pdf`, 'y')
    await t.db
      .updateTable('drive_entries')
      .set({ content: sql`to_tsvector('simple', ${`sprout inhibitor dose for ${driver}zone`})` as never })
      .where('parent', '=', p)
      .where('name', '=', `notes-${driver}.pdf`)
      .execute()
    const byName = await searchDrive(t.db, `quarterly-${driver}`)
    expect(byName).toEqual([expect.objectContaining({ key, folder: p, match: 'name' })])
    const byWords = await searchDrive(t.db, `inhibitor ${driver}zone`)
    expect(byWords).toEqual([expect.objectContaining({ key: inside, folder: p, match: 'content' })])
    expect(await searchDrive(t.db, '%')).toEqual(expect.not.arrayContaining([expect.objectContaining({ key })]))
  })
})
