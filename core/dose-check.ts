// Beyond the spec: the planned dose checked against the product's label (products'
// max_ppm_per_application and max_applications_per_season, kept by admins), and against what the
// storage's season already holds (the season ledger's limits, decision 0063: the season total, the
// days between applications and before the crop's removal, not for seed). A limit passed is a
// warning that names it, never a silent block and never a silent pass: saving anyway needs a reason,
// which is stored with the pre-treat and shown to its reviewers.
import { countText, formatNumber } from './formats.ts'
import { ppmOf, type QuantityInputs } from './pretreat-quantities.ts'
import { addDays, CWT_PER_TON, loadText } from './season-ledger.ts'
import { seasonOf } from './season.ts'

export interface LabelLimits {
  product_name: string
  max_ppm_per_application: number | null
  max_applications_per_season: number | null
  max_total_per_season: number | null
  max_total_basis: 'cwt' | 'ton'
  min_days_between: number | null
  min_days_before_removal: number | null
  not_for_seed: boolean
}

/** What a storage's season holds before this application (db/queries/pretreat-form.ts seasonSoFar). */
export interface StorageSeasonSoFar {
  seed: boolean
  /** 'yyyy-mm-dd' or null */
  planned_removal: string | null
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
  storage: Omit<StorageSeasonSoFar, 'products'>
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
  const most = product.max_applications_per_season
  if (most !== null && dose.applicationsThisSeason >= most) {
    warnings.push({
      kind: 'season',
      message: `${product.product_name} is over the label's limit: this storage has had ${countText(dose.applicationsThisSeason, 'application')} in the ${dose.seasonLabel} season, the label allows at most ${formatNumber(most)} per season.`,
    })
  }
  const name = product.product_name
  const max = product.max_total_per_season
  if (max !== null && dose.cwt > 0) {
    const perBasis = product.max_total_basis === 'ton' ? CWT_PER_TON : 1
    // rounded as the ledger rounds: loads that make the limit exactly are not over it
    const after = Math.round((dose.soFar.load_per_cwt + dose.quantity / dose.cwt) * perBasis * 1e9) / 1e9
    if (after > max) {
      warnings.push({
        kind: 'total',
        message: `${name} is over the label's season total: with this application the storage would have ${loadText(after, product)} in the ${dose.seasonLabel} season, the label allows ${loadText(max, product)}.`,
      })
    }
  }
  const between = product.min_days_between
  if (between !== null) {
    const near = dose.soFar.applied.filter((d) => addDays(d, between) > dose.day && addDays(dose.day, between) > d).sort()
    const last = near.at(-1)
    if (last !== undefined) {
      warnings.push({ kind: 'interval', message: `${name} is too soon after another application: applied here on ${last}, the label asks ${countText(between, 'day')} between applications.` })
    }
  }
  const wait = product.min_days_before_removal
  // a removal planned in another season (last season's crop) says nothing of this one
  const removal = dose.storage.planned_removal !== null && seasonOf(dose.storage.planned_removal).year === seasonOf(dose.day).year ? dose.storage.planned_removal : null
  if (wait !== null && removal !== null && addDays(dose.day, wait) > removal) {
    warnings.push({
      kind: 'removal',
      message: `${name} is too close to the crop's removal: removal is planned for ${removal}, the label asks ${countText(wait, 'day')} after an application (the crop could leave from ${addDays(dose.day, wait)}).`,
    })
  }
  if (product.not_for_seed && dose.storage.seed) warnings.push({ kind: 'seed', message: `${name} is not for seed potatoes, and this storage holds seed.` })
  return warnings
}
