import { describe, expect, it } from 'vitest'
import { stepKey } from './step-key.ts'

const PAGE = '6f1c2b9e-3d4a-4b5c-8d7e-9f0a1b2c3d4e'

describe('stepKey', () => {
  it('names one press: the same page, step and parts give the same UUID, whatever the id’s case', () => {
    expect(stepKey(PAGE, 'save', 3)).toBe(stepKey(PAGE.toUpperCase(), 'save', 3))
    expect(stepKey(PAGE, 'save', 3)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })

  it('tells presses apart by any part, and parts apart from how they are split', () => {
    const keys = [stepKey(PAGE, 'save', 3), stepKey(PAGE, 'save', 4), stepKey(PAGE, 'submit', 3), stepKey(PAGE, 'save', '3'), stepKey(PAGE, 'save3'), stepKey(PAGE.replace('6f', '7f'), 'save', 3)]
    expect(new Set(keys).size).toBe(keys.length)
  })
})
