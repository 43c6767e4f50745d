// The PlacePicker's server rule against a real database: exact names, the call-in machine's
// stages, and the service company itself never a customer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { config } from '#core/config.server.ts'
import { InputError } from '#core/errors.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { PLACE_MESSAGES } from '#core/schemas/place.ts'
import { isCustomer, requireCustomer } from '#commands/rules.ts'
import { placeChoices } from '#db/queries/place-choices.ts'
import { pickerOnDevice } from './place-on-device.ts'
import { loadPlacePicker, placeQuery, requirePlace, resolvePlace } from './place.server.ts'

let t: TestDatabase
const ids = { grower: 0, other: 0, own: 0, cellar: 0, otherCellar: 0, ownShop: 0, job: 0, ownJob: 0 }

beforeAll(async () => {
  t = await createTestDatabase()
  const company = async (name: string) => (await t.db.insertInto('companies').values({ company_name: name }).returning('id').executeTakeFirstOrThrow()).id
  const storage = async (companyId: number, name: string) => (await t.db.insertInto('storages').values({ company_id: companyId, name }).returning('id').executeTakeFirstOrThrow()).id
  const job = async (name: string, companyId: number, storageId: number) =>
    (await t.db.insertInto('jobs').values({ name, company_id: companyId, storage_id: storageId }).returning('id').executeTakeFirstOrThrow()).id
  ids.grower = await company('Snake River Farms')
  ids.other = await company('Aberdeen Acres')
  ids.own = await company(config().COMPANY_NAME)
  ids.cellar = await storage(ids.grower, 'Cellar 1')
  ids.otherCellar = await storage(ids.other, 'North Pit')
  ids.ownShop = await storage(ids.own, 'Shop')
  ids.job = await job('J-1', ids.grower, ids.cellar)
  ids.ownJob = await job('J-OWN', ids.own, ids.ownShop)
})
afterAll(() => t?.drop())

const query = (q: Partial<{ company: string; job: string; storage: string }>) => ({ company: '', job: '', storage: '', ...q })

describe('resolvePlace', () => {
  it('a customer then one of its storages completes the place; the machine stands in details', async () => {
    const picked = await resolvePlace(t.db, query({ company: 'Snake River Farms', storage: String(ids.cellar) }))
    expect(picked.machine.value).toBe('details')
    expect(picked.place).toEqual({ path: 'company', companyId: ids.grower, companyName: 'Snake River Farms', storageId: ids.cellar, storageName: 'Cellar 1', jobId: null, jobName: null })
    expect(picked.problems).toEqual({})
  })

  it('a customer alone waits for its storage; a text that is not exactly a name is refused', async () => {
    expect(await resolvePlace(t.db, query({ company: 'Snake River Farms' }))).toMatchObject({ machine: { value: 'companyPath' }, place: null, problems: {} })
    expect(await resolvePlace(t.db, query({ company: 'Snake' }))).toMatchObject({
      machine: { value: 'empty' },
      place: null,
      problems: { company: PLACE_MESSAGES.company },
      texts: { company: 'Snake' },
    })
  })

  it("refuses another customer's storage, and a storage id that is no storage", async () => {
    for (const storage of [String(ids.otherCellar), '999999', 'abc']) {
      expect(await resolvePlace(t.db, query({ company: 'Snake River Farms', storage }))).toMatchObject({
        machine: { value: 'companyPath' },
        place: null,
        problems: { storage: PLACE_MESSAGES.storage },
      })
    }
  })

  it('a job fills the customer and the storage, and wins over a customer typed beside it', async () => {
    const picked = await resolvePlace(t.db, query({ company: 'Aberdeen Acres', job: 'J-1' }))
    expect(picked.place).toMatchObject({ path: 'job', companyId: ids.grower, storageId: ids.cellar, jobId: ids.job, jobName: 'J-1' })
    expect(picked.texts).toEqual({ company: 'Snake River Farms', job: 'J-1', storage: String(ids.cellar) })
  })

  it('the service company is no customer: not offered, and refused by name, by its job and by id', async () => {
    const picker = await loadPlacePicker(t.db, query({}))
    expect(picker.companies.map((c) => c.name)).toEqual(['Aberdeen Acres', 'Snake River Farms'])
    expect(picker.jobs.map((j) => j.name)).toEqual(['J-1'])
    expect((await resolvePlace(t.db, query({ company: config().COMPANY_NAME, storage: String(ids.ownShop) }))).problems).toEqual({ company: PLACE_MESSAGES.company })
    expect((await resolvePlace(t.db, query({ job: 'J-OWN' }))).problems).toEqual({ job: PLACE_MESSAGES.job })
    await expect(requireCustomer(t.db, ids.own)).rejects.toEqual(new InputError({ company_id: PLACE_MESSAGES.company }))
    await expect(requireCustomer(t.db, ids.grower)).resolves.toBeUndefined()
  })

  it("loads the chosen customer's storages for the picker", async () => {
    const picker = await loadPlacePicker(t.db, placeQuery(new URLSearchParams({ company: ' Snake River Farms ' })))
    expect(picker.storages).toEqual([{ id: ids.cellar, name: 'Cellar 1' }])
  })

  it("requirePlace: the resolved place, or the picker's messages on the form's field names", async () => {
    const fields = { company: 'company', job: 'job', storage: 'storage_id' }
    const resolved = await resolvePlace(t.db, query({ job: 'J-1' }))
    expect(requirePlace(resolved, fields)).toBe(resolved.place)
    expect(() => requirePlace(resolved, fields)).not.toThrow()
    const refused = await resolvePlace(t.db, query({ company: 'Snake River Farms', storage: String(ids.otherCellar) }))
    expect(() => requirePlace(refused, fields)).toThrow(new InputError({ storage_id: PLACE_MESSAGES.storage }))
    expect(() => requirePlace(resolvePlaceless, fields)).toThrow(new InputError({ company: PLACE_MESSAGES.company }))
  })
})

const resolvePlaceless = { machine: { value: 'empty', context: { path: null, companyId: null, storageId: null, jobId: null } }, place: null, problems: {}, texts: query({}) }

describe('the same choice on the device (place-on-device.ts, GET /api/choices)', () => {
  it('resolves every kind of query exactly as the server does, from the choices the device keeps', async () => {
    const choices = await placeChoices(t.db, isCustomer)
    expect(choices.companies.map((c) => c.name)).toEqual(['Aberdeen Acres', 'Snake River Farms'])
    expect(choices.storages.map((s) => s.name).sort()).toEqual(['Cellar 1', 'North Pit'])
    expect(choices.jobs.map((j) => j.name)).toEqual(['J-1'])
    for (const q of <Record<string, string>[]>[
      {},
      { company: 'Snake River Farms' },
      { company: ' Snake River Farms ', storage: String(ids.cellar) },
      { company: 'Snake River Farms', storage: String(ids.otherCellar) },
      { company: 'Snake River Farms', storage: 'abc' },
      { company: 'Snake' },
      { company: config().COMPANY_NAME, storage: String(ids.ownShop) },
      { job: 'J-1' },
      { job: 'J-OWN' },
      { company: 'Aberdeen Acres', job: 'J-1' },
    ]) {
      const asked = placeQuery(new URLSearchParams(q))
      expect(await pickerOnDevice(choices, asked), JSON.stringify(q)).toEqual(await loadPlacePicker(t.db, asked))
    }
  })
})
