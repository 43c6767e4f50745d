// The demo pre-treats: some on every list, made through the workflow, and a second run adds none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { pretreatListOf } from '#db/queries/pretreat-lists.ts'
import { seedDemo } from './data.ts'
import { seedDemoPretreats } from './pretreats.ts'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
  await seedDemo(t.db)
})
afterAll(() => t.drop())

describe('demo pre-treats', () => {
  it('put some on every list, one assigned to each demo applicator and one void, and a second run adds none', async () => {
    const rows = await t.db
      .selectFrom('pretreats as p')
      .leftJoin('applicators as a', 'a.id', 'p.assigned_to')
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .select(['p.id', 'p.status', 'p.upcoming', 'p.void', 'u.username'])
      .execute()
    const lists = rows.map((r) => pretreatListOf(r.status, r.upcoming))
    for (const list of ['staged', 'scheduled', 'review', 'completed'] as const) expect(lists).toContain(list)
    expect(rows.filter((r) => r.status === 'assigned').map((r) => r.username).sort()).toEqual(['applicator', 'tech'])
    expect(rows.filter((r) => r.void)).toHaveLength(1)
    const history = await t.db.selectFrom('workflow_events').select('entity_id').where('entity', '=', 'pretreat').where('event', '=', 'CREATE').execute()
    expect(history.length).toBeGreaterThanOrEqual(10) // ours; the storage history seeds finished ones directly
    expect(await seedDemoPretreats(t.db, new Date())).toBe(0)
  })
})
