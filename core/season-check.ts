// The one judge of a storage's season against the products' labels (issue 23, decision 0063;
// issue 39: one home): a planned dose before it is saved or assigned (doseWarnings — the pre-treat
// form, the assign window and the board, the review) and the season as it was applied (seasonLedger —
// the storage's ledger, its PDF and the grower's report). Both judge each season limit with the same
// rules (PASSED below) over one set of types; only their words differ. Beyond the spec: the rate
// per application and the season's limits (total, count, days between, days before the crop's
// removal, not for seed) are products' label limits, kept by admins. A limit passed is a warning that
// names it, never a silent block and never a silent pass: saving anyway needs a reason, stored with
// the pre-treat and shown to its reviewers.
//
// The ledger lists every application of a season in date order and, per product, what the label's
// season limits leave — the running total against the season maximum, the count against the most
// applications, the next day an application is allowed and the first day the crop may leave. Totals
// are always counted here from the applications, never stored. An application is a pre-treat whose
// sheet was submitted (in review or completed) with an application date; a void one is listed apart
// and counts for nothing. Pure: the server reads the season (db/queries/season.ts).
import { amountText, rateOf, type RecordProductFacts } from './application-record.ts'
import { countText, formatNumber } from './formats.ts'
import { ppmOf, type QuantityInputs } from './pretreat-quantities.ts'
import { seasonOf, type Season } from './season.ts'

/** A ton of potatoes (2,000 lb) is 20 cwt. */
export const CWT_PER_TON = 20

/** A product's label limits (products admin; null: the label sets none). */
export interface LabelLimits {
  product_name: string
  units: QuantityInputs['units']
  max_ppm_per_application: number | null
  max_applications_per_season: number | null
  max_total_per_season: number | null
  /** what max_total_per_season is counted per: a cwt or a ton of potatoes */
  max_total_basis: 'cwt' | 'ton'
  min_days_between: number | null
  min_days_before_removal: number | null
  not_for_seed: boolean
}

/** The limits of one product, as the ledger finds them by its lines' product. */
export type SeasonLimits = LabelLimits & { product_id: number }

/** What the season limits read of the storage itself. */
export interface StorageFacts {
  seed: boolean
  /** 'yyyy-mm-dd' or null */
  planned_removal: string | null
}

/** What a storage's season holds before this application (db/queries/season.ts seasonSoFar). */
export interface StorageSeasonSoFar extends StorageFacts {
  /** product id → its season at the storage so far */
  products: Record<number, ProductSoFar>
}

export interface ProductSoFar {
  /** pre-treats with it this season, planned ones included (void ones left out) */
  count: number
  /** the applied ones' amounts per cwt treated, summed (the season total per cwt) */
  load_per_cwt: number
  /** the applied ones' dates, 'yyyy-mm-dd' */
  applied: string[]
}

export const NOTHING_SO_FAR: StorageSeasonSoFar = { seed: false, planned_removal: null, products: {} }

/** One applied line of a product's season so far, as the records hold it. */
export type AppliedLine = Pick<LedgerEntry, 'application_date' | 'quantity_used' | 'cwt'>

/** A product's season so far: `count` pre-treats with it, and its `applied` lines' loads per cwt (summed as the ledger sums them) and days. */
export function productSoFar(count: number, applied: readonly AppliedLine[]): ProductSoFar {
  return {
    count,
    load_per_cwt: round(
      applied.reduce((sum, line) => sum + (loadOf(line, 'cwt') ?? 0), 0),
      9,
    ),
    applied: [...new Set(applied.map((line) => line.application_date))].sort(),
  }
}

