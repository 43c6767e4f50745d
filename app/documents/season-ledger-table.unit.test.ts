// The season ledger's cells (the Ledger tab, its CSV and its PDF share them) read as a person reads
// numbers: thousands separated, and a count with its word in agreement ('1 application').
import { describe, expect, it } from 'vitest'
import { season } from '#core/season.ts'
import { seasonLedger, type LedgerEntry, type SeasonLimits } from '#core/season-check.ts'
import { countText, formatNumber } from '#core/formats.ts'
import { ledgerCsvRows, productCells } from './season-ledger-table.ts'

const CIPC: SeasonLimits = {
  product_id: 1,
  product_name: 'CIPC Aerosol',
  units: 'oz',
  max_ppm_per_application: null,
  max_total_per_season: 5000,
  max_total_basis: 'ton',
  max_applications_per_season: 1,
  min_days_between: 1,
  min_days_before_removal: null,
  not_for_seed: false,
}
const entry = (n: number, date: string): LedgerEntry => ({
  pretreat_id: n,
  pre_treat_number: `PT-25-00000${n}`,
  application_date: date,
  stop_time: '16:00',
  void: false,
  grower_name: 'Aberdeen Acres',
  applicator_name: 'Alex Applicator',
  applicator_licence: 'ID-PA-1',
  product_id: 1,
  product_name: CIPC.product_name,
  registration: 'EPA Reg. No. 1-1',
  units: 'oz',
  ppm_constant: 84000,
  cwt: 125_000,
  quantity_used: 12_500,
})

describe('the season ledger as text', () => {
  const ledger = seasonLedger(season(2025), [entry(1, '2025-10-01'), entry(2, '2025-10-01')], [CIPC], { seed: false, planned_removal: null })

  it('separates thousands in the cwt and the amount, and in the season maximum', () => {
    const [line] = ledgerCsvRows(ledger)
    expect(line![7]).toBe('125,000') // CWT
    expect(line![9]).toBe('12,500 oz') // Amount
    // 12,500 oz on 125,000 cwt: 0.1 oz per cwt, 2 oz per ton; against the label's 5,000
    expect(productCells(ledger.products[0]!)[2]).toBe('4 oz per ton of 5,000 oz per ton')
  })

  it('says 1 application and 1 day, 2 applications', () => {
    expect(productCells(ledger.products[0]!)[6]).toContain('2 applications, the label allows 1')
    expect(productCells(ledger.products[0]!)[6]).toContain('less than 1 day after')
    expect(countText(1, 'application')).toBe('1 application')
    expect(countText(1200, 'application')).toBe('1,200 applications')
    expect(formatNumber(1234567.891234)).toBe('1,234,567.8912')
  })
})
