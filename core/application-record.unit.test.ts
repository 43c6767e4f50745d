import { describe, expect, it } from 'vitest'
import { rateOf, recordGaps, recordItems, type RecordFacts } from './application-record.ts'

const complete: RecordFacts = {
  grower_name: 'Snake River Farms',
  grower_address: '100 N Main St, Rupert, ID',
  storage_name: 'Cellar 4',
  storage_address: '2200 W 400 S, Rupert, ID',
  gps_lat: null,
  gps_lng: null,
  variety: 'Russet - Process',
  treated_for: 'Sprouting',
  products: [{ product_name: '1,4SIGHT', registration: 'EPA Reg. No. 81503-1', units: 'oz', ppm_constant: 84000, cwt: 100_000, quantity_used: 3047.6, supplier: '1,4GROUP', reentry_hours: 48 }],
  application_date: '2026-10-02',
  start_time: '08:00:00',
  stop_time: '11:30:00',
  wind_speed: 5,
  wind_direction: 'NW',
  recommended_by_name: 'Cody Hansen',
  applicator_name: 'Cody Hansen',
  applicator_licence: 'ID-PA-12345',
}

describe('recordGaps', () => {
  it('is empty for a complete record', () => {
    expect(recordGaps(complete)).toEqual([])
  })

  it('names every missing item, in the order of the rule', () => {
    const gaps = recordGaps({
      ...complete,
      grower_address: '',
      storage_address: '',
      variety: '',
      products: [{ ...complete.products[0]!, registration: ' ', quantity_used: null, cwt: 0 }],
      application_date: null,
      start_time: null,
      stop_time: null,
      wind_speed: null,
      wind_direction: null,
      applicator_name: null,
      applicator_licence: '',
    })
    expect(gaps).toEqual([
      'Grower address',
      'Site (storage address or GPS)',
      'Variety',
      'Amount treated (cwt)',
      'EPA registration number (1,4SIGHT)',
      'Total amount applied (1,4SIGHT)',
      'Application date',
      'Start time',
      'Stop time',
      'Wind speed',
      'Wind direction',
      'Applicator',
      'Applicator licence number',
    ])
  })

  it('asks for a product when there is no chemical line', () => {
    expect(recordGaps({ ...complete, products: [] })).toEqual(['Amount treated (cwt)', 'Product'])
  })

  it("takes the storage's address for the grower's when the grower has none, and GPS for the site when the storage has no address", () => {
    const items = recordItems({ ...complete, grower_address: '', storage_address: '', gps_lat: 42.6, gps_lng: -113.7 })
    expect(items.site).toBe('42.600000, -113.700000')
    expect(recordGaps({ ...complete, grower_address: '' })).toEqual([])
    expect(recordItems({ ...complete, grower_address: '' }).grower_address).toBe('2200 W 400 S, Rupert, ID')
  })
})

describe('rateOf', () => {
  it('gives ppm with the ppm rule run backwards (ounces to gallons, × constant ÷ cwt)', () => {
    // 3047.6 oz = 23.809375 gal; × 84000 / 100000 cwt = 20.0 ppm
    expect(rateOf({ units: 'oz', ppm_constant: 84000, cwt: 100_000, quantity_used: 3047.6 })).toEqual({ ppm: 19.9999, text: '19.9999 ppm' })
    expect(rateOf({ units: 'gal', ppm_constant: 1000, cwt: 1000, quantity_used: 16.6 })).toEqual({ ppm: 16.6, text: '16.6 ppm' })
  })

  it('gives the amount per 1,000 cwt when the product has no ppm constant', () => {
    expect(rateOf({ units: 'gal', ppm_constant: null, cwt: 50_000, quantity_used: 5 })).toEqual({ ppm: null, text: '0.1 gal per 1,000 cwt' })
  })

  it('is empty without a quantity or a cwt', () => {
    expect(rateOf({ units: 'gal', ppm_constant: 1000, cwt: 1000, quantity_used: null }).text).toBe('')
    expect(rateOf({ units: 'gal', ppm_constant: 1000, cwt: 0, quantity_used: 3 }).text).toBe('')
  })
})

describe('the record for the grower', () => {
  it('carries the target, the suppliers and when people may go in again (the stop time plus the longest label interval)', () => {
    const nip = {
      product_name: 'Sprout Nip 7A',
      registration: 'EPA Reg. No. 5481-433',
      units: 'other' as const,
      ppm_constant: null,
      cwt: 100_000,
      quantity_used: 70,
      supplier: 'AMVAC',
      reentry_hours: 12,
    }
    const items = recordItems({ ...complete, products: [...complete.products, nip, { ...nip, product_name: 'Sprout Nip 2' }] })
    expect(items).toMatchObject({ target: 'Sprouting', suppliers: '1,4GROUP; AMVAC', reentry_from: "2026-10-04 11:30 (48 h after the stop time, 1,4SIGHT's label)" })
    expect(recordItems({ ...complete, stop_time: null }).reentry_from).toBe('')
  })
})
