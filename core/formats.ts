// Display formats (spec §5 'Display'): dates yyyy-mm-dd ('No Date Available' when missing), dates
// typed month/day/year converted to yyyy-mm-dd, times as HH:MM:SS.microseconds (12-hour AM/PM text
// accepted), GPS as two numbers with six decimals, file sizes in B, KiB, MiB, GiB, TiB.
// Pure functions: no I/O, safe in the browser bundle.

export const NO_DATE = 'No Date Available'

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const ISO_DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/
const MDY_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0')
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate() // month's length in a leap year
  if (day > daysInMonth) return false
  if (month === 2 && day === 29) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  return true
}

/** True for a real calendar date written yyyy-mm-dd ('2025-02-30' is false). */
export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text)
  return m !== null && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]))
}

/** 'm/d/yyyy' or 'mm/dd/yyyy' (also with '-' or '.') → 'yyyy-mm-dd'; null when it is not a real date. */
export function mdyToIso(text: string): string | null {
  const m = MDY_DATE.exec(text.trim())
  if (!m) return null
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])]
  return isRealDate(year, month, day) ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : null
}

/**
 * The dates any input may name, inclusive (docs/decisions/0014-input-bounds.md): the years this
 * company's records can have. Outside it a date is a typo (0202, 2206) or an attack (0000-01-01,
 * 9999-12-31 + 1 day), never a record. Fixed, not relative to today, so that the browser and the
 * server always agree and a record stays valid as it ages.
 */
export const DATE_WINDOW = { min: '2000-01-01', max: '2099-12-31' } as const

/** True for a yyyy-mm-dd date inside DATE_WINDOW. */
export function isInDateWindow(iso: string): boolean {
  return iso >= DATE_WINDOW.min && iso <= DATE_WINDOW.max
}

export const DATE_WINDOW_TEXT = `between ${DATE_WINDOW.min} and ${DATE_WINDOW.max}`

/**
 * Control characters no input may carry: NUL and the other C0 controls and DEL. A multi-line text
 * may hold line breaks and tabs; a one-line text may not (a CR/LF in a name or a path is a header
 * or log injection, never a name). PostgreSQL refuses NUL in text, so this is also what keeps a
 * NUL from ever reaching SQL.
 */
export function hasControlCharacters(text: string, options: { multiLine?: boolean } = {}): boolean {
  return (options.multiLine ? /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/ : /[\u0000-\u001f\u007f]/).test(text)
}

/** A date typed by a person, as yyyy-mm-dd or month/day/year → 'yyyy-mm-dd'; null when it is neither. */
export function parseDateInput(text: string): string | null {
  const trimmed = text.trim()
  if (isIsoDate(trimmed)) return trimmed
  return mdyToIso(trimmed)
}

/**
 * A date for display, yyyy-mm-dd, or 'No Date Available' when missing or unreadable.
 * A date-only string is shown as is; a timestamp (Date, or text with a time) is shown as the
 * calendar date in `timeZone` (an IANA name, default UTC).
 */
export function formatDate(value: string | Date | null | undefined, timeZone = 'UTC'): string {
  if (value === null || value === undefined) return NO_DATE
  if (typeof value === 'string') {
    const text = value.trim()
    if (text === '') return NO_DATE
    if (isIsoDate(text)) return text
    const typed = mdyToIso(text)
    if (typed) return typed
    const m = ISO_DATE_PREFIX.exec(text)
    if (m && !/[T ]\d/.test(text.slice(10))) return NO_DATE
    const parsed = new Date(text)
    if (m && !Number.isNaN(parsed.getTime())) return calendarDate(parsed, timeZone)
    return NO_DATE
  }
  if (Number.isNaN(value.getTime())) return NO_DATE
  return calendarDate(value, timeZone)
}

/** A moment for display: 'yyyy-mm-dd hh:mm UTC' (history rows, e-mails sent). */
export function formatDateTime(at: string | Date): string {
  return `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

// a formatter per time zone, made once: making one costs more than formatting with it
const calendarFormats = new Map<string, Intl.DateTimeFormat>()

function calendarDate(at: Date, timeZone: string): string {
  let format = calendarFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    if (calendarFormats.size < 50) calendarFormats.set(timeZone, format)
  }
  const parts = format.formatToParts(at)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`
}

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string' && value.trim() === '') return null
  const n = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(n) ? n : null
}

/** '46.123457, -116.000000'; null when either coordinate is missing or not a number. */
export function formatGps(lat: number | string | null | undefined, lng: number | string | null | undefined): string | null {
  const a = toNumber(lat)
  const b = toNumber(lng)
  if (a === null || b === null) return null
  return `${a.toFixed(6)}, ${b.toFixed(6)}`
}

/** 'lat, lng' (comma or spaces between) → numbers in range; null otherwise. */
export function parseGps(text: string): { lat: number; lng: number } | null {
  const parts = text.trim().split(/\s*,\s*|\s+/)
  if (parts.length !== 2) return null
  const [lat, lng] = parts.map((p) => (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(p) ? Number(p) : Number.NaN)) as [number, number]
  if (!(Math.abs(lat) <= 90) || !(Math.abs(lng) <= 180)) return null
  return { lat, lng }
}

const SIZE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const

/** 512 → '512 B', 1536 → '1.5 KiB', 5 * 2**20 → '5.0 MiB'; '' for a negative or non-number size. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return ''
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024
    unit++
  }
  if (unit === 0) return `${Math.round(value)} B`
  // 1023.96 KiB would round to '1024.0 KiB': show it in the next unit instead
  if (Number(value.toFixed(1)) >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024
    unit++
  }
  return `${value.toFixed(1)} ${SIZE_UNITS[unit]}`
}

/** whole.fraction rounded half up to `decimals`, worked on the digits (no float error), as a number. */
export function roundDecimalText(whole: string, fraction: string, decimals: number): number {
  const kept = `${whole}${fraction.slice(0, decimals).padEnd(decimals, '0')}`
  const up = (fraction[decimals] ?? '0') >= '5'
  const scaled = BigInt(kept) + (up ? 1n : 0n)
  return Number(scaled) / 10 ** decimals
}

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 })

/** A number as a person reads it: 12,500 and 0.0125 (thousands separated, at most 4 decimals). */
export function formatNumber(value: number): string {
  return NUMBER.format(value)
}

/** A count with its word in agreement: '1 application', '1,200 applications', '1 day'. */
export function countText(count: number, one: string, many = `${one}s`): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`
}
