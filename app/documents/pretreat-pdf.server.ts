// The pre-treat sheet's PDF (issue 12; docs/decisions/0040), through the render-pdf queue.
// STUB — the documents part replaces the HTML; the signature is the contract.
import type { Executor } from '#db/client.server.ts'
import { htmlPdf, type ConversionState } from '#jobs/documents/conversions.server.ts'

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)

/** Asks for the pre-treat's PDF: from the cache, or its render-pdf job queued in the caller's transaction. */
export async function queuePretreatPdf(db: Executor, pretreatId: number): Promise<ConversionState> {
  const row = await db.selectFrom('pretreats').select('pre_treat_number').where('id', '=', pretreatId).executeTakeFirstOrThrow()
  return htmlPdf(db, `<!doctype html><html><head><meta charset="utf-8"><title>${escape(row.pre_treat_number)}</title></head><body><h1>${escape(row.pre_treat_number)}</h1></body></html>`)
}
