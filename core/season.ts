// A storage season runs from July 1 to June 30: potatoes go in at harvest (September, October)
// and come out by early summer, so one season's checks, sheets and pre-treats belong together.
// A season is named by the year it starts: season 2025 is 2025-07-01 … 2026-06-30, shown '2025–26'.

export interface Season {
  /** the year it starts, e.g. 2025 */
  year: number
  /** '2025–26' */
  label: string
  /** first day, inclusive: '2025-07-01' */
  start: string
  /** the day after the last, exclusive: '2026-07-01' */
  end: string
}

/** Seasons a URL may name: the app's date window (core/formats.ts DATE_WINDOW) less its last half-year. */
const FIRST_YEAR = 1999
const LAST_YEAR = 2099

export function season(year: number): Season {
  return { year, label: `${year}–${String((year + 1) % 100).padStart(2, '0')}`, start: `${year}-07-01`, end: `${year + 1}-07-01` }
}

/** The season a 'yyyy-mm-dd' date (or a Date, read in UTC) falls in. */
export function seasonOf(date: string | Date): Season {
  const iso = typeof date === 'string' ? date : date.toISOString()
  const year = Number(iso.slice(0, 4))
  const month = Number(iso.slice(5, 7))
  return season(month >= 7 ? year : year - 1)
}

/** What a URL naming no season it may be told (the season summary, a storage's ledger). */
export const SEASON_MESSAGE = 'Season must be a year from 1999 to 2099 (the year it starts, e.g. 2025 for 2025–26).'

/** `?season=2025` → that season; anything else (absent, '2025–26', '1e3', out of range) → null. */
export function parseSeason(value: string | null | undefined): Season | null {
  if (!value || !/^\d{4}$/.test(value)) return null
  const year = Number(value)
  return year >= FIRST_YEAR && year <= LAST_YEAR ? season(year) : null
}
