// Asking for a document's PDF: from the cache when it was made before, else a job is queued.
// STUB — implemented by the document pipeline work (issue 9).
import type { Executor } from '#db/client.server.ts'

export type ConversionState =
  | { id: string; status: 'pending' }
  | { id: string; status: 'done'; pdfBlobId: string }
  | { id: string; status: 'failed'; error: string }

/** The PDF of a DOCX blob: done (cached by content hash), failed, or pending with a job queued. Safe to call again and again. */
export async function docxPdf(_db: Executor, _blobId: string): Promise<ConversionState> {
  throw new Error('not implemented yet')
}

/** HTML → PDF (print CSS: Letter, margins, page numbers): the same states. */
export async function htmlPdf(_db: Executor, _html: string): Promise<ConversionState> {
  throw new Error('not implemented yet')
}

/** Waits (polling) until the conversion is done or failed, or `timeoutMs` passes (then pending). */
export async function waitForConversion(_db: Executor, _id: string, _timeoutMs: number): Promise<ConversionState> {
  throw new Error('not implemented yet')
}

/**
 * Called after files reach the drive: a DOCX is converted at once (so opening it is quick and its
 * words are searchable), a PDF's text is extracted for the search. Queues jobs; never throws for a
 * file it has nothing to do for.
 */
export async function documentsUploaded(_db: Executor, _blobs: readonly { id: string; content_type: string }[]): Promise<void> {}
