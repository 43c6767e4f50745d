// The auditing drive's demo content: a few folders, and (when a file store is given) a small PDF
// and a PNG in them, so the office user sees a drive with something to open. Safe to run again.
import zlib from 'node:zlib'
import type { Executor } from '#db/client.server.ts'
import type { BlobStore } from '#storage/blob-store.ts'
import { addDriveFile } from '#storage/drive.server.ts'
import { demoUuid } from './helpers.ts'

const FOLDERS = [
  { parent: '', name: 'Audits 2026' },
  { parent: 'Audits 2026/', name: 'Storage 7' },
  { parent: '', name: 'Receipts' },
]

/** A one-page PDF that says what it is. */
function demoPdf(): Buffer {
  const text = 'BT /F1 18 Tf 72 720 Td (Storage 7 audit - demo) Tj ET'
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((o, i) => {
    offsets.push(body.length)
    body += `${i + 1} 0 obj\n${o}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

/** CRC-32 of a PNG chunk (zlib.crc32 is Node 20.15 and later only). */
function crc32(bytes: Buffer): number {
  let crc = ~0
  for (const byte of bytes) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
  }
  return ~crc >>> 0
}

/** A 460×300 PNG drawing of four storage bins (green boxes on a light ground), made in code. */
function demoPng(): Buffer {
  const width = 460
  const height = 300
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const out = Buffer.alloc(body.length + 8)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc32(body), body.length + 4)
    return out
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const rows: Buffer[] = []
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3)
    for (let x = 0; x < width; x++) {
      // 2 × 2 bins of 200 × 120 with 20 px aisles
      const inBin = x >= 20 && x < 440 && y >= 20 && y < 280 && (x - 20) % 220 < 200 && (y - 20) % 140 < 120
      row.set(inBin ? [0x2f, 0x6b, 0x3a] : [0xf1, 0xf3, 0xee], 1 + x * 3)
    }
    rows.push(row)
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))])
}

const FILES = [
  { parent: 'Audits 2026/Storage 7/', name: 'Storage 7 audit.pdf', type: 'pdf', mime: 'application/pdf', bytes: demoPdf },
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
