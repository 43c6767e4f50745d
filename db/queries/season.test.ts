import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { season } from '#core/season.ts'
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts'
import { makePretreat, pretreatDefaults } from '../../tests/support/pretreats.ts'
import { pretreatSeasonCheck, ledgerSeasons, storageSeasonLedger } from './season.ts'

let t: TestDatabase
let storageId: number
let cipc: number
let sight: number
let planned: { id: number }
let last: { id: number }

beforeAll(async () => {
  t = await createTestDatabase()
  const d = await pretreatDefaults(t.db)
  storageId = d.storage_id
  cipc = d.product_id
  await t.db.updateTable('products').set({ max_applications_per_season: 2, min_days_before_removal: 14, not_for_seed: true }).where('id', '=', cipc).execute()
  sight = (
    await t.db
      .insertInto('products')
      .values({ product_name: '1,4SIGHT', registration: 'EPA Reg. No. 81503-1', units: 'oz', ppm_constant: 84000, min_qty: 0, max_total_per_season: 1.2, max_total_basis: 'ton', min_days_between: 21 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
  const other = (await t.db.insertInto('companies').values({ company_name: 'Blackfoot Farms' }).returning('id').executeTakeFirstOrThrow()).id
  const at = (application_date: string, more: Parameters<typeof makePretreat>[1]) => makePretreat(t.db, { stage: 'to-review', application_date, stop_time: '16:00', ...more })
  await at('2025-06-30', { productId: sight, cwt: 60_000, quantityUsed: 100, stage: 'completed' }) // the season before
  await at('2025-10-01', { productId: sight, cwt: 60_000, quantityUsed: 1200, stage: 'completed' })
  const voided = await at('2025-10-15', { productId: sight, cwt: 60_000, quantityUsed: 1200 })
  await t.db.updateTable('pretreats').set({ void: true, void_comments: 'Fan failed' }).where('id', '=', voided.id).execute()
  await at('2025-10-20', { productId: cipc, cwt: 60_000, quantityUsed: 9 })
  // the storage went to another grower: its applications still count for the crop in it; the
  // completed ones keep the grower their record names
  await t.db.updateTable('storages').set({ grower_id: other }).where('id', '=', storageId).execute()
  await at('2025-11-05', { productId: sight, cwt: 50_000, quantityUsed: 1500 })
  last = await at('2025-11-20', { productId: sight, cwt: 50_000, quantityUsed: 500, stage: 'to-review1' })
  planned = await makePretreat(t.db, { stage: 'assigned', application_date: '2025-12-01', productId: sight, cwt: 50_000, quantityRequested: 900 }) // not applied yet
  await at('2026-07-01', { productId: cipc, cwt: 60_000, quantityUsed: 9 }) // the season after
})

afterAll(async () => {
  await t?.drop()
})

describe('a storage’s season ledger, from its pre-treats', () => {
  it('counts the season’s applied pre-treats only, in date order, void ones apart, whoever the grower was', async () => {
    const ledger = (await storageSeasonLedger(t.db, storageId, season(2025)))!
    expect(ledger.lines.map((l) => [l.application_date, l.product_name, l.grower_name, l.load, l.running_total, l.running_count])).toEqual([
      ['2025-10-01', '1,4SIGHT', 'Pre-Treat Test Farms', 0.4, 0.4, 1],
      // still in review, without a record yet: the storage's grower now
      ['2025-10-20', 'Test CIPC', 'Blackfoot Farms', 0.00015, 0.00015, 1],
      ['2025-11-05', '1,4SIGHT', 'Blackfoot Farms', 0.6, 1, 2],
      ['2025-11-20', '1,4SIGHT', 'Blackfoot Farms', 0.2, 1.2, 3],
    ])
    expect(ledger.voids.map((l) => l.application_date)).toEqual(['2025-10-15'])
    expect(ledger.lines[0]).toMatchObject({ applicator_licence: 'ID-PA-TEST-1', registration: 'EPA Reg. No. 81503-1', stop_time: '16:00:00' })
  })

  it('gives each product’s season against its label, and the storage’s seed flag and planned removal', async () => {
    await t.db.updateTable('storages').set({ seed: true, planned_removal: '2025-11-01' }).where('id', '=', storageId).execute()
    const ledger = (await storageSeasonLedger(t.db, storageId, season(2025)))!
    await t.db.updateTable('storages').set({ seed: false, planned_removal: null }).where('id', '=', storageId).execute()
    const [sightSeason, cipcSeason] = ledger.products
    expect(sightSeason).toMatchObject({ applications: 3, percent_used: 100, next_allowed: 'none', over: ['applied 2025-11-20, less than 21 days after 2025-11-05'] })
    expect(cipcSeason).toMatchObject({ applications: 1, next_allowed: 'any', crop_may_leave: '2025-11-03' })
    expect(cipcSeason!.over).toEqual(['removal planned 2025-11-01, the crop may leave from 2025-11-03', 'not for seed potatoes, and this storage holds seed'])
  })

  it('lists the seasons with applications, and has no ledger for a storage that is not', async () => {
    expect(await ledgerSeasons(t.db, storageId)).toEqual([2026, 2025, 2024])
    expect(await storageSeasonLedger(t.db, 999_999, season(2025))).toBeNull()
  })

  it('tells what a pre-treat does to the season without it: as applied in review, as planned when assigned', async () => {
    // in review: 0.2 oz per ton on top of 1.0 makes the label's 1.2 exactly; 15 days after the one before
    expect((await pretreatSeasonCheck(t.db, last.id, '2026-01-15')).map((w) => w.kind)).toEqual(['interval'])
    // planned for 2025-12-01, 900 oz on 50,000 cwt (0.36 per ton): over the total, 11 days after the last
    const warnings = await pretreatSeasonCheck(t.db, planned.id, '2026-01-15')
    expect(warnings.map((w) => w.kind)).toEqual(['total', 'interval'])
    expect(warnings[0]!.message).toContain('the storage would have 1.56 oz per ton in the 2025–26 season, the label allows 1.2 oz per ton')
    expect(await pretreatSeasonCheck(t.db, 999_999, '2026-01-15')).toEqual([])
  })
})
