import { describe, expect, it } from 'vitest'
import { cwtMismatch, defaultPriceLines, lineTotal, missingCwt, parsePrice, parseShare, PRICE_INVALID, SHARE_INVALID } from './pretreat-pricing.ts'

const companies = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Farm ${i + 1}` }))
const shares = (lines: { cwt_share: number }[]) => lines.map((l) => l.cwt_share)

describe('the default price split', () => {
  it('gives the remainder of an uneven split to the first company, in hundredths', () => {
    const lines = defaultPriceLines(companies(3), 1000, 0.05)
    expect(shares(lines)).toEqual([333.34, 333.33, 333.33])
    expect(cwtMismatch(shares(lines), 1000)).toBeNull()
  })

  it('gives one company the whole cwt at the base price, to 4 decimals', () => {
    expect(defaultPriceLines([{ id: 7, name: 'Owner' }], 12500.5, 0.123456)).toEqual([{ company_id: 7, company_name: 'Owner', cwt_share: 12500.5, price: 0.1235 }])
  })

  it('splits among many companies and always adds up', () => {
    for (const [n, cwt] of [
      [7, 1000],
      [6, 100.01],
      [11, 98765.43],
      [2, 0.01],
    ] as const) {
      const lines = defaultPriceLines(companies(n), cwt, 0.05)
      expect(lines).toHaveLength(n)
      expect(missingCwt(shares(lines), cwt), `${n} × ${cwt}`).toBe(0)
      expect(Math.max(...shares(lines).slice(1))).toBeLessThanOrEqual(lines[0]!.cwt_share)
    }
    expect(shares(defaultPriceLines(companies(7), 1000, 0.05))).toEqual([142.9, 142.85, 142.85, 142.85, 142.85, 142.85, 142.85])
    expect(defaultPriceLines([], 1000, 0.05)).toEqual([])
  })
})

describe('the CWT total', () => {
  it('names the expected and the given total as the sheet shows a cwt', () => {
    expect(cwtMismatch([500, 499.99], 1000)).toBe('CWT total mismatch, expected 1,000, got 999.99')
    expect(cwtMismatch([12000, 1000.5], 12500)).toBe('CWT total mismatch, expected 12,500, got 13,000.5')
    expect(cwtMismatch([0.1, 0.2], 0.3)).toBeNull()
    expect(missingCwt([600, 300], 1000)).toBe(100)
    expect(missingCwt([600, 500], 1000)).toBe(-100)
  })
})

describe('a share and a price as typed', () => {
  it('takes a share with commas and up to 2 decimals; refuses negatives, words and 3 decimals', () => {
    expect(parseShare('1,250.5')).toEqual({ value: 1250.5 })
    expect(parseShare('0')).toEqual({ value: 0 })
    for (const bad of ['-1', 'abc', '', '1.234', '1e3', 'NaN', '12.5.0']) expect(parseShare(bad), bad).toEqual({ error: SHARE_INVALID })
  })

  it('takes a price with up to 4 decimals as it is', () => {
    expect(parsePrice('0.0525')).toEqual({ value: 0.0525 })
    expect(parsePrice('.05')).toEqual({ value: 0.05 })
    expect(parsePrice('3')).toEqual({ value: 3 })
    expect(parsePrice(' 3. ')).toEqual({ value: 3 })
    for (const bad of ['-0.05', 'free', '', '1,000', '1e2', '.', '0.0.5', '9999999999.0001']) expect(parsePrice(bad), bad).toEqual({ error: PRICE_INVALID })
  })

  it('rounds a price with more decimals to 4, half up (spec: price is rounded to 4 decimals), on the digits typed', () => {
    expect(parsePrice('0.05255')).toEqual({ value: 0.0526 }) // 0.05255 × 10000 is 525.4999… as a float: the digits decide
    expect(parsePrice('0.05254999')).toEqual({ value: 0.0525 })
    expect(parsePrice('0.123456789')).toEqual({ value: 0.1235 })
    expect(parsePrice('1.99995')).toEqual({ value: 2 })
    expect(parsePrice('.00005')).toEqual({ value: 0.0001 })
    expect(parsePrice('0.00004')).toEqual({ value: 0 })
    expect(parsePrice('9999999998.99995')).toEqual({ value: 9999999999 })
    expect(parsePrice('9999999999.00004')).toEqual({ value: 9999999999 })
    expect(parsePrice('9999999999.00005')).toEqual({ error: PRICE_INVALID }) // rounds past the largest price
  })

  it('totals a line to the cent', () => {
    expect(lineTotal(333.34, 0.05)).toBe(16.67)
  })
})
