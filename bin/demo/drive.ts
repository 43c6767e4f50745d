// The auditing drive's demo content: a few folders, and (when a file store is given) a small PDF
// and a PNG in them, so the office user sees a drive with something to open. Safe to run again.
import type { Executor } from '#db/client.server.ts'
import type { BlobStore } from '#storage/blob-store.ts'
import { addDriveFile } from '#storage/drive.server.ts'
import { demoUuid } from './helpers.ts'
import { samplePdf } from './pdf.ts'
import { drawPng } from './png.ts'

const FOLDERS = [
  { parent: '', name: 'Audits 2026' },
  { parent: 'Audits 2026/', name: 'Storage 7' },
  { parent: '', name: 'Receipts' },
]

/** A 460×300 drawing of four storage bins (2 × 2 boxes of 200 × 120 with 20 px aisles). */
function demoPng(): Buffer {
  return drawPng(460, 300, (x, y) => (x >= 20 && x < 440 && y >= 20 && y < 280 && (x - 20) % 220 < 200 && (y - 20) % 140 < 120 ? [0x2f, 0x6b, 0x3a] : [0xf1, 0xf3, 0xee]))
}

const FILES = [
  { parent: 'Audits 2026/Storage 7/', name: 'Storage 7 audit.pdf', type: 'pdf', mime: 'application/pdf', bytes: () => samplePdf(1, 'Storage 7 audit, page') },
  { parent: 'Audits 2026/', name: 'Bin layout.png', type: 'png', mime: 'image/png', bytes: demoPng },
]

/** Returns how many drive entries it added. */
export async function seedDemoDrive(db: Executor, store?: BlobStore): Promise<number> {
  const folders = await db
    .insertInto('drive_entries')
    .values(FOLDERS.map((f) => ({ ...f, is_folder: true, file_type: 'folder' })))
    .onConflict((oc) => oc.columns(['parent', 'name']).doNothing())
    .returning('id')
    .execute()
  if (!store) return folders.length
  let files = 0
  for (const file of FILES) {
    const id = demoUuid(`drive:${file.parent}${file.name}`)
    if (await db.selectFrom('blobs').select('id').where('id', '=', id).executeTakeFirst()) continue
    const key = `drive/demo/${id}-${file.type}`
    const bytes = file.bytes()
    await store.put(key, bytes, { contentType: file.mime })
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('blobs').values({ id, area: 'drive', key, filename: file.name, content_type: file.mime, size_bytes: bytes.length }).execute()
      await addDriveFile(trx, { parent: file.parent, name: file.name, blobId: id, fileType: file.type, sizeBytes: bytes.length, userId: null })
    })
    files += 1
  }
  return folders.length + files
}
