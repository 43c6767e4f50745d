// The rules of a service sheet's hours and part lines through the three review levels (spec §4,
// §5). Pure, shared by the browser (the review editor) and the server (which decides).

import { type ReviewLevel } from './enums.ts'
import { requiredMessage, tooLargeMessage } from './field-messages.ts'

export const HOURS_STEP = 0.25
/** The most hours one field takes (the columns are numeric(7,2)). */
export const HOURS_MAX = 99_999

/** The hour columns of a sheet, as numbers. Level 0 is what the technician entered. */
export interface SheetHours {
  travel_hours: number
  labor_hours: number
  travel_hours1: number
  travel_hours2: number
  travel_hours3: number
  labor_hours1: number
  labor_hours2: number
  labor_hours3: number
  nc1_travel: number
  nc2_travel: number
  nc3_travel: number
  nc1_labor: number
  nc2_labor: number
  nc3_labor: number
}

export interface LevelValues {
  travel: number
  labor: number
  ncTravel: number
  ncLabor: number
}

/** One level's hours; level 0 is the sheet as submitted (no NC hours yet). */
export function levelValues(sheet: SheetHours, level: 0 | ReviewLevel): LevelValues {
  if (level === 0) return { travel: sheet.travel_hours, labor: sheet.labor_hours, ncTravel: 0, ncLabor: 0 }
  return {
    travel: sheet[`travel_hours${level}`],
    labor: sheet[`labor_hours${level}`],
    ncTravel: sheet[`nc${level}_travel`],
    ncLabor: sheet[`nc${level}_labor`],
  }
}

/**
 * The hours a sheet shows: level 3 if above zero, else level 2, else level 1, else the initial
 * (each of travel and labor on its own); NC hours are level 3's.
 */
export function displayedHours(sheet: SheetHours): LevelValues {
  const pick = (kind: 'travel' | 'labor') => {
    for (const level of [3, 2, 1] as const) {
      const value = sheet[`${kind}_hours${level}`]
      if (value > 0) return value
    }
    return sheet[`${kind}_hours`]
  }
  return { travel: pick('travel'), labor: pick('labor'), ncTravel: sheet.nc3_travel, ncLabor: sheet.nc3_labor }
}

/** Why an hours value is refused, or null: required, at least 0, on the 0.25 step. */
export function hoursProblem(value: number | null | undefined, label: string): string | null {
  if (value === null || value === undefined || Number.isNaN(value)) return requiredMessage(label)
  if (value < 0) return `${label} must be 0 or more.`
  if (Math.round(value * 4) !== value * 4) return `${label} must be in steps of 0.25.`
  if (value > HOURS_MAX) return tooLargeMessage(label, HOURS_MAX)
  return null
}

export type LevelValueProblems = Partial<Record<keyof LevelValues, string>>

/** A review level's hours: each valid, and the NC hours no more than the level's own hours. */
export function levelValueProblems(values: LevelValues): LevelValueProblems {
  const problems: LevelValueProblems = {}
  const check = (key: keyof LevelValues, label: string) => {
    const problem = hoursProblem(values[key], label)
    if (problem) problems[key] = problem
  }
  check('travel', 'Travel hours')
  check('labor', 'Labor hours')
  check('ncTravel', 'NC travel hours')
  check('ncLabor', 'NC labor hours')
  if (!problems.ncTravel && !problems.travel && values.ncTravel > values.travel) problems.ncTravel = `NC travel hours cannot be more than the travel hours (${values.travel}).`
  if (!problems.ncLabor && !problems.labor && values.ncLabor > values.labor) problems.ncLabor = `NC labor hours cannot be more than the labor hours (${values.labor}).`
  return problems
}

/** A part line's review flags. `added_at_level` is 0 for lines from the sheet form. */
export interface PartFlags {
  nc1: boolean
  nc2: boolean
  nc3: boolean
  marked_for_deletion1: boolean
  marked_for_deletion2: boolean
  marked_for_deletion3: boolean
}

/** Which NC flags a reviewer at `level` may change: their own level's, or all three at level 3. */
export function editableNcLevels(level: ReviewLevel): ReviewLevel[] {
  return level === 3 ? [1, 2, 3] : [level]
}

/**
 * What removing a line does at `level`: a line new in this review (not saved before it, or added
 * at this level) is deleted outright; an older line toggles this level's deletion mark.
 */
export function removalOf(line: { id: number; added_at_level: number }, level: ReviewLevel): 'delete' | 'toggle-mark' {
  return line.id < 0 || line.added_at_level === level ? 'delete' : 'toggle-mark'
}

export interface ValueChange {
  key: keyof LevelValues
  label: string
  from: number
  to: number
}

const VALUE_LABELS: Record<keyof LevelValues, string> = { travel: 'Travel hours', labor: 'Labor hours', ncTravel: 'NC travel hours', ncLabor: 'NC labor hours' }

/** What the reviewer before `level` changed, against the level before theirs (none at level 1). */
export function previousLevelChanges(sheet: SheetHours, level: ReviewLevel): ValueChange[] {
  if (level === 1) return []
  const before = levelValues(sheet, (level - 2) as 0 | 1)
  const after = levelValues(sheet, (level - 1) as 1 | 2)
  return (Object.keys(VALUE_LABELS) as (keyof LevelValues)[]).filter((key) => before[key] !== after[key]).map((key) => ({ key, label: VALUE_LABELS[key], from: before[key], to: after[key] }))
}

export interface PartLineChange {
  /** the line was added by the previous reviewer */
  added: boolean
  nc: { from: boolean; to: boolean } | null
  removal: { from: boolean; to: boolean } | null
}

/** What the previous reviewer did to one part line (null: nothing, or there is no previous reviewer). */
export function previousLevelPartChange(line: PartFlags & { added_at_level: number }, level: ReviewLevel): PartLineChange | null {
  if (level === 1) return null
  const prev = (level - 1) as 1 | 2
  const added = line.added_at_level === prev
  const ncBefore = prev === 1 ? false : line.nc1
  const markBefore = prev === 1 ? false : line.marked_for_deletion1
  const ncAfter = line[`nc${prev}`]
  const markAfter = line[`marked_for_deletion${prev}`]
  const nc = !added && ncBefore !== ncAfter ? { from: ncBefore, to: ncAfter } : null
  const removal = markBefore !== markAfter ? { from: markBefore, to: markAfter } : null
  return added || nc || removal ? { added, nc, removal } : null
}
