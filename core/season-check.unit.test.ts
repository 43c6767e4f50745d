import { describe, expect, it } from 'vitest'
import { season } from './season.ts'
import { reentryFrom, reentryOf } from './reentry.ts'
import { addDays, doseReasonRequired, doseWarnings, productSoFar, seasonLedger, storedDoseWarnings, type LedgerEntry, type PlannedDose, type SeasonLimits } from './season-check.ts'

const SIGHT: SeasonLimits = {
  product_id: 1,
  product_name: '1,4SIGHT',
  units: 'oz',
  max_ppm_per_application: null,
  max_total_per_season: 1.2,
  max_total_basis: 'ton',
  max_applications_per_season: 3,
  min_days_between: 21,
  min_days_before_removal: 30,
  not_for_seed: false,
}
const NIP: SeasonLimits = {
  product_id: 2,
  product_name: 'Sprout Nip 7A',
  units: 'other',
  max_ppm_per_application: null,
  max_total_per_season: null,
  max_total_basis: 'cwt',
  max_applications_per_season: 2,
  min_days_between: null,
  min_days_before_removal: 14,
  not_for_seed: true,
}

let n = 0
function applied(date: string, product: SeasonLimits, cwt: number, quantity: number, more: Partial<LedgerEntry> = {}): LedgerEntry {
  n++
  return {
    pretreat_id: n,
    pre_treat_number: `PT-25-00000${n}`,
    application_date: date,
    stop_time: '16:00',
    void: false,
    grower_name: 'Aberdeen Acres',
    applicator_name: 'Alex Applicator',
    applicator_licence: 'ID-PA-1',
    product_id: product.product_id,
    product_name: product.product_name,
    registration: 'EPA Reg. No. 1-1',
    units: product.units,
    ppm_constant: product.units === 'oz' ? 84000 : null,
    cwt,
    quantity_used: quantity,
    ...more,
  }
}

describe('the season ledger', () => {
  // by hand: 1,4SIGHT 1200 oz on 60,000 cwt is 0.4 oz per ton; 1500 on 50,000 is 0.6; 500 on 50,000 is 0.2
  const entries = [
    applied('2025-06-30', SIGHT, 60_000, 100), // the season before: left out
    applied('2025-11-20', SIGHT, 50_000, 500, { grower_name: 'Blackfoot Farms' }),
    applied('2025-10-01', SIGHT, 60_000, 1200),
    applied('2025-10-15', SIGHT, 60_000, 1200, { void: true }),
    applied('2025-10-20', NIP, 60_000, 90),
    applied('2025-11-05', SIGHT, 50_000, 1500, { grower_name: 'Blackfoot Farms' }), // the storage changed growers
    applied('2026-07-01', NIP, 60_000, 90), // the season after: left out
  ]
  const ledger = seasonLedger(season(2025), entries, [SIGHT, NIP], { seed: false, planned_removal: null })

  it('lists the season’s applications in date order, with each product’s running total and count, whoever the grower was', () => {
    expect(ledger.lines.map((l) => [l.application_date, l.product_name, l.grower_name, l.load, l.running_total, l.running_count])).toEqual([
      ['2025-10-01', '1,4SIGHT', 'Aberdeen Acres', 0.4, 0.4, 1],
      ['2025-10-20', 'Sprout Nip 7A', 'Aberdeen Acres', 0.0015, 0.0015, 1],
      ['2025-11-05', '1,4SIGHT', 'Blackfoot Farms', 0.6, 1, 2],
      ['2025-11-20', '1,4SIGHT', 'Blackfoot Farms', 0.2, 1.2, 3],
    ])
    // 1200 oz = 9.375 gal × 84,000 / 60,000 cwt
    expect(ledger.lines[0]).toMatchObject({ rate: '13.125 ppm', amount: '1,200 oz' })
  })

  it('lists a void pre-treat apart, counting it nowhere', () => {
    expect(ledger.voids.map((l) => [l.application_date, l.running_total, l.running_count])).toEqual([['2025-10-15', 0, 0]])
  })

  it('gives each product its total against the maximum, its count, the next day allowed and the day the crop may leave', () => {
    const [sight, nip] = ledger.products
    // at the season's maximum exactly (not over it): no more this season
    expect(sight).toMatchObject({ applications: 3, total: 1.2, percent_used: 100, next_allowed: 'none', last_application: '2025-11-20', crop_may_leave: '2025-12-20' })
    // applied 15 days after the one before, where the label asks 21
    expect(sight!.over).toEqual(['applied 2025-11-20, less than 21 days after 2025-11-05'])
    expect(nip).toMatchObject({ applications: 1, total: 0.0015, percent_used: null, next_allowed: 'any', crop_may_leave: '2025-11-03', over: [] })
  })

  it('names a planned removal before the crop may leave, and a product not for seed in a seed storage', () => {
    const seedStore = seasonLedger(season(2025), entries, [SIGHT, NIP], { seed: true, planned_removal: '2025-12-15' })
    expect(seedStore.products[0]!.over).toContain('removal planned 2025-12-15, the crop may leave from 2025-12-20')
    expect(seedStore.products[1]!.over).toEqual(['not for seed potatoes, and this storage holds seed'])
    // a removal planned in another season is another crop's
    expect(seasonLedger(season(2025), entries, [SIGHT, NIP], { seed: false, planned_removal: '2026-07-01' }).products[0]!.over).toEqual(['applied 2025-11-20, less than 21 days after 2025-11-05'])
  })

  it('names a season over its total and its count', () => {
    const more = [...entries, applied('2026-03-01', SIGHT, 50_000, 250)]
    const [sight] = seasonLedger(season(2025), more, [SIGHT, NIP], { seed: false, planned_removal: null }).products
    expect(sight!.percent_used).toBe(108.3)
    expect(sight!.over).toEqual(expect.arrayContaining(['season total 1.3 oz per ton, the label allows 1.2 oz per ton', '4 applications, the label allows 3']))
  })

  it('gives the next day after the interval while the limits leave room', () => {
    const [sight] = seasonLedger(season(2025), [entries[2]!], [SIGHT], { seed: false, planned_removal: null }).products
    expect(sight).toMatchObject({ applications: 1, next_allowed: '2025-10-22', percent_used: 33.3 })
  })

  it('counts a product the ledger has no limits for, with none', () => {
    const [nip] = seasonLedger(season(2025), entries, [], { seed: true, planned_removal: null }).products.filter((p) => p.limits.product_name === 'Sprout Nip 7A')
    expect(nip).toMatchObject({ applications: 1, next_allowed: 'any', crop_may_leave: null, over: [] })
  })
})

