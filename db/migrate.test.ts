import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(() => t.drop())

describe('migrations', () => {
  it('keep the call-in row count exact through inserts, deletes and truncates', async () => {
    const company = await t.db.insertInto('companies').values({ company_name: 'Count Co' }).returning('id').executeTakeFirstOrThrow()
    const storage = await t.db.insertInto('storages').values({ company_id: company.id, name: 'S1' }).returning('id').executeTakeFirstOrThrow()
    const user = await t.db.insertInto('users').values({ username: 'counter', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow()
    const rows = Array.from({ length: 3 }, (_, i) => ({
      submission_id: crypto.randomUUID(),
      company_id: company.id,
      storage_id: storage.id,
      created_by: user.id,
      call_in_date: `2026-01-0${i + 1}`,
      requested_by: 'Ann',
      description: `call ${i}`,
    }))
    await t.db.insertInto('call_ins').values(rows).execute()
    const count = () => t.db.selectFrom('row_counts').select('n').where('table_name', '=', 'call_ins').executeTakeFirstOrThrow()
    expect((await count()).n).toBe(3)
    await t.db.deleteFrom('call_ins').where('description', '=', 'call 0').execute()
    expect((await count()).n).toBe(2)
    await sql`truncate call_ins cascade`.execute(t.db)
    expect((await count()).n).toBe(0)
  })

  it('refuse a call whose job belongs to another storage', async () => {
    const c = await t.db.insertInto('companies').values({ company_name: 'Job Co' }).returning('id').executeTakeFirstOrThrow()
    const [s1, s2] = await t.db
      .insertInto('storages')
      .values([
        { company_id: c.id, name: 'A' },
        { company_id: c.id, name: 'B' },
      ])
      .returning('id')
      .execute()
    const job = await t.db.insertInto('jobs').values({ name: 'J-1', company_id: c.id, storage_id: s1!.id }).returning('id').executeTakeFirstOrThrow()
    const u = await t.db.insertInto('users').values({ username: 'jobber', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow()
    const insert = t.db.insertInto('call_ins').values({
      submission_id: crypto.randomUUID(),
      company_id: c.id,
      storage_id: s2!.id,
      job_id: job.id,
      created_by: u.id,
      call_in_date: '2026-02-01',
      requested_by: 'Bo',
      description: 'x',
    })
    await expect(insert.execute()).rejects.toThrow(/call_ins_job_fk/)
  })
})
