import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts'
import { down, up } from './0030_visible_drive_names.ts'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(() => t.drop())

const names = async () => (await t.db.selectFrom('drive_entries').select(['parent', 'name']).execute()).map((e) => `${e.parent}${e.name}`).sort()

describe('0030: drive names without invisible characters', () => {
  it('cleans the names stored before, numbering a clash and moving a folder’s contents with it; then refuses new ones', async () => {
    await down(t.db)
    const folder = (parent: string, name: string) => ({ parent, name, is_folder: true, file_type: 'folder' })
    await t.db
      .insertInto('drive_entries')
      .values([
        folder('', 'Audits'),
        folder('Audits/', 'Q\u202E3'),
        folder('Audits/Q\u202E3/', 'in\u200Bner'),
        folder('Audits/Q\u202E3/in\u200Bner/', 'deep'),
        folder('Audits/', 'report.pdf'),
        folder('Audits/', 'report\u202Efdp.exe'),
        folder('Audits/', 'report\u2066.pdf'),
        folder('Audits/', 'می\u200Cخواهم'),
      ])
      .execute()
    await up(t.db)
    expect(await names()).toEqual(
      [
        'Audits',
        'Audits/Q3',
        'Audits/می\u200Cخواهم', // a joiner stays
        'Audits/report.pdf',
        'Audits/report (2).pdf',
        'Audits/reportfdp.exe',
        'Audits/Q3/inner',
        'Audits/Q3/inner/deep',
      ].sort(),
    )
    await expect(t.db.insertInto('drive_entries').values(folder('Audits/', 'x\u202Ey')).execute()).rejects.toThrow(/drive_entries_name_visible_ck/)
    expect((await sql<{ n: number }>`select count(*)::int as n from drive_entries where name ~ '\u200C'`.execute(t.db)).rows[0]!.n).toBe(1)
  })
})
