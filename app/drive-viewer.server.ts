// What the drive shows for its opened row (`/auditing?open=<key>`): a PDF or an image by a signed,
// inline URL that lives 10 minutes (the filesystem driver serves it with byte ranges, so the PDF
// viewer reads only the pages it shows), a DOCX by the PDF it is converted to.
import { ForbiddenError } from '#core/errors.ts'
import type { SessionUser } from '#core/permissions.ts'
import type { Executor } from '#db/client.server.ts'
import { blobKeyOf } from '#storage/attachments.server.ts'
import { docxPdf, type ConversionState } from '#jobs/documents/conversions.server.ts'
import { blobForViewer } from '#storage/attachments.server.ts'
import type { BlobStore } from '#storage/blob-store.ts'
import { findDriveFile } from '#storage/drive.server.ts'
import { getBlobStore } from '#storage/index.server.ts'
import { viewerKind } from './drive-viewer.ts'

// the rule is shared with the drive's page (a component cannot import this module)
export { isOpenable } from './drive-viewer.ts'

export type OpenedFile =
  | { key: string; name: string; kind: 'pdf' | 'image'; url: string }
  | { key: string; name: string; kind: 'docx'; status: 'pending' }
  | { key: string; name: string; kind: 'docx'; status: 'done'; url: string }
  | { key: string; name: string; kind: 'docx'; status: 'failed'; error: string }

/** How long a viewer's URL works: long enough to read a document, short enough not to be a lasting link. */
export const VIEWER_URL_SECONDS = 600

/** The message shown when a conversion could not even be asked for (the reason goes to the log). */
export const CONVERSION_UNAVAILABLE = 'This document cannot be converted now. Please try again later.'

/** The opened file for the `open` parameter, or null when there is none or it cannot be opened. */
export async function openedFile(db: Executor, user: SessionUser, key: string | null, store: BlobStore = getBlobStore()): Promise<OpenedFile | null> {
  if (!key) return null
  const file = await findDriveFile(db, key)
  const kind = file ? viewerKind(file.file_type) : null
  if (!file || !kind) return null
  // the drive's own rule for its files (RECORD_AREAS.drive), checked per file as for any blob
  const visible = await blobForViewer(db, user, file.blob_id)
  if (visible === 'not-found') return null
  if (visible === 'forbidden') throw new ForbiddenError()
  const base = { key: file.key, name: file.name }
  const inlineUrl = (blobKey: string, filename: string, contentType: string) => store.signedDownloadUrl(blobKey, { disposition: 'inline', expiresInSeconds: VIEWER_URL_SECONDS, filename, contentType })
  if (kind !== 'docx') return { ...base, kind, url: await inlineUrl(file.blob_key, file.name, file.content_type) }

  const state = await conversionOf(db, file.blob_id, file.sha256)
  if (state.status === 'pending') return { ...base, kind, status: 'pending' }
  if (state.status === 'failed') return { ...base, kind, status: 'failed', error: state.error }
  const pdfKey = await blobKeyOf(db, state.pdfBlobId)
  if (!pdfKey) return { ...base, kind, status: 'failed', error: CONVERSION_UNAVAILABLE }
  return { ...base, kind, status: 'done', url: await inlineUrl(pdfKey, file.name.replace(/\.docx$/i, '') + '.pdf', 'application/pdf') }
}

/**
 * A DOCX's conversion: one already asked for is read as it is (opening a file, a GET, then only
 * reads, however often the page refreshes); otherwise the pipeline is asked (it converts each
 * content once and queues the job).
 */
async function conversionOf(db: Executor, blobId: string, sha256: string | null): Promise<ConversionState> {
  if (sha256) {
    const known = await db.selectFrom('document_conversions').select(['id', 'status', 'pdf_blob_id', 'error']).where('kind', '=', 'docx').where('source_hash', '=', sha256).executeTakeFirst()
    if (known?.status === 'done' && known.pdf_blob_id) return { id: known.id, status: 'done', pdfBlobId: known.pdf_blob_id }
    if (known?.status === 'failed') return { id: known.id, status: 'failed', error: known.error ?? CONVERSION_UNAVAILABLE }
    if (known?.status === 'pending') return { id: known.id, status: 'pending' }
  }
  try {
    return await docxPdf(db, blobId)
  } catch (error) {
    console.error('docxPdf failed', error)
    return { id: '', status: 'failed', error: CONVERSION_UNAVAILABLE }
  }
}
