// CSV as spreadsheets read it (RFC 4180): fields separated by commas, lines ended by CRLF, a field
// quoted when it holds a comma, a quote, a line break or edge spaces, its quotes doubled.
// A text starting with = + - @ (or a tab or CR, which some spreadsheets skip before reading one of
// those) would run as a formula when the file is opened (OWASP "CSV injection"): it gets a leading
// apostrophe, which spreadsheets show as plain text.

const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/

export type CsvValue = string | number | boolean | null | undefined

/** One field. Numbers are written as numbers (a negative one is a number, not a formula). */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  const text = FORMULA_START.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One line, CRLF included. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`
}

/**
 * A download's file name: `name` and the date, e.g. pending-calls-2026-11-22.csv. Only letters,
 * digits and dashes, so the Content-Disposition header needs no quoting rules.
 */
export function csvFileName(name: string, today = new Date()): string {
  const safe = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'list'
  return `${safe}-${today.toISOString().slice(0, 10)}.csv`
}