/** 'yyyy-mm-dd' plus `days`. */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`)
  at.setUTCDate(at.getUTCDate() + days)
  return at.toISOString().slice(0, 10)
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places

/**
 * The season limits, each judged one way for a planned dose and for the season held: whether
 * `applications` pass the most per season, a `total` load the season total (rounded first, so
 * loads that make the limit exactly are not over it), two application days are closer than the
 * days between, the crop's removal comes before the days after the `last` application, and seed
 * meets a product not for seed.
 */
const PASSED = {
  count: (applications: number, l: LabelLimits) => l.max_applications_per_season !== null && applications > l.max_applications_per_season,
  total: (total: number, l: LabelLimits) => l.max_total_per_season !== null && round(total, 9) > l.max_total_per_season,
  interval: (earlier: string, later: string, l: LabelLimits) => l.min_days_between !== null && addDays(earlier, l.min_days_between) > later,
  removal: (last: string, removal: string | null, l: LabelLimits) => removal !== null && l.min_days_before_removal !== null && addDays(last, l.min_days_before_removal) > removal,
  seed: (storage: StorageFacts, l: LabelLimits) => storage.seed && l.not_for_seed,
}

/** The storage's planned removal when it falls in `season` (one planned in another season is another crop's), else null. */
function removalIn(storage: StorageFacts, season: Season): string | null {
  const removal = storage.planned_removal
  return removal !== null && removal >= season.start && removal < season.end ? removal : null
}

/** Product per cwt (or per ton) treated by one application; null without a quantity or cwt. */
export function loadOf(entry: { quantity_used: number | null; cwt: number }, basis: LabelLimits['max_total_basis']): number | null {
  if (entry.quantity_used === null || !(entry.cwt > 0)) return null
  return (entry.quantity_used / entry.cwt) * (basis === 'ton' ? CWT_PER_TON : 1)
}

const UNIT_NAMES: Record<QuantityInputs['units'], string> = { oz: 'oz', gal: 'gal', other: 'units' }

/** '0.61 oz per ton', '0.0305 oz per cwt' */
export function loadText(load: number, limits: Pick<LabelLimits, 'units' | 'max_total_basis'>): string {
  return `${formatNumber(load)} ${UNIT_NAMES[limits.units]} per ${limits.max_total_basis}`
}

// ---- a planned dose ---------------------------------------------------------------------------

export interface PlannedDose {
  product: QuantityInputs & LabelLimits
  cwt: number
  /** the quantity requested, in the product's units */
  quantity: number
  /** applications of this product at this storage in the season of the application (void ones and this pre-treat left out) */
  applicationsThisSeason: number
  /** '2025–26' */
  seasonLabel: string
  /** the day it is planned for, 'yyyy-mm-dd' */
  day: string
  /** the storage's season so far (this pre-treat left out); its count is applicationsThisSeason */
  storage: StorageFacts
  soFar: Omit<ProductSoFar, 'count'>
}

export const DOSE_WARNING_KINDS = ['rate', 'season', 'total', 'interval', 'removal', 'seed'] as const

export interface DoseWarning {
  kind: (typeof DOSE_WARNING_KINDS)[number]
  message: string
}

/**
 * The message beside the Reason field when a dose over the label is saved without one: it stands
 * alone (a screen reader reads it with the field), so it names each limit passed again.
 */
export function doseReasonRequired(warnings: readonly DoseWarning[]): string {
  return `${warnings.map((w) => w.message).join(' ')} ${DOSE_REASON_ASK}`
}

/** What the Reason field says on a form that lists the warnings just above it (not each warning again). */
export const DOSE_REASON_ASK = 'Give a reason to save it anyway.'

/** Warnings as stored (pretreats.dose_warnings, jsonb): what is not a warning is left out. */
export function storedDoseWarnings(value: unknown): DoseWarning[] {
  if (!Array.isArray(value)) return []
  return value.filter((w): w is DoseWarning => typeof w === 'object' && w !== null && DOSE_WARNING_KINDS.includes(w.kind) && typeof w.message === 'string')
}

/** The label limits this dose passes (empty when none, or when the label sets no limit). */
export function doseWarnings(dose: PlannedDose): DoseWarning[] {
  const warnings: DoseWarning[] = []
  const { product } = dose
  const limit = product.max_ppm_per_application
  const rate = ppmOf(product, dose.quantity, dose.cwt)
  if (limit !== null && rate !== null && rate > limit) {
    warnings.push({
      kind: 'rate',
      message: `${product.product_name} is over the label's limit: ${formatNumber(rate)} ppm planned, the label allows at most ${formatNumber(limit)} ppm per application.`,
    })
  }
  const name = product.product_name
  const most = product.max_applications_per_season
  if (PASSED.count(dose.applicationsThisSeason + 1, product)) {
    warnings.push({
      kind: 'season',
      message: `${name} is over the label's limit: this storage has had ${countText(dose.applicationsThisSeason, 'application')} in the ${dose.seasonLabel} season, the label allows at most ${formatNumber(most!)} per season.`,
    })
  }
  if (dose.cwt > 0) {
    const after = (dose.soFar.load_per_cwt + dose.quantity / dose.cwt) * (product.max_total_basis === 'ton' ? CWT_PER_TON : 1)
    if (PASSED.total(after, product)) {
      warnings.push({
        kind: 'total',
        message: `${name} is over the label's season total: with this application the storage would have ${loadText(round(after, 9), product)} in the ${dose.seasonLabel} season, the label allows ${loadText(product.max_total_per_season!, product)}.`,
      })
    }
  }
  const near = dose.soFar.applied.filter((d) => (d <= dose.day ? PASSED.interval(d, dose.day, product) : PASSED.interval(dose.day, d, product))).sort()
  const last = near.at(-1)
  if (last !== undefined) {
    warnings.push({
      kind: 'interval',
      message: `${name} is too soon after another application: applied here on ${last}, the label asks ${countText(product.min_days_between!, 'day')} between applications.`,
    })
  }
  const removal = removalIn(dose.storage, seasonOf(dose.day))
  if (PASSED.removal(dose.day, removal, product)) {
    const wait = product.min_days_before_removal!
    warnings.push({
      kind: 'removal',
      message: `${name} is too close to the crop's removal: removal is planned for ${removal}, the label asks ${countText(wait, 'day')} after an application (the crop could leave from ${addDays(dose.day, wait)}).`,
    })
  }
  if (PASSED.seed(dose.storage, product)) warnings.push({ kind: 'seed', message: `${name} is not for seed potatoes, and this storage holds seed.` })
  return warnings
}

