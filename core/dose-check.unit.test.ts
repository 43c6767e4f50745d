import { describe, expect, it } from 'vitest'
import { doseReasonRequired, doseWarnings, storedDoseWarnings, type PlannedDose } from './dose-check.ts'

const dose = (over: Partial<PlannedDose['product']>, rest: Partial<PlannedDose> = {}): PlannedDose => ({
  product: {
    product_name: 'CIPC', units: 'gal', ppm: 16.6, ppm_constant: 1000, per: null, converter: null, min_qty: 0, max_ppm_per_application: 22, max_applications_per_season: 2,
    max_total_per_season: null, max_total_basis: 'cwt', min_days_between: null, min_days_before_removal: null, not_for_seed: false, ...over,
  },
  cwt: 1000,
  quantity: 16.6,
  applicationsThisSeason: 0,
  seasonLabel: '2026–27',
  day: '2026-11-20',
  storage: { seed: false, planned_removal: null },
  soFar: { load_per_cwt: 0, applied: [] },
  ...rest,
})

describe('doseWarnings', () => {
  it('passes a dose within the label', () => {
    expect(doseWarnings(dose({}))).toEqual([])
    expect(doseWarnings(dose({}, { quantity: 22 }))).toEqual([]) // exactly the maximum
  })
  it('names the rate limit when the planned rate passes it', () => {
    const warnings = doseWarnings(dose({}, { quantity: 25 }))
    expect(warnings).toEqual([{ kind: 'rate', message: "CIPC is over the label's limit: 25 ppm planned, the label allows at most 22 ppm per application." }])
  })
  it('names the season limit when the storage has had its maximum', () => {
    expect(doseWarnings(dose({}, { applicationsThisSeason: 1 }))).toEqual([])
    expect(doseWarnings(dose({}, { applicationsThisSeason: 2 }))).toEqual([
      { kind: 'season', message: "CIPC is over the label's limit: this storage has had 2 applications in the 2026–27 season, the label allows at most 2 per season." },
    ])
  })
  it('gives both warnings at once', () => {
    expect(doseWarnings(dose({}, { quantity: 30, applicationsThisSeason: 5 })).map((w) => w.kind)).toEqual(['rate', 'season'])
  })
  it('checks nothing the label does not limit, nor a rate it cannot know', () => {
    expect(doseWarnings(dose({ max_ppm_per_application: null, max_applications_per_season: null }, { quantity: 999, applicationsThisSeason: 9 }))).toEqual([])
    expect(doseWarnings(dose({ ppm_constant: null }, { quantity: 999 }))).toEqual([])
  })
})

describe('doseWarnings against the storage’s season (the ledger’s limits)', () => {
  // 16.6 gal on 1,000 cwt is 0.0166 gal per cwt, 0.332 per ton
  it('names a season total the application would pass, per cwt or per ton, and not one it would reach exactly', () => {
    expect(doseWarnings(dose({ max_total_per_season: 0.05 }, { soFar: { load_per_cwt: 0.0332, applied: ['2026-10-01'] } }))).toEqual([])
    expect(doseWarnings(dose({ max_total_per_season: 0.0498 }, { soFar: { load_per_cwt: 0.0332, applied: ['2026-10-01'] } }))).toEqual([])
    expect(doseWarnings(dose({ max_total_per_season: 0.9, max_total_basis: 'ton' }, { soFar: { load_per_cwt: 0.0332, applied: ['2026-10-01'] } }))).toEqual([
      { kind: 'total', message: "CIPC is over the label's season total: with this application the storage would have 0.996 gal per ton in the 2026–27 season, the label allows 0.9 gal per ton." },
    ])
  })
  it('names an application too close to another one, before or after it', () => {
    const between = { min_days_between: 21 }
    expect(doseWarnings(dose(between, { soFar: { load_per_cwt: 0, applied: ['2026-10-30'] } }))).toEqual([]) // 21 days before
    expect(doseWarnings(dose(between, { soFar: { load_per_cwt: 0, applied: ['2026-10-31', '2026-12-01'] } }))).toEqual([
      { kind: 'interval', message: 'CIPC is too soon after another application: applied here on 2026-12-01, the label asks 21 days between applications.' },
    ])
  })
  it('names a planned removal the label’s days would pass, and a product not for seed in a seed storage', () => {
    const product = { min_days_before_removal: 14, not_for_seed: true }
    expect(doseWarnings(dose(product, { storage: { seed: false, planned_removal: '2026-12-04' } }))).toEqual([])
    // last season's planned removal is another crop's
    expect(doseWarnings(dose(product, { storage: { seed: false, planned_removal: '2026-04-15' } }))).toEqual([])
    expect(doseWarnings(dose(product, { storage: { seed: true, planned_removal: '2026-12-03' } }))).toEqual([
      { kind: 'removal', message: "CIPC is too close to the crop's removal: removal is planned for 2026-12-03, the label asks 14 days after an application (the crop could leave from 2026-12-04)." },
      { kind: 'seed', message: 'CIPC is not for seed potatoes, and this storage holds seed.' },
    ])
  })
})

describe('doseReasonRequired', () => {
  // the message beside the Reason field stands alone: it says the dose is over the limit and names it
  it('names every limit passed, then asks for the reason', () => {
    const rate = doseWarnings(dose({ max_ppm_per_application: 12 }))
    expect(doseReasonRequired(rate)).toBe("CIPC is over the label's limit: 16.6 ppm planned, the label allows at most 12 ppm per application. Give a reason to save it anyway.")
    const both = doseWarnings(dose({ max_ppm_per_application: 12 }, { applicationsThisSeason: 2 }))
    expect(doseReasonRequired(both)).toMatch(/^CIPC is over the label's limit: 16\.6 ppm planned.* the label allows at most 2 per season\. Give a reason to save it anyway\.$/)
    expect(doseReasonRequired(both)).not.toMatch(/passes the label/)
  })
})

describe('storedDoseWarnings', () => {
  it('reads warnings back from the stored json, leaving out what is not one', () => {
    const rate = { kind: 'rate', message: 'CIPC: too much' }
    expect(storedDoseWarnings([rate, { kind: 'other', message: 'x' }, 'text', null])).toEqual([rate])
    expect(storedDoseWarnings({ kind: 'rate' })).toEqual([])
    expect(storedDoseWarnings(null)).toEqual([])
  })
})
