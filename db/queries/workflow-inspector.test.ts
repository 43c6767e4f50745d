import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCommand } from '#commands/command.ts'
import { approveServiceReview, saveServiceReview } from '#commands/service-reviews.ts'
import { inspectedWorkflow } from '#workflows/registry.ts'
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts'
import { makeServiceSheet } from '../../tests/support/service-sheets.ts'
import { makePretreat } from '../../tests/support/pretreats.ts'
import { inspectedRecord, tookStep, userIdByUsername, workflowHistory, workflowStateCounts } from './workflow-inspector.ts'

let t: TestDatabase
let tech: number, reviewer: number
const sheets = inspectedWorkflow('service-sheets')!
const calls = inspectedWorkflow('call-ins')!

beforeAll(async () => {
  t = await createTestDatabase()
  const users = await t.db
    .insertInto('users')
    .values([
      { username: 'tech', password_hash: 'x', first_name: 'Tom', last_name: 'Tech' },
      { username: 'Rev1', password_hash: 'x' },
    ])
    .returning('id')
    .execute()
  tech = users[0]!.id
  reviewer = users[1]!.id
})
afterAll(() => t.drop())

const counts = async () => await workflowStateCounts(t.db, [sheets, calls])
const since = async (id: number) => (await t.db.selectFrom('service_sheets').select('state_since').where('id', '=', id).executeTakeFirstOrThrow()).state_since
/** The level-1 reviewer's Save or Approve of the review, hours unchanged (travel 1, labor 2). */
const review1 = (reviewId: number, intent: 'save' | 'approve', version: number) =>
  runCommand(t.db, intent === 'approve' ? approveServiceReview : saveServiceReview, {
    actor: { id: reviewer, username: 'rev1', is_superuser: false, permissions: ['api.can_review_1'] },
    key: crypto.randomUUID(),
    input: { review_id: reviewId, intent, version, travel_hours: 1, labor_hours: 2, nc_travel: 0, nc_labor: 0, comments: '', parts: [], new_parts: [], new_part: '', new_description: '' },
  })

describe('the workflow inspector’s reads', () => {
  it('counts records per state as they move, in the same transaction, and not on a save that stays', async () => {
    const before = await counts()
    const a = await makeServiceSheet(t.db, { created_by: tech })
    await makeServiceSheet(t.db, { created_by: tech, approvedLevels: 2, reviewerId: reviewer })
    const after = await counts()
    const moved = (state: string) => (after.service_sheet![state] ?? 0) - (before.service_sheet![state] ?? 0)
    expect([moved('submitted'), moved('level_1_review'), moved('level_2_review'), moved('level_3_review'), moved('complete')]).toEqual([0, 1, 0, 1, 0])

    const review = await t.db.selectFrom('service_reviews').select('id').where('service_sheet_id', '=', a.id).executeTakeFirstOrThrow()
    const entered = await since(a.id)
    await review1(review.id, 'save', 1)
    expect(await counts()).toEqual(after)
    expect(await since(a.id)).toEqual(entered)

    await review1(review.id, 'approve', 2)
    const approved = await counts()
    expect(approved.service_sheet!.level_1_review ?? 0).toBe((after.service_sheet!.level_1_review ?? 0) - 1)
    expect(approved.service_sheet!.level_2_review).toBe((after.service_sheet!.level_2_review ?? 0) + 1)
    // entered level 2 when the approval's history row says
    const history = await workflowHistory(t.db, 'service_sheet', a.id)
    expect(history.map((h) => `${h.from_state} ${h.event} ${h.to_state} by ${h.actor}`)).toEqual([
      'submitted SUBMIT level_1_review by Tom Tech',
      'level_1_review SAVE level_1_review by Rev1',
      'level_1_review APPROVE level_2_review by Rev1',
    ])
    expect(await since(a.id)).toEqual(history[2]!.at)
    expect(await inspectedRecord(t.db, sheets.records, a.id)).toMatchObject({ id: a.id, number: expect.stringMatching(/^Sheet #\d+$/), state: 'level_2_review', state_since: history[2]!.at })
  })

  it('counts a table’s rows as its stored state when the table keeps none, and deleting a record takes it off', async () => {
    const sheet = await makeServiceSheet(t.db, { created_by: tech })
    const before = await counts()
    await t.db.deleteFrom('service_reviews').where('service_sheet_id', '=', sheet.id).execute()
    await t.db.deleteFrom('service_status').where('service_sheet_id', '=', sheet.id).execute()
    await t.db.deleteFrom('service_sheets').where('id', '=', sheet.id).execute()
    expect((await counts()).service_sheet!.level_1_review ?? 0).toBe(before.service_sheet!.level_1_review! - 1)
    const calls = (await counts()).call_in!
    const rows = Number((await sql<{ n: string }>`select count(*) as n from call_ins`.execute(t.db)).rows[0]!.n)
    expect(calls.submitted ?? 0).toBe(rows)
  })

  it('counts pre-treats per state and reads one with its number and history', async () => {
    const pretreats = inspectedWorkflow('pretreats')!
    const before = (await workflowStateCounts(t.db, [pretreats])).pretreat!
    const pt = await makePretreat(t.db, { stage: 'in-progress', created_by: tech })
    const after = (await workflowStateCounts(t.db, [pretreats])).pretreat!
    expect((after['in-progress'] ?? 0) - (before['in-progress'] ?? 0)).toBe(1)
    expect(after.pending ?? 0).toBe(before.pending ?? 0)
    expect(await inspectedRecord(t.db, pretreats.records, pt.id)).toMatchObject({ number: pt.pre_treat_number, state: 'in-progress' })
    expect((await workflowHistory(t.db, 'pretreat', pt.id)).map((h) => h.event)).toEqual(['CREATE', 'SCHEDULE', 'ASSIGN', 'SAVE'])
  })

  it('finds the records someone took a step on, and users by username whatever the case', async () => {
    expect(await userIdByUsername(t.db, 'rev1')).toBe(reviewer)
    expect(await userIdByUsername(t.db, 'nobody')).toBeUndefined()
    const ids = (rows: { id: number }[]) => rows.map((r) => Number(r.id))
    const touched = ids(await t.db.selectFrom('service_sheets as r').select('r.id').where(tookStep('service_sheet', reviewer)).execute())
    const history = ids(await t.db.selectFrom('workflow_events').select('entity_id as id').where('actor_id', '=', reviewer).where('entity', '=', 'service_sheet').distinct().execute())
    expect(touched.sort()).toEqual(history.sort())
    expect(touched.length).toBeGreaterThan(0)
    expect(await inspectedRecord(t.db, sheets.records, 987654)).toBeUndefined()
  })
})
