import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts'
import { insertUser } from '../../tests/support/people.ts'
import { makeServiceSheet } from '../../tests/support/service-sheets.ts'
import { reserveSheetNumber } from './service-sheets.ts'

let t: TestDatabase
let tech: number, other: number

beforeAll(async () => {
  t = await createTestDatabase()
  tech = await insertUser(t.db, 'tech')
  other = await insertUser(t.db, 'other')
})
afterAll(() => t.drop())

const rowsOf = (userId: number) => t.db.selectFrom('service_sheet_numbers').select(['number', 'used_by_sheet']).where('reserved_by', '=', userId).orderBy('number').execute()

describe('reserveSheetNumber (the sheet form shows it when it opens)', () => {
  it('gives a user one number however often the form is loaded, at once or one after another', async () => {
    const first = await reserveSheetNumber(t.db, tech)
    const again = [await reserveSheetNumber(t.db, tech), await reserveSheetNumber(t.db, tech)]
    const atOnce = await Promise.all(Array.from({ length: 6 }, () => reserveSheetNumber(t.db, tech)))
    expect(new Set([first, ...again, ...atOnce])).toEqual(new Set([first]))
    expect(await rowsOf(tech)).toEqual([{ number: first, used_by_sheet: null }])
  })

  it('gives each user their own number', async () => {
    const mine = await reserveSheetNumber(t.db, tech)
    const theirs = await reserveSheetNumber(t.db, other)
    expect(theirs).not.toBe(mine)
    expect(await rowsOf(other)).toEqual([{ number: theirs, used_by_sheet: null }])
  })

  it('gives the next number once a sheet used the reserved one, with no gap left by the reloads before', async () => {
    const reserved = await reserveSheetNumber(t.db, tech)
    const sheet = await makeServiceSheet(t.db, { created_by: tech, sheetNumber: reserved })
    expect(sheet.service_sheet_number).toBe(reserved)
    const highest = (
      await t.db
        .selectFrom('service_sheet_numbers')
        .select((eb) => eb.fn.max('number').as('n'))
        .executeTakeFirstOrThrow()
    ).n
    const next = await reserveSheetNumber(t.db, tech)
    expect(next).toBe(Number(highest) + 1)
    expect(await reserveSheetNumber(t.db, tech)).toBe(next)
    expect(await rowsOf(tech)).toEqual([
      { number: reserved, used_by_sheet: sheet.id },
      { number: next, used_by_sheet: null },
    ])
  })
})
