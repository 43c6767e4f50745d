import { describe, expect, it } from 'vitest'
import { parseId } from './ids.ts'

describe('parseId', () => {
  it('reads decimal digits naming 1 to MAX_SAFE_INTEGER', () => {
    expect(parseId('7')).toBe(7)
    expect(parseId('007')).toBe(7)
    expect(parseId(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER)
  })

  it('refuses every other spelling of a number, and what names no record', () => {
    for (const text of [
      '0x7',
      '1e1',
      '7e0',
      '0b111',
      '0o7',
      ' 7',
      '7 ',
      '+7',
      '-7',
      '7.0',
      '7.',
      '.7',
      '1_000',
      'Infinity',
      'NaN',
      '',
      '0',
      '00',
      '٧',
      '7\n',
      String(Number.MAX_SAFE_INTEGER + 1),
      '99999999999999999999',
    ]) {
      expect(parseId(text), JSON.stringify(text)).toBeNull()
    }
    expect(parseId(null)).toBeNull()
    expect(parseId(undefined)).toBeNull()
  })
})
