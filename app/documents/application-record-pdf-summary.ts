// The season summary's table (decision 0042): the kept totals of one July–June season by grower,
// applicator licence and product, as the rows that the page, the CSV and the PDF all show.
import { amountText } from '#core/application-record.ts'
import { formatNumber } from '#core/formats.ts'
import type { QuantityInputs } from '#core/pretreat-quantities.ts'
import type { SeasonTotal } from '#db/queries/application-records.ts'

/** formatCwt's format, made once: a NumberFormat per cell cost ~0.1 ms, and a season has thousands of rows */
const CWT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

export const SUMMARY_HEADER = ['Grower', 'Applicator licence', 'Product', 'Total cwt treated', 'Total amount applied', 'Applications'] as const

export interface SummaryTable {
  rows: string[][]
  /** applications counted in the season */
  applications: number
}

export function summaryTable(totals: readonly SeasonTotal[]): SummaryTable {
  return {
    rows: totals.map((t) => [
      t.grower_name,
      t.applicator_licence || '(none)',
      t.product_name,
      CWT.format(Number(t.cwt)),
      amountText(Number(t.quantity), t.units as QuantityInputs['units']),
      formatNumber(Number(t.applications)),
    ]),
    applications: totals.reduce((sum, t) => sum + Number(t.applications), 0),
  }
}

export const SUMMARY_NOTE = 'Completed applications only: void records are kept in Application Records but left out of these totals.'