// ---- the season as applied (the ledger) -------------------------------------------------------

/** One product line of one applied pre-treat, as the records hold it (its product's facts as the application record's). */
export interface LedgerEntry extends Pick<RecordProductFacts, 'product_name' | 'registration' | 'units' | 'ppm_constant' | 'cwt' | 'quantity_used'> {
  pretreat_id: number
  pre_treat_number: string
  /** 'yyyy-mm-dd' */
  application_date: string
  /** 'hh:mm:ss' (the sheet's stop time; it orders a day's applications), or null */
  stop_time: string | null
  void: boolean
  grower_name: string
  applicator_name: string
  applicator_licence: string
  product_id: number
}

export interface LedgerLine extends LedgerEntry {
  /** '20 ppm', or the amount per 1,000 cwt */
  rate: string
  /** '1.5 gal' */
  amount: string
  /** this application's share of the season limit: product per cwt (or ton) treated; null without a quantity */
  load: number | null
  /** of its product after this line: the season's total load, and the applications so far */
  running_total: number
  running_count: number
}

export interface ProductSeason {
  limits: SeasonLimits
  applications: number
  /** the sum of the loads, per cwt or per ton as the limit is */
  total: number
  /** total against the season maximum, in percent (one decimal); null without a maximum */
  percent_used: number | null
  /** the next day an application is allowed: 'any' when no limit holds one back, 'none' when the season's limit is reached */
  next_allowed: string
  /** the first day the crop may leave the store after the last application; null when the label sets no wait */
  crop_may_leave: string | null
  last_application: string | null
  /** the label's limits the season passed, named (empty when none) */
  over: string[]
}

export interface SeasonLedger {
  season: Season
  lines: LedgerLine[]
  /** void pre-treats' lines, apart and not counted */
  voids: LedgerLine[]
  products: ProductSeason[]
}

const byDate = (a: LedgerEntry, b: LedgerEntry) =>
  a.application_date.localeCompare(b.application_date) || (a.stop_time ?? '').localeCompare(b.stop_time ?? '') || a.pre_treat_number.localeCompare(b.pre_treat_number)

