// The restart lists against a real database: a submitted pre-treat's restart is on Pending
// Restarts until completed, then on Completed Restarts with who completed it; a void pre-treat's
// restart stays, marked void; the filters and the completed total (row count less the pending).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCommand } from '#commands/command.ts'
import { completeRestart } from '#commands/restarts.ts'
import { RestartSchema } from '#core/schemas/restart.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { makePretreat } from '#tests/support/pretreats.ts'
import { completedRestartList, pendingRestartList } from './restart-lists.server.ts'

let t: TestDatabase
let userId: number
beforeAll(async () => {
  t = await createTestDatabase()
  userId = (await t.db.insertInto('users').values({ username: 'restarter', password_hash: 'x', first_name: 'Rita', last_name: 'Moss' }).returning('id').executeTakeFirstOrThrow()).id
})
afterAll(() => t.drop())

const byNumber = (number: string) => `filter_by=pre_treat_number&filter_value=${encodeURIComponent(number)}`
const restartOf = (pretreatId: number) => t.db.selectFrom('restarts').select('id').where('pretreat_id', '=', pretreatId).executeTakeFirstOrThrow()

describe('the restart lists', () => {
  it('a restart is pending until completed, then completed with who did it; the totals follow', async () => {
    const pt = await makePretreat(t.db, { stage: 'to-review', application_date: '2026-11-20' })
    const pending = await pendingRestartList.load(t.db, byNumber(pt.pre_treat_number))
    expect(pending.rows.map((r) => [r.pre_treat_number, r.application_date, r.completed_at])).toEqual([[pt.pre_treat_number, '2026-11-20', null]])
    expect((await completedRestartList.load(t.db, byNumber(pt.pre_treat_number))).rows).toEqual([])
    const completedBefore = (await completedRestartList.load(t.db, '')).total

    const { id } = await restartOf(pt.id)
    const answers = RestartSchema.parse({ submission_id: crypto.randomUUID(), remote: 'yes', running: 'yes', cleaned_up: 'yes' })
    await runCommand(t.db, completeRestart, { actor: { id: userId, username: 'restarter', is_superuser: false, permissions: [] }, key: answers.submission_id, input: { ...answers, restart_id: id } })
    expect((await pendingRestartList.load(t.db, byNumber(pt.pre_treat_number))).rows).toEqual([])
    const completed = await completedRestartList.load(t.db, byNumber(pt.pre_treat_number))
    expect(completed.rows.map((r) => [r.id, r.completed_by_name])).toEqual([[id, 'Rita Moss']])
    // the unfiltered total comes from row_counts less the pending ones (migration 0027)
    expect((await completedRestartList.load(t.db, '')).total).toBe(completedBefore + 1)
  })

  it("a void pre-treat's restart stays on the pending list, marked void", async () => {
    const pt = await makePretreat(t.db, { stage: 'to-review' })
    await t.db.updateTable('pretreats').set({ void: true, void_comments: 'Called off after the application.' }).where('id', '=', pt.id).execute()
    expect((await pendingRestartList.load(t.db, byNumber(pt.pre_treat_number))).rows.map((r) => [r.pre_treat_number, r.void])).toEqual([[pt.pre_treat_number, true]])
  })

  it('filters by owner and sorts by owner and storage, refusing nothing a screen sends', async () => {
    const pt = await makePretreat(t.db, { stage: 'to-review' })
    const owner = (await t.db.selectFrom('pretreats as p').innerJoin('companies as c', 'c.id', 'p.company_id').select('c.company_name').where('p.id', '=', pt.id).executeTakeFirstOrThrow())
      .company_name
    const byOwner = await pendingRestartList.load(t.db, `filter_by=company&filter_value=${encodeURIComponent(owner.slice(1, 6).toUpperCase())}`)
    expect(byOwner.rows.map((r) => r.pretreat_id)).toContain(pt.id)
    expect((await pendingRestartList.load(t.db, 'filter_by=company&filter_value=nobody-like-this')).rows).toEqual([])
    for (const sort of ['company', 'storage', 'pre_treat_number', 'date']) {
      const page = await pendingRestartList.load(t.db, `sort_by=${sort}&order=asc`)
      expect(page.errors).toEqual({})
      expect(page.total).toBeGreaterThan(0)
    }
  })
})
