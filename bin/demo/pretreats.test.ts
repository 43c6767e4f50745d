// The demo pre-treats: some on every list, made through the workflow, and a second run adds none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { pretreatListOf } from '#db/queries/pretreat-lists.ts'
import { seedDemo } from './data.ts'
import { demoUuid } from './helpers.ts'
import { seedDemoPretreats } from './pretreats.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { runCommand } from '#commands/command.ts'
import { sheetPressKey, SheetStepSchema, submitSheet } from '#commands/pretreat-sheet.ts'
import { sheetFormValues } from '#core/pretreat-sheet.ts'
import { sheetById } from '#db/queries/pretreat-sheet.ts'
import { runPretreatStep } from '#workflows/pretreat.server.ts'
import { EVERY_RIGHT } from '#tests/support/pretreats.ts'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { readReviewView } from '#app/features/pretreat-sheet/review-view.server.ts'
import { SheetEdits } from '#app/features/pretreat-sheet/what-changed.tsx'
import { ApplicationDateWarning } from '#app/features/pretreat-sheet/info.tsx'
import { localToday } from '#core/licence.ts'
import { addDays } from '#core/season-check.ts'
import { formatDate } from '#core/formats.ts'
import { sendBackPretreat } from '#commands/notices.ts'
import { alertsFor } from '#app/alerts.server.ts'

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
    expect(
      rows
        .filter((r) => r.status === 'assigned')
        .map((r) => r.username)
        .sort(),
    ).toEqual(['applicator', 'tech'])
    expect(rows.filter((r) => r.void)).toHaveLength(1)
    const history = await t.db.selectFrom('workflow_events').select('entity_id').where('entity', '=', 'pretreat').where('event', '=', 'CREATE').execute()
    expect(history.length).toBeGreaterThanOrEqual(10) // ours; the storage history seeds finished ones directly
    expect(await seedDemoPretreats(t.db, new Date())).toBe(0)
  })

  it('issue 12: submitted sheets have their checklist and restart; one reviewed once for ptreview2; completed ones priced (one billable) with their restart done', async () => {
    const ours = (keys: string[]) =>
      t.db
        .selectFrom('pretreats as p')
        .innerJoin('applications as ap', 'ap.id', 'p.application_id')
        .leftJoin('restarts as r', 'r.pretreat_id', 'p.id')
        .leftJoin('final_checklists as fc', 'fc.pretreat_id', 'p.id')
        .leftJoin('applicators as a', 'a.id', 'p.assigned_to')
        .select(['p.id', 'p.status', 'p.company_id', 'ap.name as application', 'r.id as restart_id', 'r.completed_by', 'r.comments', 'r.running', 'fc.id as checklist_id', 'a.user_id'])
        .where(
          'p.submission_id',
          'in',
          keys.map((k) => demoUuid(`pretreat:${k}`)),
        )
        .orderBy('p.id')
        .execute()
    const review = await ours(['to-review', 'to-review1'])
    expect(review.map((r) => r.status)).toEqual(['to-review', 'to-review1'])
    for (const r of review) expect(r).toMatchObject({ restart_id: expect.any(Number), completed_by: null, checklist_id: expect.any(Number) })

    const completed = await ours(['completed', 'completed-2', 'completed-3', 'completed-4'])
    expect(completed.map((r) => r.status)).toEqual(['completed', 'completed', 'completed', 'completed'])
    expect(new Set(completed.map((r) => r.company_id)).size).toBe(4)
    expect(new Set(completed.map((r) => r.application)).size).toBeGreaterThanOrEqual(3)
    for (const r of completed) {
      expect(r).toMatchObject({ restart_id: expect.any(Number), completed_by: r.user_id, running: true, checklist_id: expect.any(Number) })
      expect(r.comments).not.toBe('')
      const prices = await t.db.selectFrom('pretreat_prices').select(['company_id', 'cwt_share']).where('pretreat_id', '=', r.id).execute()
      const { cwt } = await t.db.selectFrom('pretreat_chemicals').select('cwt').where('pretreat_id', '=', r.id).orderBy('id').executeTakeFirstOrThrow()
      expect(prices.reduce((sum, p) => sum + Number(p.cwt_share), 0)).toBe(Number(cwt))
      expect(prices[0]?.company_id).toBe(r.company_id)
    }
    const lines = await t.db
      .selectFrom('pretreat_prices')
      .select('pretreat_id')
      .where(
        'pretreat_id',
        'in',
        completed.map((r) => r.id),
      )
      .execute()
    expect(lines).toHaveLength(5) // one billable company on one of them
    // one restart was answered not cleaned up: its follow-up is open for the assigners (issue 24)
    const followUps = await t.db.selectFrom('restart_follow_ups').select(['restart_id', 'not_running', 'not_cleaned_up', 'closed_at']).execute()
    expect(followUps).toEqual([{ restart_id: completed[3]!.restart_id, not_running: false, not_cleaned_up: true, closed_at: null }])
  })

  it('a demo pre-treat made before issue 12 gets its checklist, restart and prices on the next run, and only once', async () => {
    const [done] = await t.db.selectFrom('pretreats').select('id').where('submission_id', '=', demoUuid('pretreat:completed')).execute()
    await t.db.deleteFrom('restarts').where('pretreat_id', '=', done!.id).execute()
    await t.db.deleteFrom('final_checklists').where('pretreat_id', '=', done!.id).execute()
    await t.db.deleteFrom('pretreat_prices').where('pretreat_id', '=', done!.id).execute()
    const count = async (table: 'restarts' | 'final_checklists' | 'pretreat_prices') => (await t.db.selectFrom(table).select(t.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n
    expect(await seedDemoPretreats(t.db, new Date())).toBe(0)
    expect(await t.db.selectFrom('restarts').select(['completed_by', 'submission_id']).where('pretreat_id', '=', done!.id).executeTakeFirstOrThrow()).toMatchObject({
      completed_by: expect.any(Number),
      submission_id: demoUuid('restart:completed'),
    })
    const after = [await count('restarts'), await count('final_checklists'), await count('pretreat_prices')]
    await seedDemoPretreats(t.db, new Date())
    expect([await count('restarts'), await count('final_checklists'), await count('pretreat_prices')]).toEqual(after)
  })

  /** A reviewer sends demo sheet `key` back; its applicator submits it again from its prefilled form, with `changes` typed. */
  async function sendBackAndResubmit(key: string, changes: Record<string, string> = {}) {
    const { id } = await t.db
      .selectFrom('pretreats')
      .select('id')
      .where('submission_id', '=', demoUuid(`pretreat:${key}`))
      .executeTakeFirstOrThrow()
    await t.db.transaction().execute((trx) => runPretreatStep(trx, id, { type: 'SEND_BACK', reason: 'Check the pile temps.' }, { actor: EVERY_RIGHT }))
    const sheet = (await sheetById(t.db, id))!
    // the page's form, as it opens: every value the sheet shows, posted as it is but for `changes`
    const form = new FormData()
    for (const [name, value] of Object.entries({ ...sheetFormValues(sheet), ...changes })) form.append(name, value)
    for (const [name, value] of Object.entries({ intent: 'submit', version: String(sheet.version), submission_id: crypto.randomUUID(), pretreat_id: String(id) })) form.append(name, value)
    const submission = parseWithZod(form, { schema: SheetStepSchema })
    expect(submission.status === 'success' ? null : submission.error).toBeNull()
    if (submission.status !== 'success') throw new Error('refused')
    const applicator = { id: sheet.assigned_user_id!, username: 'applicator', is_superuser: false, permissions: ['api.view_pretreat' as const] }
    await runCommand(t.db, submitSheet, { actor: applicator, key: sheetPressKey('submit', submission.value), input: submission.value })
    return { id, sheet }
  }

  it('issue 38 (22): a demo sheet sent back is submitted again as its form is prefilled (the demo passes its own forms)', async () => {
    const { id, sheet } = await sendBackAndResubmit('to-review')
    const after = await t.db.selectFrom('pretreats as p').innerJoin('pretreat_chemicals as c', 'c.pretreat_id', 'p.id').select(['p.status', 'c.quantity_used']).where('p.id', '=', id).execute()
    // submitted again, and nothing the applicator did not type changed: the quantity used is the one the demo recorded
    expect(after.map((r) => r.status)).toEqual(['to-review'])
    expect(after.map((r) => r.quantity_used)).toEqual(sheet.chemicals.map((c) => c.quantity_used))
  })

  it('issue 38 (29): the review sheet shows what the applicator changed when submitting again after a Send Back', async () => {
    const { id } = await sendBackAndResubmit('to-review1', { weather: 'Snow', env_comments: 'Snow from noon.' })
    const view = (await readReviewView(t.db, id))!
    const shown = renderToStaticMarkup(createElement(SheetEdits, { edits: view.edits }))
    expect(shown).not.toContain('Nothing was changed')
    expect(shown).toContain('Weather: Clear → Snow')
    expect(shown).toContain('Outdoor Comments: Calm morning. → Snow from noon.')
  })

  it('issue 38 (20): the review sheet warns reviewers of an application date after today', async () => {
    const { id } = await t.db.selectFrom('pretreats').select('id').where('submission_id', '=', demoUuid('pretreat:to-review1')).executeTakeFirstOrThrow()
    const warning = async () => renderToStaticMarkup(createElement(ApplicationDateWarning, { date: (await readReviewView(t.db, id))!.applicationDateAhead }))
    expect(await warning()).toBe('')
    const ahead = addDays(localToday(), 2)
    await t.db.updateTable('pretreats').set({ application_date: ahead }).where('id', '=', id).execute()
    expect(await warning()).toContain(`The application date (${formatDate(ahead)}) is after today.`)
  })

  it('issue 38 (31): the applicator’s bell counts a sheet sent back once (as sent back), beside the others to fill', async () => {
    const userId = async (username: string) => (await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id
    const applicator = {
      id: await userId('applicator'),
      username: 'applicator',
      first_name: 'Cody',
      last_name: 'Hansen',
      email: '',
      company_name: '',
      current_prefix: '',
      is_staff: false,
      is_superuser: false,
      permissions: ['api.view_pretreat' as const],
    }
    const reviewer = { id: await userId('ptreview1'), username: 'ptreview1', is_superuser: false, permissions: ['api.pretreat_reviewer1' as const, 'api.view_pretreat' as const] }
    const pt = await t.db.selectFrom('pretreats').select(['id', 'version', 'status']).where('submission_id', '=', demoUuid('pretreat:to-review')).executeTakeFirstOrThrow()
    expect(pt.status).toBe('to-review')
    await runCommand(t.db, sendBackPretreat, { actor: reviewer, key: crypto.randomUUID(), input: { pretreat_id: pt.id, version: pt.version, reason: 'Storage temps missing.' } })
    const toFill = await t.db
      .selectFrom('pretreats as p')
      .innerJoin('applicators as a', 'a.id', 'p.assigned_to')
      .select('p.id')
      .where('a.user_id', '=', applicator.id)
      .where('p.status', 'in', ['assigned', 'in-progress'])
      .where('p.void', '=', false)
      .execute()
    const bell = Object.fromEntries((await alertsFor(t.db, applicator)).map((a) => [a.type, a.count]))
    expect(bell.pretreats_sent_back).toBe(1)
    expect(bell.pretreats_assigned_to_me! + bell.pretreats_sent_back!).toBe(toFill.length)
  })
})