/** The labels' limits passed by what the season holds, named. */
function overOf(p: Omit<ProductSeason, 'over'>, dates: string[], storage: StorageFacts, season: Season): string[] {
  const { limits } = p
  const over: string[] = []
  if (PASSED.total(p.total, limits)) over.push(`season total ${loadText(p.total, limits)}, the label allows ${loadText(limits.max_total_per_season!, limits)}`)
  if (PASSED.count(p.applications, limits)) over.push(`${countText(p.applications, 'application')}, the label allows ${formatNumber(limits.max_applications_per_season!)}`)
  for (let i = 1; i < dates.length; i++) {
    if (PASSED.interval(dates[i - 1]!, dates[i]!, limits)) over.push(`applied ${dates[i]}, less than ${countText(limits.min_days_between!, 'day')} after ${dates[i - 1]}`)
  }
  const removal = removalIn(storage, season)
  if (p.last_application !== null && PASSED.removal(p.last_application, removal, limits)) over.push(`removal planned ${removal}, the crop may leave from ${p.crop_may_leave}`)
  if (PASSED.seed(storage, limits) && p.applications > 0) over.push('not for seed potatoes, and this storage holds seed')
  return over
}

/**
 * The ledger of one storage's season from its applications (any order; lines outside the season
 * are left out) and the label limits of their products (a product without limits counts too).
 */
export function seasonLedger(season: Season, entries: readonly LedgerEntry[], limits: readonly SeasonLimits[], storage: StorageFacts): SeasonLedger {
  const inSeason = entries.filter((e) => e.application_date >= season.start && e.application_date < season.end).sort(byDate)
  const limitsOf = new Map(limits.map((l) => [l.product_id, l]))
  const unlimited = (e: LedgerEntry): SeasonLimits => ({
    product_id: e.product_id,
    product_name: e.product_name,
    units: e.units,
    max_ppm_per_application: null,
    max_total_per_season: null,
    max_total_basis: 'cwt',
    max_applications_per_season: null,
    min_days_between: null,
    min_days_before_removal: null,
    not_for_seed: false,
  })
  const running = new Map<number, { total: number; pretreats: Set<number>; dates: string[] }>()
  const line = (e: LedgerEntry, counted: boolean): LedgerLine => {
    const basis = (limitsOf.get(e.product_id) ?? unlimited(e)).max_total_basis
    const load = loadOf(e, basis)
    const rate = rateOf(e)
    const base = { ...e, rate: rate.text, amount: amountText(e.quantity_used, e.units), load }
    if (!counted) return { ...base, running_total: 0, running_count: 0 }
    const sofar = running.get(e.product_id) ?? { total: 0, pretreats: new Set<number>(), dates: [] }
    running.set(e.product_id, sofar)
    // rounded: 0.4 + 0.6 + 0.2 is 1.2, not a hair over a 1.2 limit
    sofar.total = round(sofar.total + (load ?? 0), 9)
    if (!sofar.pretreats.has(e.pretreat_id)) sofar.dates.push(e.application_date)
    sofar.pretreats.add(e.pretreat_id)
    return { ...base, running_total: sofar.total, running_count: sofar.pretreats.size }
  }
  const lines = inSeason.filter((e) => !e.void).map((e) => line(e, true))
  const voids = inSeason.filter((e) => e.void).map((e) => line(e, false))

  const seen = [...new Map(lines.map((l) => [l.product_id, limitsOf.get(l.product_id) ?? unlimited(l)])).values()]
  const products = seen.map((l): ProductSeason => {
    const { total, pretreats, dates } = running.get(l.product_id)!
    const last = dates.at(-1) ?? null
    // reached: one more application would pass the count, or any amount more the total
    const reached = PASSED.count(pretreats.size + 1, l) || (l.max_total_per_season !== null && total >= l.max_total_per_season)
    const next = reached ? 'none' : last !== null && l.min_days_between !== null ? addDays(last, l.min_days_between) : 'any'
    const p = {
      limits: l,
      applications: pretreats.size,
      total,
      percent_used: l.max_total_per_season === null ? null : round((total / l.max_total_per_season) * 100, 1),
      next_allowed: next,
      crop_may_leave: last !== null && l.min_days_before_removal !== null ? addDays(last, l.min_days_before_removal) : null,
      last_application: last,
    }
    return { ...p, over: overOf(p, dates, storage, season) }
  })
  return { season, lines, voids, products: products.sort((a, b) => a.limits.product_name.localeCompare(b.limits.product_name)) }
}
