// How much of a chemical a pre-treat needs for its cwt (hundredweight of potatoes), the spec's rules
// (storages-and-pretreats.md §5 "Chemical quantity from cwt"), and how an amount in ounces reads.
// The pre-treat form runs them in the browser as the cwt is typed; the server runs them again on
// save, so what is stored never depends on the browser.
import { countText, formatNumber } from './formats.ts'

export const OZ_PER_GALLON = 128
/** The product picker's CWT (§9). */
export const CWT_DEFAULT = 1000
export const CWT_MIN = 100
/** numeric(14, 2) in pretreat_chemicals.cwt */
export const CWT_MAX = 999_999_999_999
/** Quantities are stored with 4 decimals (numeric(14, 4)). */
const QUANTITY_DECIMALS = 4

/** A product's quantity inputs (products table); numbers as typed by admins, null when not set. */
export interface QuantityInputs {
  units: 'oz' | 'gal' | 'other'
  ppm: number | null
  ppm_constant: number | null
  per: number | null
  converter: number | null
  min_qty: number
}

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals
  return Math.round((value + Number.EPSILON) * factor) / factor
}

const usable = (n: number | null): n is number => n !== null && Number.isFinite(n) && n !== 0

/**
 * The quantity to request for `cwt`, in the product's units:
 * - with ppm and ppm_constant: cwt × ppm / ppm_constant, × 128 when the units are oz;
 * - gallons: cwt / per × converter / 128, rounded;
 * - otherwise: cwt / per × converter, rounded unless oz;
 * never below min_qty. Null when the product lacks the inputs its rule needs (or cwt is not a
 * positive number): the form then asks for the quantity by hand.
 */
export function quantityFor(product: QuantityInputs, cwt: number): number | null {
  if (!Number.isFinite(cwt) || cwt <= 0) return null
  let quantity: number
  if (usable(product.ppm) && usable(product.ppm_constant)) {
    quantity = (cwt * product.ppm) / product.ppm_constant
    if (product.units === 'oz') quantity *= OZ_PER_GALLON
  } else if (usable(product.per) && product.converter !== null && Number.isFinite(product.converter)) {
    quantity = (cwt / product.per) * product.converter
    if (product.units === 'gal') quantity = Math.round(quantity / OZ_PER_GALLON)
    else if (product.units !== 'oz') quantity = Math.round(quantity)
  } else {
    return null
  }
  return round(Math.max(quantity, product.min_qty), QUANTITY_DECIMALS)
}

/**
 * The rate in ppm a quantity stands for (the ppm rule run backwards), for the dose check; null
 * when the product has no ppm_constant (its rate in ppm cannot be known).
 */
export function ppmOf(product: Pick<QuantityInputs, 'units' | 'ppm_constant'>, quantity: number, cwt: number): number | null {
  if (!usable(product.ppm_constant) || !Number.isFinite(cwt) || cwt <= 0 || !Number.isFinite(quantity)) return null
  const inGallons = product.units === 'oz' ? quantity / OZ_PER_GALLON : quantity
  return round((inGallons * product.ppm_constant) / cwt, QUANTITY_DECIMALS)
}

/** CWT as typed: commas (thousands separators) stripped; null when what is left is not a plain non-negative decimal. */
export function parseCwt(text: string): number | null {
  const plain = text.replaceAll(',', '').trim()
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return null
  const value = Number(plain)
  return value <= CWT_MAX ? value : null
}

/** 1000000 → '1,000,000' (as the form shows a cwt). */
const CWT_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })
export function formatCwt(cwt: number): string {
  return CWT_FORMAT.format(cwt)
}

/** An amount in `units` as shown: ounces as gallons and ounces (128 oz to the gallon), '2 gal 44 oz'. */
export function formatQuantity(quantity: number | null, units: QuantityInputs['units']): string {
  if (quantity === null || !Number.isFinite(quantity)) return ''
  if (units === 'gal') return `${formatNumber(round(quantity, 2))} gal`
  if (units !== 'oz') return countText(round(quantity, 2), 'unit')
  const gallons = Math.floor(quantity / OZ_PER_GALLON)
  const ounces = round(quantity - gallons * OZ_PER_GALLON, 2)
  if (gallons === 0) return `${formatNumber(ounces)} oz`
  return ounces === 0 ? `${formatNumber(gallons)} gal` : `${formatNumber(gallons)} gal ${formatNumber(ounces)} oz`
}
