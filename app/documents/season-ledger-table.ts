// The season ledger as text (issue 23, decision 0063): the same rows and cells for the storage's
// Ledger tab, its CSV and its PDF, so the three cannot disagree.
import { formatNumber } from '#core/formats.ts'
import { loadText, type LedgerLine, type ProductSeason, type SeasonLedger, type SeasonLimits } from '#core/season-check.ts'

export const LINE_HEADER = ['Date', 'Pre-Treat #', 'Product', 'EPA Registration', 'Grower', 'Applicator', 'Licence', 'CWT', 'Rate', 'Amount', 'Season Total', 'Applications'] as const
export const PRODUCT_HEADER = ['Product', 'Applications', 'Season Total', 'Used', 'Next Application', 'Crop May Leave From', 'Over the Label'] as const
/** The CSV's columns: the lines', and whether the pre-treat was void (its line counts for nothing). */
export const CSV_HEADER = [...LINE_HEADER, 'Void'] as const

function limitsOf(ledger: SeasonLedger, productId: number): SeasonLimits | undefined {
  return ledger.products.find((p) => p.limits.product_id === productId)?.limits
}

/** One application's cells; a void one has no running figures. */
export function lineCells(ledger: SeasonLedger, line: LedgerLine, counted = true): string[] {
  const limits = limitsOf(ledger, line.product_id)
  const max = limits?.max_applications_per_season ?? null
  return [
    line.application_date,
    line.pre_treat_number,
    line.product_name,
    line.registration,
    line.grower_name,
    line.applicator_name,
    line.applicator_licence,
    formatNumber(line.cwt),
    line.rate,
    line.amount,
    counted && limits ? loadText(line.running_total, limits) : '',
    counted ? (max === null ? formatNumber(line.running_count) : `${formatNumber(line.running_count)} of ${formatNumber(max)}`) : '',
  ]
}

export function nextText(next: string): string {
  return next === 'none' ? 'None this season' : next === 'any' ? 'Any day' : next
}

export function productCells(p: ProductSeason): string[] {
  const { limits } = p
  const max = limits.max_total_per_season
  return [
    limits.product_name,
    limits.max_applications_per_season === null ? formatNumber(p.applications) : `${formatNumber(p.applications)} of ${formatNumber(limits.max_applications_per_season)}`,
    max === null ? loadText(p.total, limits) : `${loadText(p.total, limits)} of ${loadText(max, limits)}`,
    p.percent_used === null ? '—' : `${formatNumber(p.percent_used)}%`,
    nextText(p.next_allowed),
    p.crop_may_leave ?? '—',
    p.over.join('; '),
  ]
}

/** The CSV file: every line of the season, void ones last and marked. */
export function ledgerCsvRows(ledger: SeasonLedger): string[][] {
  return [...ledger.lines.map((l) => [...lineCells(ledger, l), 'No']), ...ledger.voids.map((l) => [...lineCells(ledger, l, false), 'Yes'])]
}
