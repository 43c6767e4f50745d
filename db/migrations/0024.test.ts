import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts'
import { makePretreat } from '../../tests/support/pretreats.ts'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(() => t.drop())

describe('0024: pre-treat labels keep every digit', () => {
  it('pads to six digits and never cuts a longer number, so labels stay unique past 999,999', async () => {
    const reserve = (number: number) => t.db.insertInto('pretreat_numbers').values({ number, year: 2026 }).returning('label').executeTakeFirstOrThrow()
    expect((await reserve(42)).label).toBe('PT-26-000042')
    expect((await reserve(100000)).label).toBe('PT-26-100000')
    // before 0024 this read PT-26-100000 and was refused as a duplicate
    expect((await reserve(1000000)).label).toBe('PT-26-1000000')
  })

  it('keeps pre-treats tied to their number', async () => {
    const pt = await makePretreat(t.db)
    await expect(t.db.updateTable('pretreats').set({ pre_treat_number: 'PT-99-999999' }).where('id', '=', pt.id).execute()).rejects.toThrow(/pretreats_number_fk/)
    const used = await t.db.selectFrom('pretreat_numbers').select('used_by_pretreat').where('label', '=', pt.pre_treat_number).executeTakeFirstOrThrow()
    expect(used.used_by_pretreat).toBe(pt.id)
  })
})
