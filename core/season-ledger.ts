// A storage's season chemical ledger (issue 23, decision 0063): every application of a season in
// date order, and per product what the label's season limits leave — the running total against the
// season maximum, the count against the most applications, the next day an application is allowed
// and the first day the crop may leave. Totals are always counted here from the applications, never
// stored. An application is a pre-treat whose sheet was submitted (in review or completed) with an
// application date; a void one is listed apart and counts for nothing. Pure: the server reads the
// applications (db/queries/season-ledger.ts).
import { amountText, rateOf } from './application-record.ts'
import { countText, formatNumber } from './formats.ts'
import type { QuantityInputs } from './pretreat-quantities.ts'
import type { Season } from './season.ts'

/** A ton of potatoes (2,000 lb) is 20 cwt. */
export const CWT_PER_TON = 20

/** A product's label limits for a season (products admin; null: the label sets none). */
export interface SeasonLimits {
  product_id: number
  product_name: string
  units: QuantityInputs['units']
  max_total_per_season: number | null
  /** what max_total_per_season is counted per: a cwt or a ton of potatoes */
  max_total_basis: 'cwt' | 'ton'
  max_applications_per_season: number | null
  min_days_between: number | null
  min_days_before_removal: number | null
  not_for_seed: boolean
}

/** One product line of one applied pre-treat, as the records hold it. */
export interface LedgerEntry {
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
  product_name: string
  registration: string
  units: QuantityInputs['units']
  ppm_constant: number | null
  cwt: number
  quantity_used: number | null
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

export interface LedgerStorage {
  seed: boolean
  /** 'yyyy-mm-dd' or null */
  planned_removal: string | null
}

/** 'yyyy-mm-dd' plus `days`. */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`)
  at.setUTCDate(at.getUTCDate() + days)
  return at.toISOString().slice(0, 10)
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places

/** Product per cwt (or per ton) treated by one application; null without a quantity or cwt. */
export function loadOf(entry: Pick<LedgerEntry, 'quantity_used' | 'cwt'>, basis: SeasonLimits['max_total_basis']): number | null {
  if (entry.quantity_used === null || !(entry.cwt > 0)) return null
  return (entry.quantity_used / entry.cwt) * (basis === 'ton' ? CWT_PER_TON : 1)
}

const UNIT_NAMES: Record<QuantityInputs['units'], string> = { oz: 'oz', gal: 'gal', other: 'units' }

/** '0.61 oz per ton', '0.0305 oz per cwt' */
export function loadText(load: number, limits: Pick<SeasonLimits, 'units' | 'max_total_basis'>): string {
  return `${formatNumber(load)} ${UNIT_NAMES[limits.units]} per ${limits.max_total_basis}`
}

const byDate = (a: LedgerEntry, b: LedgerEntry) =>
  a.application_date.localeCompare(b.application_date) || (a.stop_time ?? '').localeCompare(b.stop_time ?? '') || a.pre_treat_number.localeCompare(b.pre_treat_number)

/** The labels' limits passed by what the season holds, named. */
function overOf(p: Omit<ProductSeason, 'over'>, dates: string[], storage: LedgerStorage, season: Season): string[] {
  const { limits } = p
  const over: string[] = []
  if (limits.max_total_per_season !== null && p.total > limits.max_total_per_season) {
    over.push(`season total ${loadText(p.total, limits)}, the label allows ${loadText(limits.max_total_per_season, limits)}`)
  }
  if (limits.max_applications_per_season !== null && p.applications > limits.max_applications_per_season) {
    over.push(`${countText(p.applications, 'application')}, the label allows ${formatNumber(limits.max_applications_per_season)}`)
  }
  if (limits.min_days_between !== null) {
    for (let i = 1; i < dates.length; i++) {
      if (addDays(dates[i - 1]!, limits.min_days_between) > dates[i]!) over.push(`applied ${dates[i]}, less than ${countText(limits.min_days_between, 'day')} after ${dates[i - 1]}`)
    }
  }
  // a removal planned in another season is another crop's
  const removal = storage.planned_removal !== null && storage.planned_removal >= season.start && storage.planned_removal < season.end ? storage.planned_removal : null
  if (removal !== null && p.crop_may_leave !== null && removal < p.crop_may_leave) {
    over.push(`removal planned ${removal}, the crop may leave from ${p.crop_may_leave}`)
  }
  if (storage.seed && limits.not_for_seed && p.applications > 0) over.push('not for seed potatoes, and this storage holds seed')
  return over
}

/**
 * The ledger of one storage's season from its applications (any order; lines outside the season
 * are left out) and the label limits of their products (a product without limits counts too).
 */
export function seasonLedger(season: Season, entries: readonly LedgerEntry[], limits: readonly SeasonLimits[], storage: LedgerStorage): SeasonLedger {
  const inSeason = entries.filter((e) => e.application_date >= season.start && e.application_date < season.end).sort(byDate)
  const limitsOf = new Map(limits.map((l) => [l.product_id, l]))
  const unlimited = (e: LedgerEntry): SeasonLimits => ({
    product_id: e.product_id,
    product_name: e.product_name,
    units: e.units,
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
    const reached = (l.max_applications_per_season !== null && pretreats.size >= l.max_applications_per_season) || (l.max_total_per_season !== null && total >= l.max_total_per_season)
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
