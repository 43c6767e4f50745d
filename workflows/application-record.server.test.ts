import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PretreatFormInput } from '#core/schemas/pretreat-form.ts'
import { seasonOf } from '#core/season.ts'
import { seasonRecount, seasonTotals } from '#db/queries/application-records.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { makePretreat, pretreatDefaults, pretreatFormValue } from '../tests/support/pretreats.ts'
import { applicationRecordGaps, keepApplicationRecord } from './application-record.server.ts'
import { runCommand } from '#commands/command.ts'
import { pretreatFormCommand } from '#commands/pretreat-form.ts'

let t: TestDatabase
let d: Awaited<ReturnType<typeof pretreatDefaults>>
const TODAY = '2026-11-23'
const APPLIED = { application_date: '2026-10-02', start_time: '08:00', stop_time: '11:30', wind_speed: 5, wind_direction: 'NW' as const, quantityUsed: 16.6 }

beforeAll(async () => {
  t = await createTestDatabase()
  d = await pretreatDefaults(t.db)
  await t.db.updateTable('storages').set({ address: '2200 W 400 S, Rupert, ID' }).where('id', '=', d.storage_id).execute()
  await t.db.updateTable('companies').set({ address: '100 N Main St, Rupert, ID' }).where('id', '=', d.company_id).execute()
})
afterAll(() => t.drop())

const recordOf = (pretreatId: number) => t.db.selectFrom('application_records').selectAll().where('pretreat_id', '=', pretreatId).executeTakeFirstOrThrow()
const recordCount = async (pretreatId: number) => (await t.db.selectFrom('application_records').select('id').where('pretreat_id', '=', pretreatId).execute()).length
const SEASON = seasonOf(APPLIED.application_date).year

describe('applicationRecordGaps', () => {
  it('names what is missing before completion, and nothing once the sheet holds it all', async () => {
    const bare = await makePretreat(t.db, { stage: 'to-review' })
    expect(await applicationRecordGaps(t.db, bare.id)).toEqual(['Total amount applied (Test CIPC)', 'Application date', 'Start time', 'Stop time', 'Wind speed', 'Wind direction'])
    const full = await makePretreat(t.db, { stage: 'to-review', ...APPLIED })
    expect(await applicationRecordGaps(t.db, full.id)).toEqual([])
  })
})

