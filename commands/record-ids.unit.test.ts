// What the dispatch board's move and the pre-treat lists' row buttons (Stage, Schedule, Assign)
// parse a posted form with: an id is decimal digits only (core/ids.ts), so '0x7' or '1e1' does not
// move or stage pre-treat 7 or 10.
import { describe, expect, it } from 'vitest'
import { moveOnBoard } from './dispatch.ts'
import { takeRowStep } from './pretreat-schedule.ts'

const OTHER_SPELLINGS = ['0x7', '1e1', '7e0', ' 7', '+7', '7.0', '']

describe('ids a form posts to a pre-treat step', () => {
  it('the dispatch board’s move takes the card’s and the lane’s ids as decimal digits only (0: Unassigned)', () => {
    const move = (id: string, applicator: string) => moveOnBoard.schema.safeParse({ id, applicator, planned_on: '' })
    expect(move('7', '3')).toMatchObject({ success: true, data: { id: 7, applicator: 3 } })
    expect(move('7', '0')).toMatchObject({ success: true, data: { id: 7, applicator: 0 } })
    for (const text of OTHER_SPELLINGS) {
      expect(move(text, '3').success, `id ${JSON.stringify(text)}`).toBe(false)
      expect(move('7', text).success, `applicator ${JSON.stringify(text)}`).toBe(false)
    }
  })

  it('the lists’ Stage, Schedule and Assign take ids as decimal digits only', () => {
    expect(takeRowStep.schema.safeParse({ intent: 'stage', id: '7' })).toMatchObject({ success: true, data: { id: 7 } })
    expect(takeRowStep.schema.safeParse({ intent: 'assign', id: '7', applicator: '0' })).toMatchObject({ success: true, data: { id: 7, applicator: 0 } })
    for (const text of OTHER_SPELLINGS) {
      expect(takeRowStep.schema.safeParse({ intent: 'schedule', id: text }).success, `id ${JSON.stringify(text)}`).toBe(false)
      expect(takeRowStep.schema.safeParse({ intent: 'assign', id: '7', applicator: text }).success, `applicator ${JSON.stringify(text)}`).toBe(false)
    }
  })
})
