import { describe, expect, it } from 'vitest'
import type { LevelValues } from '#core/service-hours.ts'
import { levelOf, nextState, reviewRefusal, type ServiceReviewEvent, type SheetState } from './service-review.machine.ts'
import type { ReviewLevel } from '#core/enums.ts'

const OK: LevelValues = { travel: 2, labor: 3, ncTravel: 0.5, ncLabor: 0 }
const ALL: ReviewLevel[] = [1, 2, 3]
const save = (level: ReviewLevel, reviewerLevels: ReviewLevel[] = ALL, values = OK): ServiceReviewEvent => ({ type: 'SAVE', level, reviewerLevels, values })
const approve = (level: ReviewLevel, reviewerLevels: ReviewLevel[] = ALL, values = OK): ServiceReviewEvent => ({ type: 'APPROVE', level, reviewerLevels, values })

describe('service review machine', () => {
  it('opens level 1 when the sheet is submitted, and only then', () => {
    expect(nextState('submitted', { type: 'SUBMIT', byAuthor: true })).toBe('level_1_review')
    for (const state of ['level_1_review', 'level_2_review', 'level_3_review', 'complete'] as SheetState[]) expect(nextState(state, { type: 'SUBMIT', byAuthor: true })).toBeNull()
  })
  it('moves level 1 → 2 → 3 → complete on approval', () => {
    expect(nextState('level_1_review', approve(1))).toBe('level_2_review')
    expect(nextState('level_2_review', approve(2))).toBe('level_3_review')
    expect(nextState('level_3_review', approve(3))).toBe('complete')
  })
  it('keeps the level on save', () => {
    for (const level of ALL) expect(nextState(`level_${level}_review` as SheetState, save(level))).toBe(`level_${level}_review`)
  })
  it('refuses a review of another level than the one waiting', () => {
    expect(nextState('level_1_review', approve(2))).toBeNull()
    expect(nextState('level_2_review', save(1))).toBeNull()
    expect(nextState('level_3_review', approve(1))).toBeNull()
    expect(reviewRefusal('level_2_review', save(1) as never)).toBe('not-this-level')
  })
  it('refuses a reviewer who does not hold the level', () => {
    expect(nextState('level_2_review', approve(2, [1]))).toBeNull()
    expect(nextState('level_1_review', save(1, [2, 3]))).toBeNull()
    expect(reviewRefusal('level_2_review', approve(2, [1, 3]) as never)).toBe('not-your-level')
  })
  it('refuses values the level does not accept', () => {
    const bad = { ...OK, ncTravel: 2.25 }
    expect(nextState('level_1_review', approve(1, ALL, bad))).toBeNull()
    expect(nextState('level_1_review', save(1, ALL, { ...OK, labor: 1.1 }))).toBeNull()
    expect(reviewRefusal('level_1_review', approve(1, ALL, bad) as never)).toBe('invalid-values')
  })
  it('takes nothing in submitted but SUBMIT, and nothing once complete', () => {
    expect(nextState('submitted', approve(1))).toBeNull()
    expect(nextState('submitted', save(1))).toBeNull()
    for (const event of [save(3), approve(3), approve(1)]) expect(nextState('complete', event)).toBeNull()
  })
  it('names the level a state waits for', () => {
    expect(levelOf('level_2_review')).toBe(2)
    expect(levelOf('complete')).toBeNull()
    expect(levelOf('submitted')).toBeNull()
  })
})

describe('send back (decision 0069)', () => {
  const back = (level: ReviewLevel, reason = 'Hours doubled', reviewerLevels: ReviewLevel[] = ALL): ServiceReviewEvent => ({ type: 'SEND_BACK', level, reviewerLevels, reason })
  it('returns a sheet from any review level to its author, who alone submits it again', () => {
    for (const level of ALL) expect(nextState(`level_${level}_review` as SheetState, back(level))).toBe('submitted')
    expect(nextState('submitted', { type: 'SUBMIT', byAuthor: false })).toBeNull()
    expect(nextState('submitted', { type: 'SUBMIT', byAuthor: true })).toBe('level_1_review')
  })
  it('needs a reason, a reviewer of the level, and the level waiting', () => {
    expect(nextState('level_1_review', back(1, '  '))).toBeNull()
    expect(reviewRefusal('level_1_review', back(1, '') as never)).toBe('no-reason')
    expect(nextState('level_2_review', back(2, 'x', [1]))).toBeNull()
    expect(nextState('level_2_review', back(1))).toBeNull()
    expect(nextState('complete', back(3))).toBeNull()
  })
})
