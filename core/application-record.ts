// The application record (IDAPA 02.03.03, record-keeping of commercial applications; decision
// 0042): from the facts the workflow holds about one pre-treat, the items the law asks an applicator
// to keep, in the order of the rule, and the labels of those still missing (named to the reviewer
// before completion). Pure: the server reads the facts (workflows/application-record.server.ts).
import { formatGps, formatNumber } from './formats.ts'
import { ppmOf, type QuantityInputs } from './pretreat-quantities.ts'
import { reentryOf, reentryText } from './reentry.ts'

export const COMMODITY = 'Potatoes'

export interface RecordProductFacts {
  product_name: string
  /** products.registration, e.g. 'EPA Reg. No. 81503-1' */
  registration: string
  units: QuantityInputs['units']
  ppm_constant: number | null
  cwt: number
  quantity_used: number | null
  supplier: string
  reentry_hours: number | null
}

export interface RecordFacts {
  grower_name: string
  /** the grower's address (companies.address), or '' */
  grower_address: string
  storage_name: string
  storage_address: string
  gps_lat: number | null
  gps_lng: number | null
  variety: string
  /** what it was treated for (Sprouting, Bacteria) */
  treated_for: string
  products: RecordProductFacts[]
  application_date: string | null
  start_time: string | null
  stop_time: string | null
  wind_speed: number | null
  wind_direction: string | null
  recommended_by_name: string
  applicator_name: string | null
  applicator_licence: string | null
}

/** One chemical line as the record states it. */
export interface RecordProduct {
  product_name: string
  epa_registration: string
  units: QuantityInputs['units']
  cwt: number
  quantity_used: number | null
  /** ppm from the quantity used (the product's ppm rule run backwards); null when the product has no ppm constant */
  rate_ppm: number | null
  /** what the record says for the rate: '20 ppm', or the amount per 1,000 cwt when ppm cannot be known */
  rate: string
  amount: string
}

export interface RecordItems {
  grower_name: string
  grower_address: string
  storage_name: string
  /** the storage's address, else its GPS, else '' */
  site: string
  commodity: string
  variety: string
  /** amount treated: the first chemical line's cwt (the one pricing splits) */
  cwt: number | null
  products: RecordProduct[]
  application_date: string | null
  start_time: string | null
  stop_time: string | null
  wind_speed: number | null
  wind_direction: string | null
  recommended_by_name: string
  applicator_name: string
  applicator_licence: string
  target: string
  /** the products' suppliers, '; ' between them */
  suppliers: string
  /** when people may go in again: 'yyyy-mm-dd hh:mm (48 h after the stop time, …)', or '' */
  reentry_from: string
}

const UNIT_NAMES: Record<QuantityInputs['units'], string> = { oz: 'oz', gal: 'gal', other: 'units' }
const blank = (text: string | null | undefined) => !text || text.trim() === ''

/** The amount applied with its units: '1.5 gal', '200 oz', '12 units'. */
export function amountText(quantity: number | null, units: QuantityInputs['units']): string {
  return quantity === null ? '' : `${formatNumber(quantity)} ${UNIT_NAMES[units]}`
}

/**
 * The rate: in ppm when the product has a ppm constant (ppmOf: gallons × ppm_constant / cwt, ounces
 * turned to gallons first); otherwise the amount per 1,000 cwt in the product's units, which any
 * product's quantity and cwt give. '' when the quantity or cwt is missing.
 */
export function rateOf(product: Pick<RecordProductFacts, 'units' | 'ppm_constant' | 'cwt' | 'quantity_used'>): { ppm: number | null; text: string } {
  const { quantity_used: quantity, cwt } = product
  if (quantity === null || !(cwt > 0)) return { ppm: null, text: '' }
  const ppm = ppmOf(product, quantity, cwt)
  if (ppm !== null) return { ppm, text: `${formatNumber(ppm)} ppm` }
  return { ppm: null, text: `${formatNumber((quantity / cwt) * 1000)} ${UNIT_NAMES[product.units]} per 1,000 cwt` }
}

export function recordItems(facts: RecordFacts): RecordItems {
  const products = facts.products.map((p) => {
    const rate = rateOf(p)
    return {
      product_name: p.product_name,
      epa_registration: p.registration.trim(),
      units: p.units,
      cwt: p.cwt,
      quantity_used: p.quantity_used,
      rate_ppm: rate.ppm,
      rate: rate.text,
      amount: amountText(p.quantity_used, p.units),
    }
  })
  return {
    grower_name: facts.grower_name,
    grower_address: facts.grower_address.trim() || facts.storage_address.trim(),
    storage_name: facts.storage_name,
    site: facts.storage_address.trim() || formatGps(facts.gps_lat, facts.gps_lng) || '',
    commodity: COMMODITY,
    variety: facts.variety,
    cwt: products[0]?.cwt ?? null,
    products,
    application_date: facts.application_date,
    start_time: facts.start_time,
    stop_time: facts.stop_time,
    wind_speed: facts.wind_speed,
    wind_direction: facts.wind_direction,
    recommended_by_name: facts.recommended_by_name,
    applicator_name: facts.applicator_name ?? '',
    applicator_licence: facts.applicator_licence ?? '',
    target: facts.treated_for,
    suppliers: [...new Set(facts.products.map((p) => p.supplier.trim()).filter(Boolean))].join('; '),
    reentry_from: ((r) => (r ? reentryText(r) : ''))(reentryOf(facts.application_date, facts.stop_time, facts.products)),
  }
}

/** The labels of the missing items, in the rule's order; [] when the record is complete. */
export function recordGaps(facts: RecordFacts): string[] {
  const items = recordItems(facts)
  const gaps: string[] = []
  const need = (missing: boolean, label: string) => missing && gaps.push(label)
  need(blank(items.grower_name), 'Grower name')
  need(blank(items.grower_address), 'Grower address')
  need(blank(items.site), 'Site (storage address or GPS)')
  need(blank(items.variety), 'Variety')
  need(!(items.cwt !== null && items.cwt > 0), 'Amount treated (cwt)')
  need(items.products.length === 0, 'Product')
  for (const p of items.products) need(blank(p.epa_registration), `EPA registration number (${p.product_name})`)
  for (const p of items.products) need(p.quantity_used === null, `Total amount applied (${p.product_name})`)
  for (const p of items.products) need(p.quantity_used !== null && p.rate === '', `Rate (${p.product_name})`)
  need(items.application_date === null, 'Application date')
  need(items.start_time === null, 'Start time')
  need(items.stop_time === null, 'Stop time')
  need(items.wind_speed === null, 'Wind speed')
  need(blank(items.wind_direction), 'Wind direction')
  need(blank(items.recommended_by_name), 'Person recommending')
  need(blank(items.applicator_name), 'Applicator')
  need(blank(items.applicator_licence), 'Applicator licence number')
  return gaps
}
