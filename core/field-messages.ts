// The words of the messages every field shares ("Notes are required.", "Humidity must be 100 or
// less."), in one place so that the field builders (schemas/fields.ts) and the domain's own rules
// (hours, quantities, amounts) say the same thing the same way. Imports only core/formats.ts: safe anywhere.
import { formatNumber } from './formats.ts'

/**
 * "is" or "are" for a field's label: a label whose last word is a plural ('Notes', 'GPS
 * coordinates', 'Labor hours') takes "are". A plural here is a lowercase word ending in s, but not
 * in ss, us or is ('Address', 'Status', 'Analysis' are one thing); 'GPS' and 'CWT' are
 * abbreviations.
 */
export function isOrAre(label: string): 'is' | 'are' {
  const last = label.trim().split(/\s+/).pop() ?? ''
  return /^[A-Za-z][a-z-]*s$/.test(last) && !/(ss|us|is)$/.test(last) ? 'are' : 'is'
}

/** 'Notes are required.', 'Name is required.' */
export function requiredMessage(label: string): string {
  return `${label} ${isOrAre(label)} required.`
}

/** 'Humidity must be 100 or less.': the limit named, as "must be 0 or more." names the other one. */
export function tooLargeMessage(label: string, max: number): string {
  return `${label} must be ${formatNumber(max)} or less.`
}
