import { sql, type Insertable } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHECKED } from '../../tests/support/sheet-forms.ts'
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts'
import type { ServiceSheetsTable } from '../schema.ts'
import * as m0002 from './0002_operations_and_pretreats.ts'
import { migrations } from './index.ts'

let t: TestDatabase
let companyId: number
let otherCompanyId: number
let storageId: number
let otherStorageId: number
let userId: number
let truckId: number

beforeAll(async () => {
  t = await createTestDatabase()
  const [c1, c2] = await t.db
    .insertInto('companies')
    .values([{ company_name: 'Spud Co' }, { company_name: 'Other Co' }])
    .returning('id')
    .execute()
  companyId = c1!.id
  otherCompanyId = c2!.id
  const [s1, s2] = await t.db
    .insertInto('storages')
    .values([
      { company_id: companyId, name: 'Cellar 1' },
      { company_id: otherCompanyId, name: 'Cellar 9' },
    ])
    .returning('id')
    .execute()
  storageId = s1!.id
  otherStorageId = s2!.id
  userId = (await t.db.insertInto('users').values({ username: 'tech', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow()).id
  truckId = (await t.db.insertInto('trucks').values({ number: 'T-1' }).returning('id').executeTakeFirstOrThrow()).id
})
afterAll(() => t.drop())

/** A number handed out to nobody in particular (a user holds one open number at a time since 0008). */
async function reserveNumber(): Promise<number> {
  return (await t.db.insertInto('service_sheet_numbers').values({ reserved_by: null }).returning('number').executeTakeFirstOrThrow()).number
}

async function sheet(overrides: Partial<Insertable<ServiceSheetsTable>> = {}) {
  const values: Insertable<ServiceSheetsTable> = {
    submission_id: crypto.randomUUID(),
    service_sheet_number: overrides.service_sheet_number ?? (await reserveNumber()),
    company_id: companyId,
    storage_id: storageId,
    created_by: userId,
    service_date: '2026-01-15',
    requested_by: 'Wade',
    service_rendered: ['Fan'],
    description: 'Fan 2 will not start',
    notes: 'Replaced the contactor',
    travel_hours: 1.5,
    labor_hours: 2.25,
    ...overrides,
  }
  return t.db.insertInto('service_sheets').values(values).returning(['id', 'service_sheet_number']).executeTakeFirstOrThrow()
}

describe('service sheets', () => {
  it('accept hours on the 0.25 step and refuse others or negatives', async () => {
    await expect(sheet({ travel_hours: 1.75, labor_hours: 0 })).resolves.toBeTruthy()
    await expect(sheet({ travel_hours: 1.1 })).rejects.toThrow(/service_sheets_travel_hours_ck/)
    await expect(sheet({ labor_hours: -0.25 })).rejects.toThrow(/service_sheets_labor_hours_ck/)
    await expect(sheet({ labor_hours2: 0.3 })).rejects.toThrow(/service_sheets_labor_hours2_ck/)
  })

  it("cap each level's non-chargeable hours at that level's hours", async () => {
    await expect(sheet({ travel_hours1: 2, nc1_travel: 2 })).resolves.toBeTruthy()
    await expect(sheet({ travel_hours1: 2, nc1_travel: 2.25 })).rejects.toThrow(/service_sheets_nc1_travel_cap/)
    await expect(sheet({ labor_hours3: 1, nc3_labor: 1.5 })).rejects.toThrow(/service_sheets_nc3_labor_cap/)
  })

  it("require other_service when 'Other' is a service type, and refuse unknown types", async () => {
    await expect(sheet({ service_rendered: ['Fan', 'Other'], other_service: '  ' })).rejects.toThrow(/service_sheets_other_service_ck/)
    await expect(sheet({ service_rendered: ['Other'], other_service: 'Rebuilt the plenum wall' })).resolves.toBeTruthy()
    await expect(sheet({ service_rendered: ['Fan', 'Plumbing' as never] })).rejects.toThrow(/service_sheets_service_rendered_ck/)
    await expect(sheet({ service_rendered: [] })).rejects.toThrow(/service_sheets_service_rendered_required/)
  })

  it('take only a number the server handed out, once, and record which sheet used it', async () => {
    await expect(sheet({ service_sheet_number: 987654321 })).rejects.toThrow(/service_sheets_number_fk/)
    const made = await sheet()
    await expect(sheet({ service_sheet_number: made.service_sheet_number })).rejects.toThrow(/service_sheets_number_uq/)
    const number = await t.db.selectFrom('service_sheet_numbers').select('used_by_sheet').where('number', '=', made.service_sheet_number).executeTakeFirstOrThrow()
    expect(number.used_by_sheet).toBe(made.id)
    const [a, b] = [await reserveNumber(), await reserveNumber()]
    expect(b).toBeGreaterThan(a)
  })

  it('create one row for a form sent twice (unique submission_id)', async () => {
    const submission_id = crypto.randomUUID()
    await sheet({ submission_id })
    await expect(sheet({ submission_id })).rejects.toThrow(/service_sheets_submission_uq/)
    expect((await t.db.selectFrom('service_sheets').select('id').where('submission_id', '=', submission_id).execute()).length).toBe(1)
  })
})

describe('receipts', () => {
  const base = () => ({ submission_id: crypto.randomUUID(), date: '2026-02-01', location: 'Maverik, Blackfoot', total_amount: '84.12', created_by: userId })

  it('need a truck and mileage for Fuel', async () => {
    await expect(
      t.db
        .insertInto('receipts')
        .values({ ...base(), type: 'Fuel', truck_id: truckId })
        .execute(),
    ).rejects.toThrow(/receipts_fuel_ck/)
    await expect(
      t.db
        .insertInto('receipts')
        .values({ ...base(), type: 'Fuel', mileage: '120433.5' })
        .execute(),
    ).rejects.toThrow(/receipts_fuel_ck/)
    await expect(
      t.db
        .insertInto('receipts')
        .values({ ...base(), type: 'Fuel', truck_id: truckId, mileage: '120433.5' })
        .execute(),
    ).resolves.toBeTruthy()
  })

  it('need a customer, an event and a category for Expenses', async () => {
    const expenses = { ...base(), type: 'Expenses' as const, customer_id: companyId, event: 'Grower lunch', is_food: true }
    await expect(
      t.db
        .insertInto('receipts')
        .values({ ...expenses, event: ' ' })
        .execute(),
    ).rejects.toThrow(/receipts_expenses_ck/)
    await expect(
      t.db
        .insertInto('receipts')
        .values({ ...expenses, customer_id: null })
        .execute(),
    ).rejects.toThrow(/receipts_expenses_ck/)
    await expect(
      t.db
        .insertInto('receipts')
        .values({ ...expenses, is_food: null })
        .execute(),
    ).rejects.toThrow(/receipts_expenses_ck/)
    await expect(t.db.insertInto('receipts').values(expenses).execute()).resolves.toBeTruthy()
  })

  it('take Parts with nothing else, and refuse other types and negative totals', async () => {
    await expect(
      t.db
        .insertInto('receipts')
        .values({ ...base(), type: 'Parts' })
        .execute(),
    ).resolves.toBeTruthy()
    await expect(
      t.db
        .insertInto('receipts')
        .values({ ...base(), type: 'Lodging' as never })
        .execute(),
    ).rejects.toThrow(/receipts_type_ck/)
    await expect(
      t.db
        .insertInto('receipts')
        .values({ ...base(), type: 'Parts', total_amount: '-1' })
        .execute(),
    ).rejects.toThrow(/receipts_total_ck/)
  })

  it('keep the list count exact', async () => {
    const counted = await t.db.selectFrom('row_counts').select('n').where('table_name', '=', 'receipts').executeTakeFirstOrThrow()
    const actual = await t.db
      .selectFrom('receipts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
    expect(counted.n).toBe(Number(actual.n))
    expect(counted.n).toBeGreaterThan(0)
  })
})

describe('storage checks, contacts and pre-treats', () => {
  const check = (storage: number) => ({
    submission_id: crypto.randomUUID(),
    company_id: companyId,
    storage_id: storage,
    created_by: userId,
    date_inspected: '2026-02-02',
    variety: 'Russet - Process' as const,
    fill_status: 'Full' as const,
    humidity: 95,
    notes: 'All good',
  })

  it("refuse a storage check whose storage is not the company's", async () => {
    await expect(t.db.insertInto('storage_checks').values(check(otherStorageId)).execute()).rejects.toThrow(/storage_checks_storage_company_fk/)
    await expect(t.db.insertInto('storage_checks').values(check(storageId)).execute()).resolves.toBeTruthy()
    await expect(
      t.db
        .insertInto('storage_checks')
        .values({ ...check(storageId), humidity: 101 })
        .execute(),
    ).rejects.toThrow(/storage_checks_humidity_ck/)
  })

  it("refuse an interaction with another company's contact, and a phone not in +1 digits form", async () => {
    const contact = await t.db.insertInto('contacts').values({ company_id: otherCompanyId, name: 'Lori', phone: '+12085550101' }).returning('id').executeTakeFirstOrThrow()
    const interaction = { submission_id: crypto.randomUUID(), company_id: companyId, contact_id: contact.id, notes: 'Called about fans', created_by: userId }
    await expect(t.db.insertInto('interactions').values(interaction).execute()).rejects.toThrow(/interactions_contact_company_fk/)
    await expect(
      t.db
        .insertInto('interactions')
        .values({ ...interaction, company_id: otherCompanyId })
        .execute(),
    ).resolves.toBeTruthy()
    await expect(t.db.insertInto('contacts').values({ company_id: companyId, name: 'Bo', phone: '(208) 555-0101' }).execute()).rejects.toThrow(/contacts_phone_ck/)
  })

  it('number pre-treats PT-YY-000001 and require void comments and a requester', async () => {
    const applicator = await t.db.insertInto('applicators').values({ user_id: userId, license: 'L-1', expiration: '2030-01-01' }).returning('id').executeTakeFirstOrThrow()
    const reserve = () => t.db.insertInto('pretreat_numbers').values({ reserved_by: userId, year: 2025 }).returning(['number', 'label']).executeTakeFirstOrThrow()
    const first = await reserve()
    expect(first.label).toBe(`PT-25-${String(first.number).padStart(6, '0')}`)
    const pretreat = async (overrides: Record<string, unknown>) =>
      t.db
        .insertInto('pretreats')
        .values({
          submission_id: crypto.randomUUID(),
          pre_treat_number: (await reserve()).label,
          created_by: userId,
          recommended_by: applicator.id,
          other_name: 'Walk-in',
          company_id: companyId,
          storage_id: storageId,
          application_notes: 'Seal doors first',
          ...overrides,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    await expect(pretreat({ void: true, void_comments: '' })).rejects.toThrow(/pretreats_void_ck/)
    await expect(pretreat({ other_name: '' })).rejects.toThrow(/pretreats_requested_by_ck/)
    await expect(pretreat({ status: 'done' })).rejects.toThrow(/pretreats_status_ck/)
    const made = await pretreat({ void: true, void_comments: 'Grower cancelled' })
    await expect(
      t.db
        .insertInto('final_checklists')
        .values({
          pretreat_id: made.id,
          ...CHECKED,
          barrel_temp: 180,
        })
        .execute(),
    ).rejects.toThrow(/final_checklists_purge_time_required/)
  })

  it('install exact row counters for every big list', async () => {
    const rows = await t.db.selectFrom('row_counts').select('table_name').execute()
    expect(rows.map((r) => r.table_name)).toEqual(expect.arrayContaining(['service_sheets', 'service_reviews', 'service_status', 'receipts', 'storage_checks', 'pretreats']))
  })
})

describe('0002 down', () => {
  it('drops everything it made, and up builds it again', async () => {
    const own = await createTestDatabase()
    try {
      const tables = () => sql<{ n: string }>`select count(*) as n from information_schema.tables where table_schema = 'public'`.execute(own.db).then((r) => Number(r.rows[0]!.n))
      // the migrations after it first, newest first, as a rollback to 0002 runs them (later tables refer to its tables)
      for (const [, later] of Object.entries(migrations)
        .filter(([name]) => name > '0002_operations_and_pretreats')
        .reverse())
        await later.down!(own.db)
      const before = await tables()
      await m0002.down(own.db)
      expect(await tables()).toBe(before - 24)
      const counted = (await own.db.selectFrom('row_counts').select('table_name').execute()).map((r) => r.table_name)
      expect(counted).toContain('call_ins')
      expect(counted).not.toContain('service_sheets')
      expect(counted).not.toContain('pretreats')
      await m0002.up(own.db)
      expect(await tables()).toBe(before)
    } finally {
      await own.drop()
    }
  })
})
