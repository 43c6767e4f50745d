// How a screen answers for a PDF the app renders (the pre-treat sheet, the print summary, the
// application records): it waits a little for the render-pdf job, then gives a signed inline URL,
// or "PDF not ready — try again" (the failure logged, never a broken page or a 500). One way for
// every PDF route: JSON routes answer { pdf_url } or the message, GET routes redirect to the PDF or
// render the message with a link to try again.
import { config } from '#core/config.server.ts'
import { NotFoundError } from '#core/errors.ts'
import type { Executor } from '#db/client.server.ts'
import { blobKeyOf } from '#storage/attachments.server.ts'
import { waitForConversion, type ConversionState } from '#jobs/documents/conversions.server.ts'
import { getBlobStore } from '#storage/index.server.ts'

export const PDF_NOT_READY = 'PDF not ready — try again'
/** How long a request waits for a render before answering PDF_NOT_READY (PDF_WAIT_SECONDS, 10 by default; a warm render takes well under a second). */
export const pdfWaitMs = () => config().PDF_WAIT_SECONDS * 1000
const PDF_URL_SECONDS = 10 * 60

export type PdfAnswer = { ready: true; url: string } | { ready: false; message: typeof PDF_NOT_READY }

/** The file name a PDF is downloaded and shown under: the document's name, made safe, with .pdf. */
export const pdfFileName = (name: string) => `${name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'document'}.pdf`

/** Waits (up to `waitMs`) for the conversion; a signed inline URL named `name`.pdf when done, else the message. */
export async function settlePdf(db: Executor, state: ConversionState, name: string, waitMs = pdfWaitMs()): Promise<PdfAnswer> {
  try {
    const settled = state.status === 'pending' ? await waitForConversion(db, state.id, waitMs) : state
    if (settled.status === 'failed') console.error(`PDF ${name} failed: ${settled.error}`)
    if (settled.status !== 'done') return { ready: false, message: PDF_NOT_READY }
    const key = await blobKeyOf(db, settled.pdfBlobId)
    if (!key) throw new NotFoundError('The rendered PDF is no longer stored.')
    const url = await getBlobStore().signedDownloadUrl(key, { expiresInSeconds: PDF_URL_SECONDS, filename: pdfFileName(name), contentType: 'application/pdf', disposition: 'inline' })
    return { ready: true, url }
  } catch (error) {
    console.error(`PDF ${name} could not be answered`, error)
    return { ready: false, message: PDF_NOT_READY }
  }
}
