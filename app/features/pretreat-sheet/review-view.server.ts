// What the review sheet (/review-pre-treat/{id}) and the read-only sheet (the completed modals) show
// beside the application sheet's view (sheet-view.server.ts): the price lines (those saved, a
// company without one at the default split), the cwt the shares must add up to, what was changed
// after the first save, and the application record's gaps (named before a reviewer completes it).
import { defaultPriceLines } from '#core/pretreat-pricing.ts'
import { localToday } from '#core/licence.ts'
import { applicationDateAhead } from '#core/pretreat-sheet.ts'
import type { Executor } from '#db/client.server.ts'
import { priceLinesOf, pricedCompanies, pricingBasis, sheetEdits } from '#db/queries/pretreat-review.ts'
import { applicationRecordGaps } from '#workflows/application-record.server.ts'
import type { PricingLine } from './pricing.tsx'
import { readSheet, sheetValues, sheetView } from './sheet-view.server.ts'
import type { SheetEditView } from './what-changed.tsx'

/**
 * The price lines a page shows, as text. Completed: as saved. Otherwise one per company of the
 * pre-treat now (those the review form posts): its saved line, or else the default split's.
 */
async function pricingLines(db: Executor, id: number, cwt: number | null, basePrice: number, completed: boolean): Promise<PricingLine[]> {
  const [companies, saved] = await Promise.all([pricedCompanies(db, id), priceLinesOf(db, id)])
  const defaults = defaultPriceLines(companies, cwt ?? 0, basePrice)
  const lines = completed ? saved : saved.length > 0 ? companies.map((c, i) => saved.find((s) => s.company_id === c.id) ?? defaults[i]!) : defaults
  return lines.map((l) => ({
    company_id: l.company_id,
    company_name: companies.find((c) => c.id === l.company_id)?.name ?? l.company_name,
    cwt_share: l.cwt_share.toFixed(2).replace(/\.00$/, ''),
    price: l.price.toFixed(4),
  }))
}

/** The sheet with its pricing, edits and record gaps; null when there is no such pre-treat. */
export async function readReviewView(db: Executor, id: number) {
  const read = await readSheet(db, id)
  if (!read) return null
  const { cwt, basePrice } = await pricingBasis(db, id)
  const [prices, edits, recordGaps] = await Promise.all([
    pricingLines(db, id, cwt, basePrice, read.row.status === 'completed'),
    sheetEdits(db, id),
    read.row.status === 'completed' ? Promise.resolve([]) : applicationRecordGaps(db, id),
  ])
  const values = sheetValues(read.row)
  return {
    row: read.row,
    sheet: sheetView(read.row),
    ...values,
    trucks: read.trucks,
    prices,
    expectedCwt: cwt,
    edits: edits.map((e): SheetEditView => ({ at: e.at.toISOString(), by: e.by, event: e.event, changes: e.changes })),
    recordGaps,
    /** the application date when it is after today (the reviewers are warned), else null */
    applicationDateAhead: read.row.status !== 'completed' && applicationDateAhead(values.values.application_date, localToday()) ? values.values.application_date! : null,
  }
}

export type ReviewView = Omit<NonNullable<Awaited<ReturnType<typeof readReviewView>>>, 'row'>
