// The drive's commands, run as the auditing page and its JSON API run them: their checks and
// messages, a key sent again (the same answer, never a 404 for what the first call deleted), and the
// stored objects deleted only after the commit.
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConflictError, InputError, NotFoundError } from '#core/errors.ts'
import type { BlobStore } from '#storage/blob-store.ts'
import { addDriveFile, findDriveFile, listFolder } from '#storage/drive.server.ts'
import { FsDriver } from '#storage/fs-driver.server.ts'
import { setBlobStore } from '#storage/index.server.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { runCommand, type Actor } from './command.ts'
import { createFolder, deleteDriveFiles, deleteFolder } from './drive.ts'

let t: TestDatabase
let root: string
let store: BlobStore
let office: Actor

beforeAll(async () => {
  t = await createTestDatabase()
  root = await fsp.mkdtemp(path.join(os.tmpdir(), 'drive-commands-'))
  store = new FsDriver({ root })
  setBlobStore(store)
  const { id } = await t.db.insertInto('users').values({ username: 'office', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow()
  office = { id, username: 'office', is_superuser: false, permissions: [] }
})

afterAll(async () => {
  setBlobStore(undefined)
  await t?.drop()
  if (root) await fsp.rm(root, { recursive: true, force: true })
})

const key = () => crypto.randomUUID()
const create = (p: string, f: string | null, k = key()) => runCommand(t.db, createFolder, { actor: office, key: k, input: { p, f } })
const removeFolder = (k: string, id = key()) => runCommand(t.db, deleteFolder, { actor: office, key: id, input: { k } })
const removeFiles = (keys: string[], id = key()) => deleteDriveFiles(t.db, { actor: office, key: id, input: { k: keys } })

/** A stored file in the drive, as an upload leaves it; returns its drive key and its object's key. */
async function addFile(parent: string, name: string): Promise<{ key: string; object: string }> {
  const object = `drive/test/${crypto.randomUUID()}`
  await store.put(object, Buffer.from('%PDF-1.4\n'), { contentType: 'application/pdf' })
  const fileKey = await t.db.transaction().execute(async (trx) => {
    const blob = await trx
      .insertInto('blobs')
      .values({ id: crypto.randomUUID(), area: 'drive', key: object, filename: name, content_type: 'application/pdf', size_bytes: 9, created_by: office.id })
      .returning('id')
      .executeTakeFirstOrThrow()
    return addDriveFile(trx, { parent, name, blobId: blob.id, fileType: 'pdf', sizeBytes: 9, userId: office.id })
  })
  return { key: fileKey, object }
}

describe('create a folder', () => {
  it('creates it with its missing parents, and refuses a taken or bad name', async () => {
    expect(await create('deep/er/', 'est')).toEqual({ key: 'deep/er/est/' })
    expect((await listFolder(t.db, 'deep/')).entries.map((e) => e.key)).toEqual(['deep/er/'])
    await expect(create('deep/er/', 'est')).rejects.toThrow(ConflictError)
    await addFile('deep/', 'taken.pdf')
    await expect(create('deep/', 'taken.pdf')).rejects.toEqual(new ConflictError('A file or folder named "taken.pdf" already exists here.'))
    await expect(create('', '  ')).rejects.toEqual(new InputError({ f: 'Please enter a folder name!' }))
    await expect(create('', null)).rejects.toEqual(new InputError({ f: 'Please enter a folder name!' }))
    await expect(create('', '../escape')).rejects.toThrow(InputError)
    await expect(create('../', 'escape')).rejects.toThrow(InputError)
  })

  it('answers a key sent again with the folder it made, not "already exists"', async () => {
    const k = key()
    expect(await create('', 'Twice', k)).toEqual({ key: 'Twice/' })
    expect(await create('', 'Twice', k)).toEqual({ key: 'Twice/' })
  })
})

describe('delete a folder', () => {
  it('deletes it only when it is empty, and says what is wrong otherwise', async () => {
    const { key: folder } = await create('', 'to-delete')
    const { key: inside } = await addFile(folder, 'inside.pdf')
    await expect(removeFolder(folder)).rejects.toEqual(new ConflictError('The folder is not empty: delete its files and folders first.'))
    await removeFiles([inside])
    expect(await removeFolder(folder)).toEqual({ deleted: folder })
    expect((await listFolder(t.db, '')).entries.map((e) => e.key)).not.toContain(folder)
    await expect(removeFolder(folder)).rejects.toEqual(new NotFoundError('The folder does not exist.'))
    await expect(removeFolder('')).rejects.toThrow(InputError)
  })

  it('answers a key sent again with the same {deleted}, not a 404', async () => {
    const { key: folder } = await create('', 'gone-once')
    const k = key()
    expect(await removeFolder('gone-once', k)).toEqual({ deleted: folder })
    expect(await removeFolder('gone-once', k)).toEqual({ deleted: folder })
  })
})

describe('delete files', () => {
  it('deletes entries, blob rows and stored objects; skips keys that name no file; refuses a bad key', async () => {
    const one = await addFile('del/', 'one.pdf')
    const two = await addFile('del/', 'two.pdf')
    const keep = await addFile('del/', 'keep.pdf')
    expect((await removeFiles([one.key, two.key, 'del/missing.pdf'])).deleted.sort()).toEqual([one.key, two.key])
    expect(await findDriveFile(t.db, one.key)).toBeNull()
    expect(await Promise.all([one, two].map((f) => store.exists(f.object)))).toEqual([false, false])
    expect(await t.db.selectFrom('blobs').select('id').where('key', 'in', [one.object, two.object]).execute()).toEqual([])
    expect(await findDriveFile(t.db, keep.key)).not.toBeNull()
    await expect(removeFiles(['../outside.pdf'])).rejects.toThrow(InputError)
  })

  it('answers a key sent again with the same {deleted}, not "none found"; another key finds none', async () => {
    const file = await addFile('again/', 'report.pdf')
    const k = key()
    expect(await removeFiles([file.key], k)).toEqual({ deleted: [file.key] })
    expect(await removeFiles([file.key], k)).toEqual({ deleted: [file.key] })
    expect(await removeFiles([file.key])).toEqual({ deleted: [] })
  })

  it('keeps the delete when a stored object cannot be deleted after the commit: only an orphan is left', async () => {
    const file = await addFile('orphan/', 'stuck.pdf')
    const failing: BlobStore = Object.assign(Object.create(store) as BlobStore, { delete: () => Promise.reject(new Error('store down')) })
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    setBlobStore(failing)
    try {
      expect(await removeFiles([file.key])).toEqual({ deleted: [file.key] })
      expect(logged).toHaveBeenCalledWith('could not delete a drive object', file.object, expect.any(Error))
    } finally {
      setBlobStore(store)
      logged.mockRestore()
    }
    expect(await findDriveFile(t.db, file.key)).toBeNull()
    expect(await store.exists(file.object)).toBe(true)
  })
})
