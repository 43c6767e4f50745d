// A pre-treat's pricing (spec §5 "Pricing"; docs/decisions/0039): one line per company (the owner,
// then each billable company) with its CWT share and price per cwt. Pure, so the review page's
// browser code shows the Missing row as shares are typed, and the server decides with the same rules.
// Amounts are counted in whole hundredths of a cwt (the column's 2 decimals), so no float error
// ever makes equal shares "mismatch".
import { formatCwt } from './pretreat-quantities.ts'
import { roundDecimalText } from './formats.ts'

export interface PricedCompany {
  id: number
  name: string
}

export interface PriceLine {
  company_id: number
  cwt_share: number
  price: number
}

export const PRICE_DECIMALS = 4
export const SHARE_DECIMALS = 2
/** numeric(14, 2) / numeric(14, 4): what the columns hold */
export const SHARE_MAX = 999_999_999_999
export const PRICE_MAX = 9_999_999_999

export const SHARE_INVALID = 'CWT share must be a number of at least 0 with at most 2 decimals, like 1,250.50.'
export const PRICE_INVALID = 'Price must be a number of at least 0, like 0.0525.'

const hundredths = (cwt: number) => Math.round(cwt * 100)

/**
 * The default split: the cwt divided equally among the companies in hundredths of a cwt, the
 * remainder to the first (1000 among 3 → 333.34, 333.33, 333.33); each at the base price (4 decimals).
 */
export function defaultPriceLines(companies: readonly PricedCompany[], cwt: number, basePrice: number): (PriceLine & { company_name: string })[] {
  if (companies.length === 0) return []
  const total = hundredths(cwt)
  const each = Math.floor(total / companies.length)
  const first = total - each * (companies.length - 1)
  const price = roundTo(basePrice, PRICE_DECIMALS)
  return companies.map((c, i) => ({ company_id: c.id, company_name: c.name, cwt_share: (i === 0 ? first : each) / 100, price }))
}

/** What the shares still miss of the expected cwt (negative when they exceed it), in cwt. */
export function missingCwt(shares: readonly number[], expectedCwt: number): number {
  return (hundredths(expectedCwt) - shares.reduce((sum, s) => sum + hundredths(s), 0)) / 100
}

/** null when the shares add up to the first chemical's cwt; else 'CWT total mismatch, expected 1,000, got 999.99' (cwt as the sheet shows it). */
export function cwtMismatch(shares: readonly number[], expectedCwt: number): string | null {
  if (missingCwt(shares, expectedCwt) === 0) return null
  const got = shares.reduce((sum, s) => sum + hundredths(s), 0) / 100
  return `CWT total mismatch, expected ${formatCwt(expectedCwt)}, got ${formatCwt(got)}`
}

/** A share as typed ('1,250.5'): commas stripped like a CWT; a number ≥ 0 with at most 2 decimals, or the message. */
export function parseShare(text: string): { value: number } | { error: string } {
  const plain = text.replaceAll(',', '').trim()
  if (!/^\d+(\.\d{1,2})?$/.test(plain) || Number(plain) > SHARE_MAX) return { error: SHARE_INVALID }
  return { value: Number(plain) }
}

/**
 * A price per cwt as typed: a plain number ≥ 0, rounded to 4 decimals (spec §5: "Price is rounded
 * to 4 decimals"), half up on the digits typed, so 0.05255 is 0.0526 (as a float it is 0.052549…).
 */
export function parsePrice(text: string): { value: number } | { error: string } {
  const match = /^(\d{0,20})(?:\.(\d{0,100}))?$/.exec(text.trim())
  const whole = match?.[1] ?? ''
  const fraction = match?.[2] ?? ''
  if (!match || (whole === '' && fraction === '')) return { error: PRICE_INVALID }
  const value = roundDecimalText(whole || '0', fraction, PRICE_DECIMALS)
  return value > PRICE_MAX ? { error: PRICE_INVALID } : { value }
}

/** A line's total: share × price, to the cent. */
export function lineTotal(share: number, price: number): number {
  return roundTo(share * price, 2)
}

/** 1234.5 → '$1,234.50' */
const MONEY = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
export function formatMoney(amount: number): string {
  return MONEY.format(amount)
}

/** A price as the column holds it: always 4 decimals ('0.0500'). */
export function formatPrice(price: number): string {
  return price.toFixed(PRICE_DECIMALS)
}

function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals
  return Math.round(value * f) / f
}
