// Derived documents (the PDFs converted from a drive file) go with their source.
// STUB — implemented by the document pipeline work (issue 9).
import type { Executor } from '#db/client.server.ts'
import type { BlobStore } from './blob-store.ts'

export interface DeletedSource {
  id: string
  sha256: string | null
}

/**
 * Called in the transaction that deleted the source blobs' rows: removes the conversions (and their
 * PDF blobs) that no remaining blob needs (a conversion is shared by every blob of the same content).
 */
export async function releaseDerivedDocuments(_db: Executor, _store: BlobStore, _sources: readonly DeletedSource[]): Promise<void> {}
