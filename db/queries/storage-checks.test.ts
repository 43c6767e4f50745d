import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { aggregateAlerts } from '#jobs/alert-aggregation.job.ts'
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts'
import { checksDue, countChecksDue, insertStorageCheck } from './storage-checks.ts'

let t: TestDatabase
let tech: number

/** today − n days, as the database counts days */
const daysAgo = (n: number) => sql<string>`current_date - ${n}::int`

async function grower(name: string, options: { interval?: number; active?: boolean } = {}) {
  const row = await t.db
    .insertInto('companies')
    .values({ company_name: name, storage_check_interval: options.interval ?? 30, active: options.active ?? true })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

async function storage(companyId: number, name: string, options: { growerId?: number; active?: boolean; serviceStartDaysAgo?: number; createdDaysAgo?: number } = {}) {
  const row = await t.db
    .insertInto('storages')
    .values({
      company_id: companyId,
      grower_id: options.growerId ?? null,
      name,
      active: options.active ?? true,
      service_start: options.serviceStartDaysAgo === undefined ? null : daysAgo(options.serviceStartDaysAgo),
      created_at: sql<Date>`now() - make_interval(days => ${options.createdDaysAgo ?? 0})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

async function checked(companyId: number, storageId: number, days: number) {
  const date = (await sql<{ d: string }>`select (${daysAgo(days)})::text as d`.execute(t.db)).rows[0]!.d
  await insertStorageCheck(t.db, {
    submission_id: crypto.randomUUID(),
    company_id: companyId,
    storage_id: storageId,
    created_by: tech,
    date_inspected: date,
    variety: 'Red',
    fill_status: 'Full',
    setpoint: null,
    runtime_hours: null,
    plenum: null,
    humidity: null,
    pile1: null,
    pile2: null,
    pile3: null,
    pile4: null,
    notes: 'ok',
    images: [],
  })
}

const due = async () => Object.fromEntries((await checksDue(t.db).execute()).map((r) => [r.storage_name, { grower: r.grower_name, overdue: r.days_overdue, last: r.last_check !== null }]))

beforeAll(async () => {
  t = await createTestDatabase()
  tech = (await t.db.insertInto('users').values({ username: 'tech', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow()).id
  const acme = await grower('Acme Farms') // every 30 days
  await checked(acme, await storage(acme, 'Checked 10 days ago'), 10)
  await checked(acme, await storage(acme, 'Checked 45 days ago'), 45)
  await checked(acme, await storage(acme, 'Checked exactly 30 days ago'), 30)
  const both = await storage(acme, 'Checked 90 and 5 days ago')
  await checked(acme, both, 90)
  await checked(acme, both, 5)
  await storage(acme, 'Never checked, in service 40 days', { serviceStartDaysAgo: 40 })
  await storage(acme, 'Never checked, in service 5 days', { serviceStartDaysAgo: 5 })
  await storage(acme, 'Never checked, recorded 31 days ago', { createdDaysAgo: 31 })
  await checked(acme, await storage(acme, 'Inactive storage', { active: false }), 100)
  const closed = await grower('Closed Farms', { active: false })
  await checked(closed, await storage(closed, 'Of an inactive grower'), 100)
  const unscheduled = await grower('Unscheduled Farms', { interval: 0 })
  await checked(unscheduled, await storage(unscheduled, 'Interval 0'), 400)
  // owned by Acme, grown by Weekly Farms: the grower's interval counts
  const weekly = await grower('Weekly Farms', { interval: 7 })
  await checked(acme, await storage(acme, 'Grown by Weekly, checked 10 days ago', { growerId: weekly }), 10)
})
afterAll(() => t.drop())

describe('checks due', () => {
  it('lists the active storages of active growers whose last check is older than the grower’s interval, with the days overdue', async () => {
    expect(await due()).toEqual({
      'Checked 45 days ago': { grower: 'Acme Farms', overdue: 15, last: true },
      'Never checked, in service 40 days': { grower: 'Acme Farms', overdue: 10, last: false },
      'Never checked, recorded 31 days ago': { grower: 'Acme Farms', overdue: 1, last: false },
      'Grown by Weekly, checked 10 days ago': { grower: 'Weekly Farms', overdue: 3, last: true },
    })
  })

  it('the alerts bell counts them (storage_checks_due), and a new check takes a storage off', async () => {
    expect((await aggregateAlerts(t.db)).storage_checks_due).toBe(4)
    const stored = () => t.db.selectFrom('alert_counts').select('count').where('type', '=', 'storage_checks_due').executeTakeFirstOrThrow()
    expect((await stored()).count).toBe(4)
    const late = await t.db.selectFrom('storages').select(['id', 'company_id']).where('name', '=', 'Checked 45 days ago').executeTakeFirstOrThrow()
    await checked(late.company_id, late.id, 0)
    expect(await countChecksDue(t.db)).toBe(3)
    await aggregateAlerts(t.db)
    expect((await stored()).count).toBe(3)
  })
})
