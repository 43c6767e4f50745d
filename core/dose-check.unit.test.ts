import { describe, expect, it } from 'vitest'
import { doseReasonRequired, doseWarnings, storedDoseWarnings, type PlannedDose } from './dose-check.ts'

const dose = (over: Partial<PlannedDose['product']>, rest: Partial<PlannedDose> = {}): PlannedDose => ({
  product: { product_name: 'CIPC', units: 'gal', ppm: 16.6, ppm_constant: 1000, per: null, converter: null, min_qty: 0, max_ppm_per_application: 22, max_applications_per_season: 2, ...over },
  cwt: 1000,
  quantity: 16.6,
  applicationsThisSeason: 0,
  seasonLabel: '2026–27',
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