describe('dates', () => {
  it('adds days across months and years', () => {
    expect(addDays('2025-12-20', 14)).toBe('2026-01-03')
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
  })
  it('gives re-entry from the stop time plus the label’s hours, or nothing when one is missing', () => {
    expect(reentryFrom('2025-11-20', '22:30', 24)).toBe('2025-11-21T22:30')
    expect(reentryFrom('2025-12-31', '23:00', 1.5)).toBe('2026-01-01T00:30')
    expect(reentryFrom('2025-11-20', null, 24)).toBeNull()
    expect(reentryFrom('2025-11-20', '16:00', null)).toBeNull()
  })
  it('takes the longest interval of the application’s products', () => {
    const products = [
      { product_name: 'Sprout Nip 7A', reentry_hours: null },
      { product_name: 'SmartBlock', reentry_hours: 24 },
      { product_name: '1,4SIGHT', reentry_hours: 48 },
    ]
    expect(reentryOf('2025-11-20', '16:00:00', products)).toEqual({ from: '2025-11-22 16:00', hours: 48, product: '1,4SIGHT' })
    expect(reentryOf('2025-11-20', '16:00:00', products.slice(0, 1))).toBeNull()
  })
})

describe('the season so far (what the dose check reads)', () => {
  it('counts the applied lines’ loads per cwt and their days as the ledger counts them', () => {
    // by hand: 1200 on 60,000 cwt is 0.02 per cwt, 500 on 50,000 is 0.01; no cwt or no quantity adds nothing
    const lines = [applied('2025-11-20', NIP, 50_000, 500), applied('2025-10-01', NIP, 60_000, 1200), applied('2025-11-20', NIP, 0, 5), applied('2025-12-01', NIP, 1000, 0, { quantity_used: null })]
    const ledger = seasonLedger(season(2025), lines, [NIP], { seed: false, planned_removal: null })
    expect(productSoFar(4, lines)).toEqual({ count: 4, load_per_cwt: 0.03, applied: ['2025-10-01', '2025-11-20', '2025-12-01'] })
    expect(productSoFar(4, lines).load_per_cwt).toBe(ledger.products[0]!.total)
  })
})

// ---- a planned dose (was core/dose-check.unit.test.ts) ----

const dose = (over: Partial<PlannedDose['product']>, rest: Partial<PlannedDose> = {}): PlannedDose => ({
  product: {
    product_name: 'CIPC',
    units: 'gal',
    ppm: 16.6,
    ppm_constant: 1000,
    per: null,
    converter: null,
    min_qty: 0,
    max_ppm_per_application: 22,
    max_applications_per_season: 2,
    max_total_per_season: null,
    max_total_basis: 'cwt',
    min_days_between: null,
    min_days_before_removal: null,
    not_for_seed: false,
    ...over,
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
