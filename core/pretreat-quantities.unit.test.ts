import { describe, expect, it } from 'vitest'
import { formatCwt, formatQuantity, parseCwt, ppmOf, quantityFor, type QuantityInputs } from './pretreat-quantities.ts'

const product = (over: Partial<QuantityInputs>): QuantityInputs => ({ units: 'other', ppm: null, ppm_constant: null, per: null, converter: null, min_qty: 0, ...over })

describe('quantityFor (spec §5, chemical quantity from cwt)', () => {
  it('uses cwt × ppm / ppm_constant when both are set', () => {
    expect(quantityFor(product({ units: 'gal', ppm: 16.6, ppm_constant: 1000 }), 1000)).toBe(16.6)
    expect(quantityFor(product({ units: 'other', ppm: 3, ppm_constant: 7 }), 1000)).toBe(428.5714)
  })
  it('multiplies the ppm rule by 128 when the units are oz', () => {
    expect(quantityFor(product({ units: 'oz', ppm: 1, ppm_constant: 1000 }), 2500)).toBe(320)
  })
  it('takes gallons as cwt / per × converter / 128, rounded', () => {
    // 1000 / 100 × 30 / 128 = 2.34 → 2
    expect(quantityFor(product({ units: 'gal', per: 100, converter: 30 }), 1000)).toBe(2)
    // 1000 / 100 × 60 / 128 = 4.69 → 5
    expect(quantityFor(product({ units: 'gal', per: 100, converter: 60 }), 1000)).toBe(5)
  })
  it('otherwise takes cwt / per × converter, rounded unless oz', () => {
    expect(quantityFor(product({ units: 'other', per: 3, converter: 1 }), 1000)).toBe(333)
    expect(quantityFor(product({ units: 'oz', per: 3, converter: 1 }), 1000)).toBe(333.3333)
  })
  it('never goes below min_qty', () => {
    expect(quantityFor(product({ units: 'other', per: 100, converter: 1, min_qty: 25 }), 1000)).toBe(25)
    expect(quantityFor(product({ units: 'gal', ppm: 1, ppm_constant: 1000, min_qty: 2 }), 100)).toBe(2)
  })
  it('prefers the ppm rule when a product has both sets of inputs', () => {
    expect(quantityFor(product({ units: 'other', ppm: 2, ppm_constant: 1000, per: 1, converter: 1 }), 1000)).toBe(2)
  })
  it('gives null when the inputs are missing or the cwt is not positive', () => {
    expect(quantityFor(product({}), 1000)).toBeNull()
    expect(quantityFor(product({ ppm: 2 }), 1000)).toBeNull()
    expect(quantityFor(product({ per: 0, converter: 1 }), 1000)).toBeNull()
    expect(quantityFor(product({ per: 1, converter: 1 }), 0)).toBeNull()
    expect(quantityFor(product({ per: 1, converter: 1 }), Number.NaN)).toBeNull()
  })
})

describe('ppmOf', () => {
  it('runs the ppm rule backwards, through gallons for oz', () => {
    const oz = product({ units: 'oz', ppm: 1, ppm_constant: 1000 })
    expect(ppmOf(oz, quantityFor(oz, 2500)!, 2500)).toBe(1)
    expect(ppmOf(product({ units: 'gal', ppm_constant: 1000 }), 33.2, 1000)).toBe(33.2)
    expect(ppmOf(product({ units: 'gal' }), 33.2, 1000)).toBeNull()
  })
})

describe('parseCwt and formatCwt', () => {
  it('strips commas and accepts plain decimals only', () => {
    expect(parseCwt('12,500')).toBe(12500)
    expect(parseCwt(' 1,000.5 ')).toBe(1000.5)
    expect(parseCwt('1e3')).toBeNull()
    expect(parseCwt('-100')).toBeNull()
    expect(parseCwt('')).toBeNull()
    expect(parseCwt('12.345')).toBeNull()
    expect(parseCwt('9'.repeat(20))).toBeNull()
  })
  it('shows thousands separators', () => {
    expect(formatCwt(1250000)).toBe('1,250,000')
  })
})

describe('formatQuantity', () => {
  it('shows ounces as gallons and ounces, 128 to the gallon', () => {
    expect(formatQuantity(300, 'oz')).toBe('2 gal 44 oz')
    expect(formatQuantity(256, 'oz')).toBe('2 gal')
    expect(formatQuantity(40.5, 'oz')).toBe('40.5 oz')
    expect(formatQuantity(333.3333, 'oz')).toBe('2 gal 77.33 oz')
  })
  it('shows other units with their word, gallons with gal, thousands separated', () => {
    expect(formatQuantity(5, 'gal')).toBe('5 gal')
    expect(formatQuantity(1500, 'gal')).toBe('1,500 gal')
    expect(formatQuantity(333, 'other')).toBe('333 units')
    expect(formatQuantity(1, 'other')).toBe('1 unit')
    expect(formatQuantity(12_800 * 128 + 3, 'oz')).toBe('12,800 gal 3 oz')
    expect(formatQuantity(null, 'oz')).toBe('')
  })
})
