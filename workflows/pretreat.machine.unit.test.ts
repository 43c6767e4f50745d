import { describe, expect, it } from 'vitest'
import { PRETREAT_STATES, type PretreatState } from '#core/workflow-states.ts'
import { canPretreat, nextPretreatState, type PretreatEvent, type PretreatFlags } from './pretreat.machine.ts'

const live: PretreatFlags = { void: false, upcoming: false }
const staged: PretreatFlags = { void: false, upcoming: true }
const voided: PretreatFlags = { void: true, upcoming: false }
const next = (status: PretreatState, event: PretreatEvent, flags = live) => nextPretreatState(status, flags, event)
const ALL = PRETREAT_STATES
const except = (...states: PretreatState[]) => ALL.filter((s) => !states.includes(s))

const assign: PretreatEvent = { type: 'ASSIGN', licenceValid: true }
const submit: PretreatEvent = { type: 'SUBMIT', complete: true }

describe('pre-treat machine', () => {
  it('creates in pending, staged or not', () => {
    expect(next('pending', { type: 'CREATE', upcoming: true })).toBe('pending')
    for (const s of except('pending')) expect(next(s, { type: 'CREATE', upcoming: true })).toBeNull()
  })
  it('stages only a scheduled, unassigned pre-treat and schedules only a staged one', () => {
    expect(next('pending', { type: 'STAGE' })).toBe('pending')
    expect(next('pending', { type: 'STAGE' }, staged)).toBeNull()
    expect(next('pending', { type: 'SCHEDULE' }, staged)).toBe('pending')
    expect(next('pending', { type: 'SCHEDULE' })).toBeNull()
    for (const s of except('pending')) {
      expect(next(s, { type: 'STAGE' })).toBeNull()
      expect(next(s, { type: 'SCHEDULE' }, staged)).toBeNull()
    }
  })
  it('assigns a scheduled pre-treat to an applicator whose licence is valid on the day', () => {
    expect(next('pending', assign)).toBe('assigned')
    expect(next('assigned', assign)).toBe('assigned')
    expect(next('in-progress', assign)).toBe('in-progress')
    expect(next('pending', { type: 'ASSIGN', licenceValid: false })).toBeNull()
    expect(next('pending', assign, staged)).toBeNull()
    for (const s of ['to-review', 'to-review1', 'to-review2', 'completed'] as const) expect(next(s, assign)).toBeNull()
  })
  it('unassigns back to pending only before the sheet is started', () => {
    expect(next('assigned', { type: 'UNASSIGN' })).toBe('pending')
    for (const s of except('assigned')) expect(next(s, { type: 'UNASSIGN' })).toBeNull()
  })
  it("starts the work on the sheet's first save", () => {
    expect(next('assigned', { type: 'SAVE' })).toBe('in-progress')
    expect(next('in-progress', { type: 'SAVE' })).toBe('in-progress')
    expect(next('pending', { type: 'SAVE' })).toBeNull()
    expect(next('completed', { type: 'SAVE' })).toBeNull()
  })
  it('submits a complete sheet from assigned or in progress to review', () => {
    expect(next('assigned', submit)).toBe('to-review')
    expect(next('in-progress', submit)).toBe('to-review')
    expect(next('in-progress', { type: 'SUBMIT', complete: false })).toBeNull()
    for (const s of except('assigned', 'in-progress')) expect(next(s, submit)).toBeNull()
  })
  it('reviews by level: 2 completes, 1 sets to-review1, anyone else leaves it', () => {
    for (const s of ['to-review', 'to-review1', 'to-review2'] as const) {
      expect(next(s, { type: 'REVIEW', level: 2 })).toBe('completed')
      expect(next(s, { type: 'REVIEW', level: 1 })).toBe('to-review1')
      expect(next(s, { type: 'REVIEW', level: null })).toBe(s)
    }
    for (const s of except('to-review', 'to-review1', 'to-review2')) expect(next(s, { type: 'REVIEW', level: 2 })).toBeNull()
  })
  it('voids with notes anything not completed, and a void pre-treat moves on only once unvoided', () => {
    for (const s of except('completed')) {
      expect(next(s, { type: 'VOID', notes: 'Grower cancelled' })).toBe(s)
      expect(next(s, { type: 'VOID', notes: '  ' })).toBeNull()
      expect(next(s, { type: 'VOID', notes: 'again' }, voided)).toBeNull()
      expect(next(s, { type: 'UNVOID' }, voided)).toBe(s)
      expect(next(s, { type: 'UNVOID' })).toBeNull()
      expect(next(s, { type: 'EDIT' }, voided)).toBe(s)
    }
    expect(next('completed', { type: 'VOID', notes: 'late' })).toBeNull()
    expect(next('pending', assign, voided)).toBeNull()
    expect(next('assigned', { type: 'SAVE' }, voided)).toBeNull()
    expect(next('in-progress', submit, voided)).toBeNull()
    expect(next('to-review', { type: 'REVIEW', level: 2 }, voided)).toBeNull()
    expect(next('pending', { type: 'SCHEDULE' }, { void: true, upcoming: true })).toBeNull()
  })
  it('takes nothing once completed', () => {
    const events: PretreatEvent[] = [{ type: 'EDIT' }, { type: 'SAVE' }, assign, { type: 'UNVOID' }, { type: 'REVIEW', level: 2 }]
    for (const e of events) expect(canPretreat('completed', live, e)).toBe(false)
  })
})
