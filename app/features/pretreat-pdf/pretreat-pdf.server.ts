// The pre-treat sheet's PDF (issue 12; docs/decisions/0040), through the render-pdf queue: the
// document read (db/queries/pretreat-document.ts), rendered to HTML (pretreat-document.tsx) and
// asked of the pipeline, whose content-hash cache answers a second ask of the same pre-treat at once
// and makes a new PDF when anything printed changed. (A .ts file, the contract's name: no JSX here.)
import { createElement } from 'react'
import { NotFoundError } from '#core/errors.ts'
import type { Executor } from '#db/client.server.ts'
import { pretreatDocument } from '#db/queries/pretreat-document.ts'
import { htmlPdf, type ConversionState } from '#jobs/documents/conversions.server.ts'
import { PretreatDocument } from './pretreat-document.tsx'
import { printHtml } from '#app/documents/print-html.server.tsx'

/** The pre-treat's PDF as HTML; its title (the page header) is the pre-treat number. Throws NotFoundError. */
export async function pretreatPdfHtml(db: Executor, pretreatId: number): Promise<{ html: string; number: string }> {
  const doc = await pretreatDocument(db, pretreatId)
  if (!doc) throw new NotFoundError('Pre-treat not found.')
  return { html: printHtml(doc.sheet.pre_treat_number, createElement(PretreatDocument, { doc })), number: doc.sheet.pre_treat_number }
}

/** Asks for the pre-treat's PDF: from the cache, or its render-pdf job queued in the caller's transaction. */
export async function queuePretreatPdf(db: Executor, pretreatId: number): Promise<ConversionState> {
  return (await askPretreatPdf(db, pretreatId)).state
}

/**
 * A change to what a completed pre-treat prints (its restart completed after it): its new PDF is
 * queued in the caller's transaction, so the first view is the cached one. Pre-treats not completed
 * yet are left alone (their PDF is made when they complete). Returns the state, or null when left.
 */
export async function queueCompletedPretreatPdf(db: Executor, pretreatId: number): Promise<ConversionState | null> {
  const row = await db.selectFrom('pretreats').select('status').where('id', '=', pretreatId).executeTakeFirst()
  return row?.status === 'completed' ? queuePretreatPdf(db, pretreatId) : null
}

/** queuePretreatPdf, with the pre-treat number the PDF is named after (the routes that answer with it). */
export async function askPretreatPdf(db: Executor, pretreatId: number): Promise<{ state: ConversionState; number: string }> {
  const { html, number } = await pretreatPdfHtml(db, pretreatId)
  return { state: await htmlPdf(db, html), number }
}
