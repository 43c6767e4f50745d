import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from '#core/password.server.ts'
import { PERMISSION_CODENAMES } from '#core/permissions.ts'
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts'
import { DEMO_LOGINS, DEMO_PASSWORD, DEMO_PERMISSIONS, SERVICE_COMPANY_NAME, seedDemo, type DemoSeedSummary } from './data.ts'
import { DemoPasswordRefusal, settleDemo } from './demo-database.ts'

const TABLES = [
  'companies',
  'storages',
  'jobs',
  'trucks',
  'parts',
  'products',
  'applications',
  'application_products',
  'applicators',
  'users',
  'user_permissions',
  'permissions',
  'contacts',
  'call_ins',
  'storage_checks',
] as const

// Each test stands alone (any order, or one by itself): the database is seeded once before them,
// and the only test that seeds again checks that this changes nothing.
let t: TestDatabase
let added: DemoSeedSummary
beforeAll(async () => {
  t = await createTestDatabase()
  added = await seedDemo(t.db)
})
afterAll(() => t.drop())

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {}
  for (const table of TABLES) {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
    out[table] = Number(row.n)
  }
  return out
}

describe('seedDemo', () => {
  it('seeds a believable company, and a second run adds nothing', async () => {
    const first = await counts()
    expect(first.companies).toBe(9) // 8 growers + the service company
    expect(first.storages).toBeGreaterThanOrEqual(16)
    expect(first.jobs).toBe(10)
    expect(first.trucks).toBe(5)
    expect(first.parts).toBeGreaterThanOrEqual(30)
    expect(first.call_ins).toBe(60)
    expect(first.permissions).toBe(PERMISSION_CODENAMES.length)
    expect(added.call_ins).toBe(60)
    expect(added.service_sheets).toBe(8)

    const again = await seedDemo(t.db)
    expect(await counts()).toEqual(first)
    expect(Object.entries(again).filter(([, n]) => n !== 0)).toEqual([]) // and it says so
  })

  it('leaves service sheets at every stage of the review chain, made through the workflow', async () => {
    const sheets = await t.db
      .selectFrom('service_sheets')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('status')
      .orderBy('status')
      .execute()
    expect(Object.fromEntries(sheets.map((s) => [s.status, Number(s.n)]))).toEqual({ complete: 2, level_1_review: 3, level_2_review: 2, level_3_review: 1 })
    const open = await t.db.selectFrom('service_reviews').select('review_level').where('status', '=', 'open').execute()
    expect(open.map((r) => r.review_level).sort()).toEqual([1, 1, 1, 2, 2, 3])
    const done = await t.db.selectFrom('service_status').select('service_sheet_id').where('submitted_completed', '=', true).execute()
    expect(done).toHaveLength(2)
  })

  it('gives every storage its equipment fields and GPS, and spreads call-ins over 4 months', async () => {
    const incomplete = await t.db
      .selectFrom('storages')
      .select('id')
      .where((eb) =>
        eb.or(
          ['gps_lat', 'gps_lng', 'type', 'duct_count', 'duct_size_inches', 'duct_spacing_inches', 'door_type', 'door_count', 'length_feet', 'width_feet', 'service_start'].map((c) =>
            eb(c as 'type', 'is', null),
          ),
        ),
      )
      .execute()
    expect(incomplete).toEqual([])
    const span = await t.db
      .selectFrom('call_ins')
      .select((eb) => [eb.fn.min('call_in_date').as('first'), eb.fn.max('call_in_date').as('last')])
      .executeTakeFirstOrThrow()
    const days = (Date.parse(span.last) - Date.parse(span.first)) / 86_400_000
    expect(days).toBeGreaterThan(100)
    expect(days).toBeLessThanOrEqual(125)
    const special = await t.db.selectFrom('parts').select('part_number').where('is_special', '=', true).execute()
    expect(special.map((p) => p.part_number)).toContain('SPECIAL ORDER')
    const job = await t.db.selectFrom('jobs').select('name').where('name', '=', 'J-2025-014').executeTakeFirst()
    expect(job).toBeTruthy()
  })

  it('creates every role user in the service company with the expected permissions and the demo password', async () => {
    const users = await t.db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select(['users.id', 'username', 'is_staff', 'is_superuser', 'password_hash', 'company_name'])
      .execute()
    expect(users.map((u) => u.username).sort()).toEqual(DEMO_LOGINS.map((l) => l.username).sort())
    for (const u of users) {
      expect(u.company_name).toBe(SERVICE_COMPANY_NAME)
      const perms = await t.db.selectFrom('user_permissions').select('codename').where('user_id', '=', u.id).execute()
      expect(perms.map((p) => p.codename).sort(), u.username).toEqual([...DEMO_PERMISSIONS[u.username]!].sort())
    }
    const admin = users.find((u) => u.username === 'admin')!
    expect(admin.is_superuser && admin.is_staff).toBe(true)
    expect(DEMO_PERMISSIONS.tech).toEqual(expect.arrayContaining(['api.add_callin', 'api.add_servicesheet', 'api.add_receipt', 'api.add_storagecheck', 'api.view_storage']))
    expect(DEMO_PERMISSIONS.reviewer2).toContain('api.can_review_2')
    expect(DEMO_PERMISSIONS.office).toEqual(expect.arrayContaining(['api.add_s3bucket', 'api.delete_s3bucket', 'api.s3_admin', 'api.add_company']))
    expect(DEMO_PERMISSIONS.viewer).toEqual(['api.view_callin'])
    expect(await verifyPassword(DEMO_PASSWORD, users.find((u) => u.username === 'viewer')!.password_hash)).toBe(true)
  })

  it('makes the applicator a licensed applicator whose licence has not expired', async () => {
    const row = await t.db
      .selectFrom('applicators')
      .innerJoin('users', 'users.id', 'applicators.user_id')
      .select(['license', 'expiration'])
      .where('username', '=', 'applicator')
      .executeTakeFirstOrThrow()
    expect(row.license.trim()).not.toBe('')
    expect(Date.parse(row.expiration!)).toBeGreaterThan(Date.now())
  })

  it('marks the database a demo one: a production start runs it and shows its logins; unmarked, the start refuses while a demo account keeps the password', async () => {
    const production = { embedded: false, demoSwitch: false }
    expect(await settleDemo(t.db, production)).toEqual({ seeded: false, logins: DEMO_LOGINS })
    await t.db.deleteFrom('demo_seed').execute() // a database an older version's start seeded, as production ones were
    try {
      const refused = await settleDemo(t.db, production).catch((e: unknown) => e)
      expect(refused).toBeInstanceOf(DemoPasswordRefusal)
      expect((refused as DemoPasswordRefusal).usernames).toEqual(DEMO_LOGINS.map((l) => l.username))
      // DEMO=1 runs it as the demo it is
      expect(await settleDemo(t.db, { embedded: false, demoSwitch: true })).toEqual({ seeded: false, logins: DEMO_LOGINS })
      // an account deactivated, or given a password of its own, no longer counts
      await t.db.updateTable('users').set({ is_active: false }).where('username', 'not in', ['admin', 'tech']).execute()
      await t.db
        .updateTable('users')
        .set({ password_hash: await hashPassword('a-password-of-its-own') })
        .where('username', '=', 'tech')
        .execute()
      await expect(settleDemo(t.db, production)).rejects.toThrow(/^Refusing to start: admin still signs in with the demo password .*npm run user:deactivate -- admin\./)
      await t.db.updateTable('users').set({ is_active: false }).where('username', '=', 'admin').execute()
      expect(await settleDemo(t.db, production)).toEqual({ seeded: false, logins: [] })
    } finally {
      await t.db.insertInto('demo_seed').defaultValues().execute()
      await t.db
        .updateTable('users')
        .set({ is_active: true, password_hash: await hashPassword(DEMO_PASSWORD) })
        .execute()
    }
  })
})
