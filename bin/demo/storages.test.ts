import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { FsDriver } from '#storage/fs-driver.server.ts'
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts'
import { seedDemo } from './data.ts'

let t: TestDatabase
let root: string
beforeAll(async () => {
  t = await createTestDatabase()
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-storages-'))
})
afterAll(async () => {
  await t?.drop()
  fs.rmSync(root, { recursive: true, force: true })
})

it('gives the first storages a stored photo, once', async () => {
  const store = new FsDriver({ root })
  expect((await seedDemo(t.db, { store })).storage_images).toBe(3)
  const images = await t.db.selectFrom('storage_images as si').innerJoin('blobs as b', 'b.id', 'si.blob_id').select(['b.key', 'b.area', 'b.content_type']).execute()
  expect(images).toHaveLength(3)
  for (const image of images) {
    expect(image).toMatchObject({ area: 'storages', content_type: 'image/png' })
    expect((await store.readHead(image.key, 4)).subarray(1, 4).toString()).toBe('PNG')
  }
  expect((await seedDemo(t.db, { store })).storage_images).toBe(0)
})
