import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCommand } from '#commands/command.ts'
import { Refusal } from '#core/errors.ts'
import { createCallIn } from '#commands/call-ins.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { cleanUpCommandRuns, KEEP_COMMAND_RUNS_DAYS } from './command-runs-cleanup.job.ts'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(() => t?.drop())

describe('command runs cleanup', () => {
  it('forgets the answers kept longer than a season and keeps the rest, the same however often it runs', async () => {
    const user = await t.db.insertInto('users').values({ username: 'keeper', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow()
    const key = (n: number) => `00000000-0000-4000-8000-00000000000${n}`
    const daysAgo = (days: number) => sql<Date>`now() - make_interval(days => ${days})`
    await t.db
      .insertInto('command_runs')
      .values([
        { key: key(1), command: 'x', actor_id: user.id, input_hash: 'h', result: 'null', created_at: daysAgo(KEEP_COMMAND_RUNS_DAYS + 5) },
        { key: key(2), command: 'x', actor_id: user.id, input_hash: 'h', result: 'null', created_at: daysAgo(KEEP_COMMAND_RUNS_DAYS - 1) },
        { key: key(3), command: 'x', actor_id: user.id, input_hash: 'h', result: 'null', created_at: daysAgo(0) },
      ])
      .execute()
    const left = async () => (await t.db.selectFrom('command_runs').select('key').orderBy('key').execute()).map((r) => r.key)
    expect(await cleanUpCommandRuns(t.db)).toBe(1)
    expect(await left()).toEqual([key(2), key(3)])
    expect(await cleanUpCommandRuns(t.db)).toBe(0)
    expect(await left()).toEqual([key(2), key(3)])
  })

  it('leaves a very late resend of a forgotten key answered with the record it made, or refused: never a second record', async () => {
    const user = await t.db.insertInto('users').values({ username: 'caller', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow()
    const company = await t.db.insertInto('companies').values({ company_name: 'Late Farms' }).returning('id').executeTakeFirstOrThrow()
    const storage = await t.db.insertInto('storages').values({ company_id: company.id, name: 'Late Cellar' }).returning('id').executeTakeFirstOrThrow()
    const actor = { id: user.id, username: 'caller', is_superuser: false, permissions: ['api.add_callin' as const] }
    const input = { submission_id: crypto.randomUUID(), company_id: company.id, storage_id: storage.id, requested_by: 'Dale', call_in_date: '2026-11-20', description: 'Fan 3 rattles', got_it: true }
    const first = await runCommand(t.db, createCallIn, { actor, key: input.submission_id, input })
    await t.db
      .updateTable('command_runs')
      .set({ created_at: sql<Date>`now() - make_interval(days => ${KEEP_COMMAND_RUNS_DAYS + 1})` })
      .where('key', '=', input.submission_id)
      .execute()
    await cleanUpCommandRuns(t.db)
    const again = await runCommand(t.db, createCallIn, { actor, key: input.submission_id, input }).catch((error: unknown) => error)
    expect(again instanceof Refusal ? again.kind : again).toSatisfy((a) => a === 'conflict' || JSON.stringify(a) === JSON.stringify(first))
    expect(await t.db.selectFrom('call_ins').select('id').where('submission_id', '=', input.submission_id).execute()).toHaveLength(1)
  })
})
