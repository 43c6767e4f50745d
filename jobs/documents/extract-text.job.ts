// The extract-text job: the words of a PDF (uploaded to the drive, or converted from a DOCX) go into
// drive_entries.content of every entry that stands for it, so the drive's search finds them.
// Safe to run twice: entries that already have their words are not touched.
import { sql } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import { blobKeyOf } from '#storage/attachments.server.ts'
import type { BlobStore } from '#storage/blob-store.ts'

/** At most this much text is kept per document (the index stays small; the first 1 MiB finds it). */
export const MAX_TEXT_CHARS = 1024 * 1024

async function readAll(store: BlobStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of await store.getStream(key)) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** The text of a PDF, page by page, cut at `limit` characters. */
export async function pdfText(bytes: Uint8Array, limit = MAX_TEXT_CHARS): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const document = await getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise
  try {
    let out = ''
    for (let n = 1; n <= document.numPages && out.length < limit; n++) {
      const page = await document.getPage(n)
      const content = await page.getTextContent()
      for (const item of content.items) if ('str' in item) out += item.str + ('hasEOL' in item && item.hasEOL ? '\n' : ' ')
      out += '\n'
      page.cleanup()
    }
    return out.slice(0, limit)
  } finally {
    await document.destroy()
  }
}

/** SQL: ids of the drive entries whose file is the PDF `pdfBlobId`, or a DOCX converted into it. */
function entriesOf(pdfBlobId: string) {
  return sql<boolean>`(e.blob_id = ${pdfBlobId}::uuid or e.blob_id in (
    select b.id from blobs b join document_conversions c on c.kind = 'docx' and c.source_hash = b.sha256
     where c.pdf_blob_id = ${pdfBlobId}::uuid))`
}

/** Returns how many entries got their words (0 when there was nothing to do). */
export async function extractText(db: Executor, store: BlobStore, pdfBlobId: string): Promise<number> {
  const waiting = await db.selectFrom('drive_entries as e').select('e.id').where(entriesOf(pdfBlobId)).where('e.content', 'is', null).limit(1).executeTakeFirst()
  if (!waiting) return 0
  const key = await blobKeyOf(db, pdfBlobId)
  if (!key) return 0
  let words: string
  try {
    words = await pdfText(new Uint8Array(await readAll(store, key)))
  } catch {
    // an unreadable PDF has no words to find; its entries are marked done (empty) so it is not read again
    words = ''
  }
  const result = await db
    .updateTable('drive_entries as e')
    .set({ content: sql`to_tsvector('simple', ${words})` })
    .where(entriesOf(pdfBlobId))
    .where('e.content', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}
