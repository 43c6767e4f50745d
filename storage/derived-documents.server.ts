// Derived documents (the PDFs converted from a drive file) go with their source. A conversion is
// shared by every blob of the same content, so it goes when the last of them does.
import type { Executor } from '#db/client.server.ts'
import type { BlobStore } from './blob-store.ts'

export interface DeletedSource {
  id: string
  sha256: string | null
}

/**
 * Called in the transaction that deleted the source blobs' rows: removes the conversions (and their
 * PDF blobs) that no remaining blob needs (a conversion is shared by every blob of the same content).
 * Rows first, then the stored PDFs, as the rest of the app deletes files (storage/attachments.server.ts):
 * a failed object deletion throws and rolls the caller's transaction back.
 */
export async function releaseDerivedDocuments(db: Executor, store: BlobStore, sources: readonly DeletedSource[]): Promise<void> {
  const hashes = [...new Set(sources.map((s) => s.sha256).filter((h): h is string => !!h))]
  if (hashes.length === 0) return
  const released = await db
    .deleteFrom('document_conversions as c')
    .where('c.kind', '=', 'docx')
    .where('c.source_hash', 'in', hashes)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('blobs as b').select('b.id').whereRef('b.sha256', '=', 'c.source_hash'))))
    .returning('c.pdf_blob_id')
    .execute()
  const pdfIds = released.map((r) => r.pdf_blob_id).filter((id): id is string => !!id)
  if (pdfIds.length === 0) return
  const pdfs = await db.deleteFrom('blobs').where('id', 'in', pdfIds).returning('key').execute()
  for (const pdf of pdfs) await store.delete(pdf.key)
}
