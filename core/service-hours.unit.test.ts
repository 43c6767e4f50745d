import { describe, expect, it } from 'vitest'
import { displayedHours, editableNcLevels, hoursProblem, levelValueProblems, previousLevelChanges, previousLevelPartChange, removalOf, type PartFlags, type SheetHours } from './service-hours.ts'

const ZERO: SheetHours = {
  travel_hours: 0,
  labor_hours: 0,
  travel_hours1: 0,
  travel_hours2: 0,
  travel_hours3: 0,
  labor_hours1: 0,
  labor_hours2: 0,
  labor_hours3: 0,
  nc1_travel: 0,
  nc2_travel: 0,
  nc3_travel: 0,
  nc1_labor: 0,
  nc2_labor: 0,
  nc3_labor: 0,
}
const sheet = (h: Partial<SheetHours>): SheetHours => ({ ...ZERO, ...h })
const flags = (f: Partial<PartFlags> = {}): PartFlags => ({ nc1: false, nc2: false, nc3: false, marked_for_deletion1: false, marked_for_deletion2: false, marked_for_deletion3: false, ...f })

describe('displayedHours', () => {
  it('shows level 3 when above zero', () => {
    expect(displayedHours(sheet({ travel_hours: 1, travel_hours1: 2, travel_hours2: 3, travel_hours3: 4, labor_hours: 5, labor_hours3: 6 }))).toMatchObject({ travel: 4, labor: 6 })
  })
  it('falls back to level 2, then level 1, then the initial hours, for travel and labor each on its own', () => {
    expect(displayedHours(sheet({ travel_hours: 1, travel_hours1: 2, travel_hours2: 3, labor_hours: 5, labor_hours1: 7 }))).toMatchObject({ travel: 3, labor: 7 })
    expect(displayedHours(sheet({ travel_hours: 1, travel_hours1: 2, labor_hours: 5 }))).toMatchObject({ travel: 2, labor: 5 })
    expect(displayedHours(sheet({ travel_hours: 1.25, labor_hours: 0.5 }))).toMatchObject({ travel: 1.25, labor: 0.5 })
  })
  it('takes the NC hours from level 3 only', () => {
    expect(displayedHours(sheet({ nc1_travel: 1, nc2_travel: 1, nc2_labor: 2 }))).toMatchObject({ ncTravel: 0, ncLabor: 0 })
    expect(displayedHours(sheet({ travel_hours3: 2, nc3_travel: 0.5, labor_hours3: 2, nc3_labor: 1.75 }))).toMatchObject({ ncTravel: 0.5, ncLabor: 1.75 })
  })
})

describe('hours and NC caps', () => {
  it('refuses missing, negative and off-step hours', () => {
    expect(hoursProblem(undefined, 'Travel hours')).toBe('Travel hours are required.')
    expect(hoursProblem(Number.NaN, 'Travel hours')).toBe('Travel hours are required.')
    expect(hoursProblem(-0.25, 'Travel hours')).toBe('Travel hours must be 0 or more.')
    expect(hoursProblem(1.1, 'Labor hours')).toBe('Labor hours must be in steps of 0.25.')
    expect(hoursProblem(0, 'Labor hours')).toBeNull()
    expect(hoursProblem(7.75, 'Labor hours')).toBeNull()
  })
  it('caps NC hours by the level hours', () => {
    expect(levelValueProblems({ travel: 2, labor: 3, ncTravel: 2, ncLabor: 3 })).toEqual({})
    expect(levelValueProblems({ travel: 2, labor: 3, ncTravel: 2.25, ncLabor: 3.25 })).toEqual({
      ncTravel: 'NC travel hours cannot be more than the travel hours (2).',
      ncLabor: 'NC labor hours cannot be more than the labor hours (3).',
    })
    expect(levelValueProblems({ travel: -1, labor: 1, ncTravel: 0.3, ncLabor: 0 })).toEqual({ travel: 'Travel hours must be 0 or more.', ncTravel: 'NC travel hours must be in steps of 0.25.' })
  })
})

describe('part lines through the levels', () => {
  it('lets levels 1 and 2 edit only their own NC flag, level 3 all three', () => {
    expect(editableNcLevels(1)).toEqual([1])
    expect(editableNcLevels(2)).toEqual([2])
    expect(editableNcLevels(3)).toEqual([1, 2, 3])
  })
  it('deletes a new line outright and toggles the mark on an older one', () => {
    expect(removalOf({ id: -1, added_at_level: 0 }, 1)).toBe('delete')
    expect(removalOf({ id: 40, added_at_level: 2 }, 2)).toBe('delete')
    expect(removalOf({ id: 40, added_at_level: 0 }, 2)).toBe('toggle-mark')
    expect(removalOf({ id: 40, added_at_level: 1 }, 2)).toBe('toggle-mark')
  })
})

describe('what the previous level changed', () => {
  const h = sheet({ travel_hours: 2, labor_hours: 3, travel_hours1: 2.5, labor_hours1: 3, nc1_labor: 1, travel_hours2: 2.5, labor_hours2: 2, nc2_labor: 1 })
  it('is nothing at level 1', () => {
    expect(previousLevelChanges(h, 1)).toEqual([])
    expect(previousLevelPartChange({ ...flags({ nc1: true }), added_at_level: 0 }, 1)).toBeNull()
  })
  it('compares level 1 with the submitted sheet at level 2', () => {
    expect(previousLevelChanges(h, 2)).toEqual([
      { key: 'travel', label: 'Travel hours', from: 2, to: 2.5 },
      { key: 'ncLabor', label: 'NC labor hours', from: 0, to: 1 },
    ])
  })
  it('compares level 2 with level 1 at level 3', () => {
    expect(previousLevelChanges(h, 3)).toEqual([{ key: 'labor', label: 'Labor hours', from: 3, to: 2 }])
  })
  it('reports NC flags, deletion marks and added lines', () => {
    expect(previousLevelPartChange({ ...flags({ nc1: true, nc2: true }), added_at_level: 0 }, 3)).toBeNull()
    expect(previousLevelPartChange({ ...flags({ nc1: true, nc2: false }), added_at_level: 0 }, 3)).toEqual({ added: false, nc: { from: true, to: false }, removal: null })
    expect(previousLevelPartChange({ ...flags({ marked_for_deletion1: true }), added_at_level: 0 }, 2)).toEqual({ added: false, nc: null, removal: { from: false, to: true } })
    expect(previousLevelPartChange({ ...flags({ nc2: true }), added_at_level: 2 }, 3)).toEqual({ added: true, nc: null, removal: null })
  })
})
