import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { formData, formErrors, type FormFields } from '#tests/support/forms.ts'
import { APPLICATION_MESSAGES, ApplicationSchema, PRODUCT_MESSAGES, ProductSchema } from './product.ts'

const id = '9b2f8a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b'
const product = { submission_id: id, product_name: ' CIPC Aerosol 98 ', registration: '5481-433', units: 'oz', ppm: '16.6', ppm_constant: '84000', min_qty: '0' }

const productErrors = (fields: FormFields) => formErrors(ProductSchema, fields)

describe('ProductSchema', () => {
  it('reads a product worked out by ppm: numbers as numbers, the unused pair and the label limits left out', () => {
    const result = parseWithZod(formData({ ...product, max_ppm_per_application: '22', active: 'on' }), { schema: ProductSchema })
    expect(result.status === 'success' && result.value).toEqual({
      submission_id: id,
      product_name: 'CIPC Aerosol 98',
      registration: '5481-433',
      units: 'oz',
      ppm: 16.6,
      ppm_constant: 84000,
      min_qty: 0,
      max_ppm_per_application: 22,
      max_total_basis: 'cwt',
      not_for_seed: false,
      supplier: '',
      active: true,
    })
  })

  it('reads the season limits of the ledger: a total per ton, the days, re-entry hours, not for seed, the supplier', () => {
    const fields = { max_total_per_season: '1.2', max_total_basis: 'ton', min_days_between: '21', min_days_before_removal: '30', reentry_hours: '24.5', not_for_seed: 'on', supplier: ' AMVAC ' }
    const result = parseWithZod(formData({ ...product, ...fields }), { schema: ProductSchema })
    expect(result.status === 'success' && result.value).toMatchObject({
      max_total_per_season: 1.2,
      max_total_basis: 'ton',
      min_days_between: 21,
      min_days_before_removal: 30,
      reentry_hours: 24.5,
      not_for_seed: true,
      supplier: 'AMVAC',
    })
  })

  it('refuses season limits out of bounds, each with its message', () => {
    expect(productErrors({ ...product, max_total_basis: 'acre' }).max_total_basis).toEqual(['Choose per cwt or per ton.'])
    expect(productErrors({ ...product, max_total_per_season: '0' }).max_total_per_season).toEqual(['Maximum total per season must be above 0.'])
    expect(productErrors({ ...product, min_days_between: '0' }).min_days_between).toEqual(['Minimum days between applications must be 1 or more.'])
    expect(productErrors({ ...product, min_days_before_removal: '2.5' }).min_days_before_removal).toEqual(['Minimum days before removal must be a whole number.'])
    expect(productErrors({ ...product, reentry_hours: '0.1' }).reentry_hours).toEqual(['Re-entry interval must be 0.25 or more.'])
  })

  it('takes per and the converter instead of ppm', () => {
    const { ppm: _p, ppm_constant: _c, ...byPer } = product
    expect(parseWithZod(formData({ ...byPer, units: 'gal', per: '1000', converter: '12.8' }), { schema: ProductSchema }).status).toBe('success')
  })

  it('needs one pair of the quantity formula', () => {
    const { ppm_constant: _c, ...half } = product
    expect(productErrors(half).ppm).toEqual([PRODUCT_MESSAGES.formula])
  })

  it('refuses units not in the list, negative numbers, a zero per or constant, a max ppm of 0, more than 4 decimals', () => {
    expect(productErrors({ ...product, units: 'kg' }).units).toEqual([PRODUCT_MESSAGES.units])
    expect(productErrors({ ...product, ppm: '-1' }).ppm).toEqual(['PPM must be 0 or more.'])
    expect(productErrors({ ...product, ppm_constant: '0' }).ppm_constant).toEqual(['PPM constant must be above 0.'])
    expect(productErrors({ ...product, per: '0', converter: '1' }).per).toEqual(['Per must be above 0.'])
    expect(productErrors({ ...product, min_qty: '-5' }).min_qty).toEqual(['Minimum quantity must be 0 or more.'])
    expect(productErrors({ ...product, max_ppm_per_application: '0' }).max_ppm_per_application).toEqual(['Maximum ppm per application must be above 0.'])
    expect(productErrors({ ...product, max_applications_per_season: '0' }).max_applications_per_season).toEqual(['Maximum applications per season must be 1 or more.'])
    expect(productErrors({ ...product, ppm: '1.00001' }).ppm).toEqual(['PPM can have at most 4 decimals.'])
    expect(productErrors({ ...product, ppm: '1e3' }).ppm).toEqual(['PPM must be a number, like 12 or 1.25.'])
  })
})

const application = { submission_id: id, name: '1,4SIGHT Thermal', base_price: '0.0425', 'products[0].product_id': '3', 'products[1].product_id': '7' }

const applicationErrors = (fields: FormFields) => formErrors(ApplicationSchema, fields)

describe('ApplicationSchema', () => {
  it('reads the name, a 4-decimal base price and the chemicals in order', () => {
    const result = parseWithZod(formData(application), { schema: ApplicationSchema })
    expect(result.status === 'success' && result.value).toEqual({ submission_id: id, name: '1,4SIGHT Thermal', base_price: 0.0425, products: [{ product_id: 3 }, { product_id: 7 }], active: false })
  })

  it('refuses no chemicals, one chemical twice, a price with 5 decimals or below 0', () => {
    const { 'products[0].product_id': _a, 'products[1].product_id': _b, ...none } = application
    expect(applicationErrors(none).products).toEqual([APPLICATION_MESSAGES.noChemicals])
    expect(applicationErrors({ ...application, 'products[1].product_id': '3' }).products).toEqual([APPLICATION_MESSAGES.twice])
    expect(applicationErrors({ ...application, base_price: '0.04251' }).base_price).toEqual(['Base price can have at most 4 decimals.'])
    expect(applicationErrors({ ...application, base_price: '-0.01' }).base_price).toEqual(['Base price must be 0 or more.'])
    expect(applicationErrors({ ...application, 'products[0].product_id': 'abc' })['products[0].product_id']).toEqual([PRODUCT_MESSAGES.unknown])
  })
})
