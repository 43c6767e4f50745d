import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts'
import { companyByName, jobById, jobByName, storageById } from './registry.ts'

let t: TestDatabase
let acme: { id: number }
let silo: { id: number }

beforeAll(async () => {
  t = await createTestDatabase()
  acme = await t.db.insertInto('companies').values({ company_name: 'Acme Farms' }).returning('id').executeTakeFirstOrThrow()
  silo = await t.db.insertInto('storages').values({ company_id: acme.id, name: 'Cellar 1' }).returning('id').executeTakeFirstOrThrow()
  await t.db.insertInto('jobs').values({ name: 'J-2026-001', company_id: acme.id, storage_id: silo.id }).execute()
})
afterAll(() => t.drop())

describe('look-ups by what the URL or a form names', () => {
  it('find a company or a job by its exact name', async () => {
    expect(await companyByName(t.db, ' Acme Farms ')).toEqual({ id: acme.id, name: 'Acme Farms' })
    expect(await jobByName(t.db, 'J-2026-001')).toMatchObject({ company_id: acme.id, storage_id: silo.id })
  })

  it('find nothing, and never fail, for a name with control characters or too long for a name', async () => {
    for (const name of ['\0', 'Acme\0 Farms', 'Acme Farms\r\nX', 'x'.repeat(10_240)]) {
      expect(await companyByName(t.db, name), JSON.stringify(name.slice(0, 20))).toBeUndefined()
      expect(await jobByName(t.db, name)).toBeUndefined()
    }
  })

  it('find nothing, and never fail, for an id no column holds', async () => {
    for (const id of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 1e20, 2 ** 63]) {
      expect(await storageById(t.db, id), String(id)).toBeUndefined()
      expect(await jobById(t.db, id)).toBeUndefined()
    }
    expect(await storageById(t.db, silo.id)).toMatchObject({ company_id: acme.id })
  })
})
