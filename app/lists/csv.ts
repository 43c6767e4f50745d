// CSV as spreadsheets read it (RFC 4180): fields separated by commas, lines ended by CRLF, a field
// quoted when it holds a separator (a comma, or the semicolon other locales split on), a quote, a
// tab, a line break or edge spaces, its quotes doubled.
// Formulas (OWASP "CSV Injection", decision 0077): a text that starts with = + - @ (after spaces
// too), or with a tab, CR or LF (which some spreadsheets skip before reading one of those), or in
// which one of = + - @ follows a separator or a quote (a reader that splits there, as spreadsheets
// of many locales do on ';', would start a cell with it) would run as a formula when the file is
// opened. It gets a leading apostrophe, which spreadsheets show as plain text, and is quoted, so
// no reader splits it.

const FORMULA = /^[\t\r\n]|(?:^|[,;"'\t\r\n])\s*[=+\-@]/
const NEEDS_QUOTES = /[",;\t\r\n]|^\s|\s$/

export type CsvValue = string | number | boolean | null | undefined

/** One field. Numbers are written as numbers (a negative one is a number, not a formula). */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`
  if (FORMULA.test(value)) return quoted(`'${value}`)
  return NEEDS_QUOTES.test(value) ? quoted(value) : value
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
  const safe =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'list'
  return `${safe}-${today.toISOString().slice(0, 10)}.csv`
}
