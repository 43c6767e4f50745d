// Checks of a stored document before it is accepted (upload completion, no-JS upload): a DOCX that
// is not one, a DOCX that inflates past 200 MiB (zip bomb), an encrypted PDF.
// STUB — implemented by the document pipeline work (issue 9).
import type { BlobStore } from './blob-store.ts'
import type { FileType } from './file-types.ts'

/** The user-facing reason to refuse the stored object at `key`, or null when it is fine. */
export async function documentProblem(_store: BlobStore, _key: string, _type: FileType, _name: string, _size: number): Promise<string | null> {
  return null
}
