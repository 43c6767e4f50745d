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

/**
 * Posted HTML expires (POST /api/convert/, docs/decisions/0044): deletes up to `limit` conversions
 * whose expires_at is before `now`, with their HTML and PDF blobs (rows, then stored objects, in one
 * transaction; a failed object deletion rolls it back and the next run tries again). A blob another
 * conversion still names is left. Returns how many conversions went. Safe to run twice, and twice at
 * once (the rows are locked, a second run skips them).
 */
export async function releaseExpiredConversions(db: Executor, store: BlobStore, now: Date, limit = 200): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const expired = await trx
      .selectFrom('document_conversions')
      .select(['id', 'source_blob_id', 'pdf_blob_id'])
      .where('expires_at', '<', now)
      .orderBy('expires_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute()
    if (expired.length === 0) return 0
    await trx
      .deleteFrom('document_conversions')
      .where(
        'id',
        'in',
        expired.map((c) => c.id),
      )
      .execute()
    const blobIds = [...new Set(expired.flatMap((c) => [c.source_blob_id, c.pdf_blob_id]).filter((id): id is string => !!id))]
    if (blobIds.length > 0) {
      const gone = await trx
        .deleteFrom('blobs as b')
        .where('b.id', 'in', blobIds)
        .where('b.area', '=', 'documents')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('document_conversions as c')
                .select('c.id')
                .where((eb) => eb.or([eb('c.source_blob_id', '=', eb.ref('b.id')), eb('c.pdf_blob_id', '=', eb.ref('b.id'))])),
            ),
          ),
        )
        .returning('b.key')
        .execute()
      for (const blob of gone) await store.delete(blob.key)
    }
    return expired.length
  })
}
