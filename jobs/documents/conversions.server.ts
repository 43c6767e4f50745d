// Asking for a document's PDF: from the cache when it was made before, else a job is queued.
// A conversion is one document_conversions row per (kind, source content hash): every blob with the
// same bytes shares it, so converting the same file twice does no work. The row and its job are
// written in one transaction. A failed conversion stays failed (its message is shown) until it is
// asked for again CONVERSION_RETRY_MINUTES later; a pending one whose job was lost (no worker was
// running when it was queued) is queued again after PENDING_REQUEUE_MINUTES.
// Posted HTML (POST /api/convert/) has a queue of its own (render-posted-pdf, rendered in Chromium
// pages of its own), and each user may have at most CONVERT_HTML_MAX_PENDING of it waiting: the
// app's own PDFs never wait behind what callers post (docs/decisions/0080).
import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import { config } from '#core/config.server.ts'
import { NotFoundError } from '#core/errors.ts'
import { inTransaction, type Executor } from '#db/client.server.ts'
import type { BlobStore } from '#storage/blob-store.ts'
import { FILE_TYPES } from '#storage/file-types.ts'
import { getBlobStore } from '#storage/index.server.ts'
import { objectKey } from '#storage/keys.ts'
import { enqueue } from '../enqueue.server.ts'
import { QUEUES } from '../queues.ts'

export type ConversionState = { id: string; status: 'pending' } | { id: string; status: 'done'; pdfBlobId: string } | { id: string; status: 'failed'; error: string }

type Kind = 'docx' | 'html'

interface ConversionRow {
  id: string
  status: 'pending' | 'done' | 'failed'
  pdf_blob_id: string | null
  error: string | null
}

/** A pending conversion older than this (its job lost, e.g. no worker ran) is queued again. */
export const PENDING_REQUEUE_MINUTES = 5
/** Part of an HTML conversion's hash: a change of the print layout makes new PDFs. */
const HTML_LAYOUT_VERSION = 'letter-v1'
/** Posted HTML is hashed apart from the app's own documents: it never shares their conversion (nor they its expiry). */
const POSTED_HTML_LAYOUT_VERSION = 'posted-letter-v1'

const QUEUE_OF: Record<Kind, typeof QUEUES.convertDocx | typeof QUEUES.renderPdf> = { docx: QUEUES.convertDocx, html: QUEUES.renderPdf }

/** How a conversion of posted HTML is made: it expires, and new work is admitted only while its poster has room. */
interface PostedOptions {
  keepHours: number
  /** throws PostedHtmlBusy when the poster may not start more work (called only when work would start; `starting` is not counted) */
  admit: (trx: Executor, starting?: string) => Promise<void>
}

/** A user already has CONVERT_HTML_MAX_PENDING posted conversions waiting: nothing was stored or queued. */
export class PostedHtmlBusy extends Error {
  constructor(readonly maxPending: number) {
    super(
      `You have ${maxPending === 1 ? 'a document' : `${maxPending} documents`} waiting to be converted (at most ${maxPending} at a time). Wait for ${maxPending === 1 ? 'it' : 'them'} to finish, then send this one again.`,
    )
    this.name = 'PostedHtmlBusy'
  }
}

function stateOf(row: ConversionRow): ConversionState {
  if (row.status === 'done') return { id: row.id, status: 'done', pdfBlobId: row.pdf_blob_id! }
  if (row.status === 'failed') return { id: row.id, status: 'failed', error: row.error ?? 'The document could not be converted.' }
  return { id: row.id, status: 'pending' }
}

/**
 * The conversion of `hash`, created (and its job queued) when missing; a stale failure or lost job is
 * queued again. `posted` HTML: it expires `keepHours` from now, asked again or not, goes to its own
 * queue, and starts work only when `admit` lets it (a refusal rolls everything back).
 */
