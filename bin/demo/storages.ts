// Storage photos for the demo: (when a file store is given) a drawing of a storage's front on the
// first few storages, so the storage form (/edit-storage/{id}) shows images to keep or remove.
// Safe to run again: the blobs have fixed ids and the links are inserted once.
import type { Executor } from '#db/client.server.ts'
import type { BlobStore } from '#storage/blob-store.ts'
import { demoUuid } from './helpers.ts'
import { drawPng } from './png.ts'

/** How many storages get a photo. */
const STORAGES_WITH_PHOTOS = 3

/** A 320×200 storage front: a grey half-round roof over a green wall with a dark door. */
function storagePng(): Buffer {
  return drawPng(320, 200, (x, y) => {
    const dx = (x - 160) / 140
    const dy = (y - 120) / 90
    if (y >= 120 && y < 190 && x >= 20 && x < 300) return x >= 130 && x < 190 && y >= 140 ? [0x33, 0x33, 0x33] : [0x2f, 0x6b, 0x3a]
    if (y < 120 && dx * dx + dy * dy <= 1) return [0x9a, 0xa0, 0xa6]
    return [0xdd, 0xe8, 0xf3]
  })
}

/** Returns how many storage images it added. */
export async function seedDemoStorages(db: Executor, store?: BlobStore): Promise<number> {
  if (!store) return 0
  const storages = await db.selectFrom('storages').select(['id', 'name']).where('active', '=', true).orderBy('id').limit(STORAGES_WITH_PHOTOS).execute()
  let added = 0
  for (const storage of storages) {
    const id = demoUuid(`storage-photo:${storage.id}`)
    if (await db.selectFrom('blobs').select('id').where('id', '=', id).executeTakeFirst()) continue
    const key = `storages/demo/${id}-png`
    const bytes = storagePng()
    await store.put(key, bytes, { contentType: 'image/png' })
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('blobs')
        .values({ id, area: 'storages', key, filename: `${storage.name}.png`, content_type: 'image/png', size_bytes: bytes.length })
        .execute()
      await trx
        .insertInto('storage_images')
        .values({ storage_id: storage.id, blob_id: id, position: 0 })
        .onConflict((oc) => oc.doNothing())
        .execute()
    })
    added += 1
  }
  return added
}
