// The render-pdf, render-posted-pdf and convert-docx jobs: print a pending conversion's source to PDF, store the PDF,
// mark the row done (and, for a DOCX, queue the text extraction) in one transaction. Safe to run
// twice: a row that is not pending is left alone, and of two runs racing only one PDF is kept.
import { createHash } from 'node:crypto'
import { text } from 'node:stream/consumers'
import { sql } from 'kysely'
import { config } from '#core/config.server.ts'
import { inTransaction, type Executor } from '#db/client.server.ts'
import type { BlobStore } from '#storage/blob-store.ts'
import { objectKey } from '#storage/keys.ts'
import { enqueue } from '../enqueue.server.ts'
import { QUEUES } from '../queues.ts'
import type { ChromiumPool } from './chromium-pool.server.ts'
import { ConversionFailure, docxToPdf, htmlToPdf } from './render.server.ts'

export interface ConvertOptions {
  timeoutMs: number
  /** pg-boss will not retry after this run: a failure is recorded on the row */
  lastAttempt: boolean
  /** the caps of posted HTML (a conversion with an expiry): its time (the shorter of the two applies) and pages; from the settings by default */
  posted?: { timeoutMs: number; maxPages: number }
}

/** The caps of posted HTML, from the settings (CONVERT_HTML_TIMEOUT_SECONDS, CONVERT_HTML_MAX_PAGES). */
export const postedHtmlCaps = () => ({ timeoutMs: config().CONVERT_HTML_TIMEOUT_SECONDS * 1000, maxPages: config().CONVERT_HTML_MAX_PAGES })

export type ConvertOutcome = 'converted' | 'failed' | 'skipped'

export const GENERIC_FAILURE = 'The document could not be converted.'
export const SOURCE_GONE = 'The document could not be converted: its file is no longer stored.'

async function markFailed(db: Executor, id: string, message: string): Promise<void> {
  await db
    .updateTable('document_conversions')
    .set({ status: 'failed', error: message, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute()
}

async function readAll(store: BlobStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of await store.getStream(key)) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

export async function runConversion(db: Executor, store: BlobStore, pool: ChromiumPool, conversionId: string, options: ConvertOptions): Promise<ConvertOutcome> {
  const row = await db
    .updateTable('document_conversions')
    .set({ attempts: sql`attempts + 1`, updated_at: sql`now()` })
    .where('id', '=', conversionId)
    .where('status', '=', 'pending')
    .returning(['id', 'kind', 'source_hash', 'source_blob_id', 'expires_at'])
    .executeTakeFirst()
  if (!row) return 'skipped'

  // the recorded source, or any other blob with the same bytes
  const source = await db
    .selectFrom('blobs')
    .select(['id', 'key', 'filename'])
    .where((eb) => (row.kind === 'docx' ? eb.or([eb('id', '=', row.source_blob_id), eb('sha256', '=', row.source_hash)]) : eb('id', '=', row.source_blob_id)))
    .orderBy(sql`id = ${row.source_blob_id}`, 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!source) {
    await markFailed(db, row.id, SOURCE_GONE)
    return 'failed'
  }

  // posted HTML (it expires) runs under its own caps, in the pool's slots for posted HTML
  const posted = row.expires_at ? (options.posted ?? postedHtmlCaps()) : null
  let pdf: Buffer
  try {
    pdf =
      row.kind === 'docx'
        ? await docxToPdf(pool, await readAll(store, source.key), options.timeoutMs)
        : posted
          ? await htmlToPdf(pool, await text(await store.getStream(source.key)), Math.min(options.timeoutMs, posted.timeoutMs), { maxPages: posted.maxPages, lane: 'posted' })
          : await htmlToPdf(pool, await text(await store.getStream(source.key)), options.timeoutMs)
  } catch (error) {
    if (error instanceof ConversionFailure) {
      await markFailed(db, row.id, error.message)
      return 'failed'
    }
    if (options.lastAttempt) await markFailed(db, row.id, GENERIC_FAILURE)
    throw error
  }

  const name = `${source.filename.replace(/\.[^.]*$/, '') || 'document'}.pdf`
  const key = objectKey('documents', name)
  await store.put(key, pdf, { contentType: 'application/pdf' })
  const stored = await inTransaction(db, async (trx) => {
    const blob = await trx
      .insertInto('blobs')
      .values({
        id: crypto.randomUUID(),
        area: 'documents',
        key,
        filename: name,
        content_type: 'application/pdf',
        size_bytes: pdf.length,
        created_by: null,
        sha256: createHash('sha256').update(pdf).digest('hex'),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const done = await trx
      .updateTable('document_conversions')
      .set({ status: 'done', pdf_blob_id: blob.id, error: null, updated_at: sql`now()` })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .executeTakeFirst()
    if (done.numUpdatedRows === 0n) {
      await trx.deleteFrom('blobs').where('id', '=', blob.id).execute()
      return false
    }
    if (row.kind === 'docx') await enqueue(trx, QUEUES.extractText, { pdfBlobId: blob.id })
    return true
  })
  // another run finished first (or the source was deleted meanwhile): this copy is not needed
  if (!stored) await store.delete(key)
  return stored ? 'converted' : 'skipped'
}
