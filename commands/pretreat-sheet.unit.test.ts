import { describe, expect, it } from 'vitest'
import { sheetPressKey } from './pretreat-sheet.ts'

const PAGE = '6f1c2b9e-3d4a-4b5c-8d7e-9f0a1b2c3d4e'
const press = (changes: Record<string, unknown> = {}) => ({ submission_id: PAGE, pretreat_id: 7, version: 3, intent: 'save', weather: 'Snow', ...changes })

describe('sheetPressKey', () => {
  it('names one press: the same post again (a double tap, a replay) gets the same key, whatever order its fields come in', () => {
    const key = sheetPressKey('save', press())
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    const { weather, ...rest } = press()
    const reordered = { weather, ...rest }
    expect(sheetPressKey('save', reordered)).toBe(key)
  })

  it('tells apart the presses of one page: the next version, other values on the same version, another step or pre-treat', () => {
    const keys = [
      sheetPressKey('save', press()),
      sheetPressKey('save', press({ version: 4 })),
      sheetPressKey('save', press({ weather: 'Rain' })),
      sheetPressKey('submit', press({ intent: 'submit' })),
      sheetPressKey('save', press({ pretreat_id: 8 })),
      sheetPressKey('save', press({ submission_id: crypto.randomUUID() })),
    ]
    expect(new Set(keys).size).toBe(keys.length)
  })
})