async function ensureConversion(db: Executor, kind: Kind, hash: string, sourceBlobId: string, posted?: PostedOptions): Promise<ConversionState> {
  const expiresAt = posted ? sql<Date>`now() + ${posted.keepHours}::float8 * interval '1 hour'` : null
  const queue = posted ? QUEUES.renderPostedPdf : QUEUE_OF[kind]
  return inTransaction(db, async (trx) => {
    const created = await trx
      .insertInto('document_conversions')
      .values({ kind, source_hash: hash, source_blob_id: sourceBlobId, expires_at: expiresAt })
      .onConflict((oc) => oc.columns(['kind', 'source_hash']).doNothing())
      .returning(['id', 'status', 'pdf_blob_id', 'error'])
      .executeTakeFirst()
    if (created) {
      await posted?.admit(trx, created.id)
      await enqueue(trx, queue, { conversionId: created.id })
      return stateOf(created)
    }
    const { CONVERSION_RETRY_MINUTES } = config()
    // asked again: a failure old enough, or a pending row whose job was lost, starts over
    const restarted = await trx
      .updateTable('document_conversions')
      .set({ status: 'pending', error: null, attempts: 0, updated_at: sql`now()`, source_blob_id: sql`coalesce(source_blob_id, ${sourceBlobId}::uuid)` })
      .where('kind', '=', kind)
      .where('source_hash', '=', hash)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'failed'), eb('updated_at', '<', sql<Date>`now() - ${CONVERSION_RETRY_MINUTES}::float8 * interval '1 minute'`)]),
          eb.and([eb('status', '=', 'pending'), eb('updated_at', '<', sql<Date>`now() - ${PENDING_REQUEUE_MINUTES} * interval '1 minute'`)]),
        ]),
      )
      .returning(['id', 'status', 'pdf_blob_id', 'error'])
      .executeTakeFirst()
    if (restarted) {
      await posted?.admit(trx, restarted.id)
      if (expiresAt) await trx.updateTable('document_conversions').set({ expires_at: expiresAt }).where('id', '=', restarted.id).execute()
      await enqueue(trx, queue, { conversionId: restarted.id })
      return stateOf(restarted)
    }
    const row = await trx.selectFrom('document_conversions').select(['id', 'status', 'pdf_blob_id', 'error']).where('kind', '=', kind).where('source_hash', '=', hash).executeTakeFirstOrThrow()
    // the source the job reads may have gone (set null when its blob was deleted): this blob stands in
    await trx.updateTable('document_conversions').set({ source_blob_id: sourceBlobId }).where('id', '=', row.id).where('source_blob_id', 'is', null).execute()
    if (expiresAt) await trx.updateTable('document_conversions').set({ expires_at: expiresAt }).where('id', '=', row.id).execute()
    return stateOf(row)
  })
}

