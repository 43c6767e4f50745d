// The products admin lists against a real database: a list without a date column ignores a date
// range (no rows lost, no message), name filters match part of a name with case and accents ignored,
// the applications' chemicals read in order, and the applicators' date range is the expiration.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { applicationList } from './application-list.server.ts'
import { applicatorList } from './applicator-list.server.ts'
import { productList } from './product-list.server.ts'

let t: TestDatabase

beforeAll(async () => {
  t = await createTestDatabase()
  const [cipc, sight] = await t.db
    .insertInto('products')
    .values([
      { product_name: 'CIPC Aérosol', registration: '5481-402', units: 'oz', ppm: 22, ppm_constant: 84000 },
      { product_name: '1,4SIGHT', registration: '81503-1', units: 'oz', ppm: 20, ppm_constant: 84000, max_ppm_per_application: 20 },
      { product_name: 'SmartBlock', registration: '5481-620', units: 'gal', per: 1000, converter: 12.8, active: false },
    ])
    .returning('id')
    .execute()
  const [combo] = await t.db
    .insertInto('applications')
    .values([
      { name: 'Combo', base_price: '0.0650' },
      { name: 'Block Fog', base_price: '0.0575' },
    ])
    .returning('id')
    .execute()
  await t.db
    .insertInto('application_products')
    .values([
      { application_id: combo!.id, product_id: sight!.id, position: 1 },
      { application_id: combo!.id, product_id: cipc!.id, position: 0 },
    ])
    .execute()
  const [cody, ann] = await t.db
    .insertInto('users')
    .values([
      { username: 'cody', password_hash: 'x', first_name: 'Cody', last_name: 'Hansen' },
      { username: 'ann', password_hash: 'x', first_name: 'Ann', last_name: 'Baird' },
    ])
    .returning('id')
    .execute()
  await t.db
    .insertInto('applicators')
    .values([
      { user_id: cody!.id, license: 'ID-PA-1', expiration: '2027-03-31' },
      { user_id: ann!.id, license: 'ID-PA-2', expiration: '2026-12-31' },
    ])
    .execute()
})
afterAll(() => t.drop())

describe('the products admin lists', () => {
  it('products: by name, the date range ignored without a message, the numbers as typed', async () => {
    const page = await productList.load(t.db, 'start_date=2026-01-01&end_date=2026-01-31')
    expect(page.rows.map((r) => r.product_name)).toEqual(['1,4SIGHT', 'CIPC Aérosol', 'SmartBlock'])
    expect(page.errors).toEqual({})
    expect(page.dates).toBe(false)
    expect(page.state.startDate).toBeNull()
    expect(page.rows[0]).toMatchObject({ ppm: '20', ppm_constant: '84000', per: null, max_ppm_per_application: '20', active: true })
  })

  it('products: a part of the name, case and accents ignored; units and registration contain', async () => {
    const names = async (search: string) => (await productList.load(t.db, search)).rows.map((r) => r.product_name)
    expect(await names('filter_by=product&filter_value=aerosol')).toEqual(['CIPC Aérosol'])
    expect(await names('filter_by=units&filter_value=gal')).toEqual(['SmartBlock'])
    expect(await names('filter_by=registration&filter_value=5481')).toEqual(['CIPC Aérosol', 'SmartBlock'])
  })

  it('applications: the chemicals in their order, filtered by one of them', async () => {
    expect((await applicationList.load(t.db, '')).rows.map((r) => [r.name, r.base_price, r.chemicals])).toEqual([
      ['Block Fog', '0.0575', ''],
      ['Combo', '0.065', 'CIPC Aérosol, 1,4SIGHT'],
    ])
    expect((await applicationList.load(t.db, 'filter_by=chemical&filter_value=sight')).rows.map((r) => r.name)).toEqual(['Combo'])
  })

  it('applicators: by name, filtered by name or username, the date range on the expiration', async () => {
    expect((await applicatorList.load(t.db, '')).rows.map((r) => r.name)).toEqual(['Ann Baird', 'Cody Hansen'])
    expect((await applicatorList.load(t.db, 'filter_by=name&filter_value=hansen')).rows.map((r) => r.license)).toEqual(['ID-PA-1'])
    const range = await applicatorList.load(t.db, 'start_date=2027-01-01&end_date=2027-12-31')
    expect(range.dates).toBe(true)
    expect(range.rows.map((r) => r.license)).toEqual(['ID-PA-1'])
  })
})
