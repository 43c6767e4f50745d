// Beyond the spec: the planned dose checked against the product's label (products'
// max_ppm_per_application and max_applications_per_season, kept by admins). A limit passed is a
// warning that names it, never a silent block and never a silent pass: saving anyway needs a reason,
// which is stored with the pre-treat and shown to its reviewers.
import { ppmOf, type QuantityInputs } from './pretreat-quantities.ts'

export interface LabelLimits {
  product_name: string
  max_ppm_per_application: number | null
  max_applications_per_season: number | null
}

export interface PlannedDose {
  product: QuantityInputs & LabelLimits
  cwt: number
  /** the quantity requested, in the product's units */
  quantity: number
  /** applications of this product at this storage in the season of the application (void ones and this pre-treat left out) */
  applicationsThisSeason: number
  /** '2025–26' */
  seasonLabel: string
}

export interface DoseWarning {
  kind: 'rate' | 'season'
  message: string
}

/**
 * The message beside the Reason field when a dose over the label is saved without one: it stands
 * alone (a screen reader reads it with the field), so it names each limit passed again.
 */
export function doseReasonRequired(warnings: readonly DoseWarning[]): string {
  return `${warnings.map((w) => w.message).join(' ')} Give a reason to save it anyway.`
}

/** Warnings as stored (pretreats.dose_warnings, jsonb): what is not a warning is left out. */
export function storedDoseWarnings(value: unknown): DoseWarning[] {
  if (!Array.isArray(value)) return []
  return value.filter((w): w is DoseWarning => typeof w === 'object' && w !== null && (w.kind === 'rate' || w.kind === 'season') && typeof w.message === 'string')
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
      message: `${product.product_name} is over the label's limit: ${rate} ppm planned, the label allows at most ${limit} ppm per application.`,
    })
  }
  const most = product.max_applications_per_season
  if (most !== null && dose.applicationsThisSeason >= most) {
    warnings.push({
      kind: 'season',
      message: `${product.product_name} is over the label's limit: this storage has had ${dose.applicationsThisSeason} application${dose.applicationsThisSeason === 1 ? '' : 's'} in the ${dose.seasonLabel} season, the label allows at most ${most} per season.`,
    })
  }
  return warnings
}