/** The hex SHA-256 of a stored object, read as a stream. */
export async function hashStored(store: BlobStore, key: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of await store.getStream(key)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** The blob's content hash, computed (and kept in blobs.sha256) the first time it is needed. */
async function blobHash(db: Executor, store: BlobStore, blobId: string): Promise<string> {
  const blob = await db.selectFrom('blobs').select(['key', 'sha256']).where('id', '=', blobId).executeTakeFirst()
  if (!blob) throw new NotFoundError('File not found.')
  if (blob.sha256) return blob.sha256
  const sha256 = await hashStored(store, blob.key)
  await db.updateTable('blobs').set({ sha256 }).where('id', '=', blobId).execute()
  return sha256
}

/** The PDF of a DOCX blob: done (cached by content hash), failed, or pending with a job queued. Safe to call again and again. */
export async function docxPdf(db: Executor, blobId: string, store: BlobStore = getBlobStore()): Promise<ConversionState> {
  return ensureConversion(db, 'docx', await blobHash(db, store, blobId), blobId)
}

/** HTML → PDF (print CSS: Letter, margins, page numbers): the same states. The HTML is kept as a blob, not in the job. */
export async function htmlPdf(db: Executor, html: string, store: BlobStore = getBlobStore()): Promise<ConversionState> {
  return storedHtmlPdf(db, html, HTML_LAYOUT_VERSION, null, undefined, store)
}

/** The first of the two numbers naming the advisory lock a poster's posts take turns on (the second is the user id). */
const POSTER_LOCK = 38_003

/**
 * HTML posted by a caller (POST /api/convert/): converted like the app's own, but capped (the job
 * reads the caps: CONVERT_HTML_MAX_PAGES, CONVERT_HTML_TIMEOUT_SECONDS), rendered from a queue of
 * its own, and kept only CONVERT_HTML_KEEP_HOURS from its last post; then the clean-up deletes it
 * with its PDF. A user with CONVERT_HTML_MAX_PENDING posted conversions waiting gets PostedHtmlBusy
 * for one more (HTML already converted, or already waiting, is answered as before). The user's
 * posts take turns (an advisory lock), so two sent at once cannot both slip under the cap.
 */
export async function postedHtmlPdf(db: Executor, html: string, userId: number, store: BlobStore = getBlobStore()): Promise<ConversionState> {
  const { CONVERT_HTML_KEEP_HOURS, CONVERT_HTML_MAX_PENDING } = config()
  return inTransaction(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(${POSTER_LOCK}, ${userId}::int)`.execute(trx)
    const admit = async (trx: Executor, starting?: string) => {
      if ((await postedPending(trx, userId, starting)) >= CONVERT_HTML_MAX_PENDING) throw new PostedHtmlBusy(CONVERT_HTML_MAX_PENDING)
    }
    return storedHtmlPdf(trx, html, POSTED_HTML_LAYOUT_VERSION, userId, { keepHours: CONVERT_HTML_KEEP_HOURS, admit }, store)
  })
}

/**
 * The posted conversions of `userId` (the first to post their HTML) still waiting or running; one
 * untouched for PENDING_REQUEUE_MINUTES has lost its job and holds nobody back.
 */
async function postedPending(db: Executor, userId: number, except?: string): Promise<number> {
  const row = await db
    .selectFrom('document_conversions as c')
    .innerJoin('blobs as b', 'b.id', 'c.source_blob_id')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('c.kind', '=', 'html')
    .where('c.expires_at', 'is not', null)
    .where('c.status', '=', 'pending')
    .where('c.updated_at', '>', sql<Date>`now() - ${PENDING_REQUEUE_MINUTES} * interval '1 minute'`)
    .where('b.created_by', '=', userId)
    .$if(except !== undefined, (q) => q.where('c.id', '<>', except!))
    .executeTakeFirstOrThrow()
  return row.n
}

async function storedHtmlPdf(db: Executor, html: string, layout: string, createdBy: number | null, posted: PostedOptions | undefined, store: BlobStore): Promise<ConversionState> {
  const hash = createHash('sha256').update(`${layout}\n`).update(html).digest('hex')
  const existing = await db.selectFrom('document_conversions').select('source_blob_id').where('kind', '=', 'html').where('source_hash', '=', hash).executeTakeFirst()
  if (existing?.source_blob_id) return ensureConversion(db, 'html', hash, existing.source_blob_id, posted)
  // refused before anything is stored
  await posted?.admit(db)
  // object first, then its row: a crash between them leaves an object no row names, never a row without its object
  const body = Buffer.from(html, 'utf8')
  const key = objectKey('documents', 'document.html')
  await store.put(key, body, { contentType: 'text/html' })
  const blob = await db
    .insertInto('blobs')
    .values({ id: crypto.randomUUID(), area: 'documents', key, filename: 'document.html', content_type: 'text/html', size_bytes: body.length, created_by: createdBy })
    .returning('id')
    .executeTakeFirstOrThrow()
  return ensureConversion(db, 'html', hash, blob.id, posted)
}

/** The current state of a conversion, or null when it does not exist. */
export async function conversionState(db: Executor, id: string): Promise<ConversionState | null> {
  const row = await db.selectFrom('document_conversions').select(['id', 'status', 'pdf_blob_id', 'error']).where('id', '=', id).executeTakeFirst()
  return row ? stateOf(row) : null
}

const WAIT_STEP_MS = 150

/** Waits (polling) until the conversion is done or failed, or `timeoutMs` passes (then pending). */
export async function waitForConversion(db: Executor, id: string, timeoutMs: number): Promise<ConversionState> {
  const until = Date.now() + Math.max(0, timeoutMs)
  for (;;) {
    const state = await conversionState(db, id)
    if (!state) throw new NotFoundError('Conversion not found.')
    if (state.status !== 'pending' || Date.now() >= until) return state
    await new Promise((resolve) => setTimeout(resolve, Math.min(WAIT_STEP_MS, Math.max(0, until - Date.now()))))
  }
}

/**
 * Called after files reach the drive: a DOCX is converted at once (so opening it is quick and its
 * words are searchable), a PDF's text is extracted for the search. Queues jobs; never throws for a
 * file it has nothing to do for.
 */
export async function documentsUploaded(db: Executor, blobIds: readonly string[], store: BlobStore = getBlobStore()): Promise<void> {
  if (blobIds.length === 0) return
  const blobs = await db.selectFrom('blobs').select(['id', 'content_type']).where('id', 'in', blobIds).execute()
  for (const blob of blobs) {
    if (blob.content_type === FILE_TYPES.pdf.mime) {
      await enqueue(db, QUEUES.extractText, { pdfBlobId: blob.id })
    } else if (blob.content_type === FILE_TYPES.docx.mime) {
      const state = await docxPdf(db, blob.id, store)
      // converted before (same bytes): this file's drive entry still needs the words
      if (state.status === 'done') await enqueue(db, QUEUES.extractText, { pdfBlobId: state.pdfBlobId })
    }
  }
}