describe('keepApplicationRecord', () => {
  it('keeps one record of a completed pre-treat, with every item, however often it runs', async () => {
    const pt = await makePretreat(t.db, { stage: 'completed', ...APPLIED })
    await t.db.transaction().execute((trx) => keepApplicationRecord(trx, pt.id))
    expect(await recordCount(pt.id)).toBe(1)
    expect(await recordOf(pt.id)).toMatchObject({
      pre_treat_number: pt.pre_treat_number,
      state: 'completed',
      grower_name: 'Pre-Treat Test Farms',
      grower_address: '100 N Main St, Rupert, ID',
      storage_name: 'Pre-Treat Test Cellar',
      site: '2200 W 400 S, Rupert, ID',
      commodity: 'Potatoes',
      variety: 'Russet - Process',
      cwt: '1000.00',
      products: 'Test CIPC',
      epa_registrations: 'EPA Reg. No. 0000-1',
      amounts: '16.6 gal',
      rates: '16.6 ppm',
      application_date: '2026-10-02',
      start_time: '08:00:00',
      stop_time: '11:30:00',
      wind_speed: '5.00',
      wind_direction: 'NW',
      recommended_by_name: 'Cody Hansen',
      applicator_name: 'Cody Hansen',
      applicator_licence: 'ID-PA-TEST-1',
      gaps: '',
      season: SEASON,
      target: 'Sprouting',
      // the test product has no supplier nor re-entry interval
      suppliers: '',
      reentry_from: '',
    })
  })

  it('is a snapshot: a later edit of the grower or the product leaves the kept record as it was', async () => {
    const pt = await makePretreat(t.db, { stage: 'completed', ...APPLIED })
    await t.db.updateTable('companies').set({ company_name: 'Renamed Farms', address: 'Elsewhere' }).where('id', '=', d.company_id).execute()
    await t.db.updateTable('products').set({ registration: 'EPA Reg. No. 9999-9' }).where('id', '=', d.product_id).execute()
    try {
      expect(await recordOf(pt.id)).toMatchObject({ grower_name: 'Pre-Treat Test Farms', grower_address: '100 N Main St, Rupert, ID', epa_registrations: 'EPA Reg. No. 0000-1' })
    } finally {
      await t.db.updateTable('companies').set({ company_name: 'Pre-Treat Test Farms', address: '100 N Main St, Rupert, ID' }).where('id', '=', d.company_id).execute()
      await t.db.updateTable('products').set({ registration: 'EPA Reg. No. 0000-1' }).where('id', '=', d.product_id).execute()
    }
  })

  it('refuses to delete a record, or the pre-treat it belongs to', async () => {
    const pt = await makePretreat(t.db, { stage: 'completed', ...APPLIED })
    await expect(t.db.deleteFrom('application_records').where('pretreat_id', '=', pt.id).execute()).rejects.toThrow(/application records are kept/)
    await expect(t.db.deleteFrom('pretreats').where('id', '=', pt.id).execute()).rejects.toThrow(/application_records_pretreat_fk/)
    expect(await recordCount(pt.id)).toBe(1)
  })

  it('keeps the season totals equal to a recount of the completed records, voids left out, after rewrites', async () => {
    const a = await makePretreat(t.db, { stage: 'completed', ...APPLIED, cwt: 2500, quantityUsed: 41.5 })
    await makePretreat(t.db, { stage: 'completed', ...APPLIED, cwt: 1200, quantityUsed: 20 })
    await t.db.transaction().execute((trx) => keepApplicationRecord(trx, a.id))
    await t.db.transaction().execute((trx) => keepApplicationRecord(trx, a.id))
    const kept = await seasonTotals(t.db, SEASON)
    expect(kept).toEqual(await seasonRecount(t.db, SEASON))
    const completed = await t.db.selectFrom('application_records').select('cwt').where('season', '=', SEASON).where('state', '=', 'completed').execute()
    const row = kept.find((r) => r.product_name === 'Test CIPC')!
    expect(Number(row.applications)).toBe(completed.length)
    expect(Number(row.cwt)).toBe(completed.reduce((sum, r) => sum + Number(r.cwt), 0))
  })
})

describe('a void after the product was applied', () => {
  const saveForm = (value: PretreatFormInput) =>
    runCommand(t.db, pretreatFormCommand({ today: () => TODAY }), {
      actor: { id: d.created_by, username: 'u', is_superuser: false, permissions: ['api.add_pretreat'] },
      key: value.submission_id,
      input: value,
    })
  const form = (pretreatId: number, version: number, overrides: Partial<PretreatFormInput>) => pretreatFormValue(d, { pretreat_id: pretreatId, version, ...overrides })
  const version = async (id: number) => (await t.db.selectFrom('pretreats').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version

  it('keeps the record marked void with its reason, out of the totals; an unvoid puts it back to pending', async () => {
    const pt = await makePretreat(t.db, { stage: 'to-review', ...APPLIED, cwt: 777, quantityUsed: 12.9 })
    const before = await seasonTotals(t.db, SEASON)
    await saveForm(form(pt.id, await version(pt.id), { void: true, void_comments: 'Grower sold the pile.' }))
    expect(await recordOf(pt.id)).toMatchObject({ state: 'void', void_reason: 'Grower sold the pile.', pre_treat_number: pt.pre_treat_number })
    expect(await seasonTotals(t.db, SEASON)).toEqual(before)
    await saveForm(form(pt.id, await version(pt.id), { void: false }))
    expect(await recordOf(pt.id)).toMatchObject({ state: 'pending', void_reason: '' })
    expect(await recordCount(pt.id)).toBe(1)
  })

  it('keeps no record of a pre-treat voided before anything was applied', async () => {
    const pt = await makePretreat(t.db, { stage: 'assigned' })
    await saveForm(form(pt.id, await version(pt.id), { void: true, void_comments: 'Called off.' }))
    expect(await recordCount(pt.id)).toBe(0)
  })
})
