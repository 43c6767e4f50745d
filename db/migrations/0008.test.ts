import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts'
import { insertUser } from '../../tests/support/people.ts'
import * as m0008 from './0008_workflow_states.ts'

let t: TestDatabase
let tech: number, other: number, companyId: number, storageId: number

beforeAll(async () => {
  t = await createTestDatabase()
  await m0008.down(t.db)
  tech = await insertUser(t.db, 'tech')
  other = await insertUser(t.db, 'other')
  companyId = (await t.db.insertInto('companies').values({ company_name: 'Spud Co' }).returning('id').executeTakeFirstOrThrow()).id
  storageId = (await t.db.insertInto('storages').values({ company_id: companyId, name: 'Cellar 1' }).returning('id').executeTakeFirstOrThrow()).id
})
afterAll(() => t.drop())

const reserve = async (userId: number) => (await t.db.insertInto('service_sheet_numbers').values({ reserved_by: userId }).returning('number').executeTakeFirstOrThrow()).number

/** A sheet and its tracker row as the code before 0008 left them: called_in_at always set. */
async function oldSheet(callInId: number | null, calledInAt: string) {
  const number = await reserve(tech)
  const sheet = await t.db
    .insertInto('service_sheets')
    .values({
      submission_id: crypto.randomUUID(),
      service_sheet_number: number,
      company_id: companyId,
      storage_id: storageId,
      created_by: tech,
      service_date: '2026-01-15',
      requested_by: 'Wade',
      service_rendered: ['Fan'],
      description: 'Fan 2',
      notes: 'Fixed',
      travel_hours: 1,
      labor_hours: 1,
      call_in_id: callInId,
      status: 'level_1_review',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await t.db.insertInto('service_status').values({ service_sheet_id: sheet.id, service_sheet_number: number, called_in_at: calledInAt }).execute()
  return sheet.id
}

describe('0008 on data left by the code before it', () => {
  it("clears the tracker's call-in date of sheets made without a call, keeps one open sheet number per user, and lets a sheet start in 'submitted'", async () => {
    const call = await t.db
      .insertInto('call_ins')
      .values({ submission_id: crypto.randomUUID(), company_id: companyId, storage_id: storageId, created_by: tech, call_in_date: '2026-01-10', requested_by: 'Wade', description: 'Fan 2' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const fromCall = await oldSheet(call.id, '2026-01-10T00:00:00Z')
    const noCall = await oldSheet(null, '2026-01-15T09:30:00Z')
    const burnt = [await reserve(tech), await reserve(tech), await reserve(tech)]
    const othersOne = await reserve(other)

    await m0008.up(t.db)

    const dates = await t.db.selectFrom('service_status').select(['service_sheet_id', 'called_in_at']).orderBy('service_sheet_id').execute()
    expect(dates.map((d) => [d.service_sheet_id, d.called_in_at?.toISOString() ?? null])).toEqual([
      [fromCall, '2026-01-10T00:00:00.000Z'],
      [noCall, null],
    ])
    const open = await t.db.selectFrom('service_sheet_numbers').select(['number', 'reserved_by']).where('used_by_sheet', 'is', null).orderBy('number').execute()
    expect(open).toEqual([
      { number: burnt[0], reserved_by: null },
      { number: burnt[1], reserved_by: null },
      { number: burnt[2], reserved_by: tech },
      { number: othersOne, reserved_by: other },
    ])
    await expect(reserve(tech)).rejects.toThrow(/service_sheet_numbers_open_uq/)
    const started = await t.db
      .insertInto('service_sheets')
      .values({
        submission_id: crypto.randomUUID(),
        service_sheet_number: burnt[2]!,
        company_id: companyId,
        storage_id: storageId,
        created_by: tech,
        service_date: '2026-01-16',
        requested_by: 'Wade',
        service_rendered: ['Fan'],
        description: 'd',
        notes: 'n',
        travel_hours: 0,
        labor_hours: 0,
      })
      .returning('status')
      .executeTakeFirstOrThrow()
    expect(started.status).toBe('submitted')
  })
})
