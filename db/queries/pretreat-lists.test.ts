// Which pre-treat shows on which of the four lists (docs/decisions/0036), through the lists' own
// definitions (app/lists/pretreat-lists.server.ts) against a real database: the rule, the columns
// they carry, the filters and the sorts, and the totals (the completed list's from row_counts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRETREAT_LIST_ENGINES } from '#app/lists/pretreat-lists.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/support/db.ts'
import { EVERY_RIGHT, makePretreat, type MadePretreat } from '#tests/support/pretreats.ts'
import { runPretreatStep } from '#workflows/pretreat.server.ts'
import { savePretreatFlags } from './pretreat-workflow.ts'
import { pretreatListOf, scheduledPretreat, PRETREAT_LISTS } from './pretreat-lists.ts'

let t: TestDatabase
const made: Record<string, MadePretreat> = {}
beforeAll(async () => {
  t = await createTestDatabase()
  for (const stage of ['staged', 'scheduled', 'assigned', 'in-progress', 'to-review'] as const) made[stage] = await makePretreat(t.db, { stage })
  made.void = await makePretreat(t.db, { stage: 'scheduled' })
  await t.db
    .transaction()
    .execute((trx) =>
      runPretreatStep(
        trx,
        made.void!.id,
        { type: 'VOID', notes: 'Grower sold the crop' },
        { actor: EVERY_RIGHT, apply: (t2) => savePretreatFlags(t2, made.void!.id, { void: true, void_comments: 'Grower sold the crop' }) },
      ),
    )
  made.completed = await makePretreat(t.db, { stage: 'to-review1' })
  await t.db.transaction().execute((trx) => runPretreatStep(trx, made.completed!.id, { type: 'REVIEW', level: 2, reviewedFirst: false }, { actor: EVERY_RIGHT }))
  // a second grower and storage, for the filters and sorts
  const company = await t.db.insertInto('companies').values({ company_name: 'Aardvark Potato Co' }).returning('id').executeTakeFirstOrThrow()
  const storage = await t.db.insertInto('storages').values({ company_id: company.id, name: 'Zebra Cellar' }).returning('id').executeTakeFirstOrThrow()
  made.other = await makePretreat(t.db, { stage: 'scheduled', company_id: company.id, storage_id: storage.id })
})
afterAll(() => t.drop())

const ids = async (list: keyof typeof PRETREAT_LIST_ENGINES, params = '') => (await PRETREAT_LIST_ENGINES[list].load(t.db, params)).rows.map((r) => r.id)

describe('the pre-treat lists', () => {
  it('show each pre-treat on exactly one list: staged, scheduled (pending, assigned, in progress), review, completed', async () => {
    expect(await ids('staged')).toEqual([made.staged!.id])
    expect((await ids('scheduled')).sort((a, b) => a - b)).toEqual([made.scheduled!.id, made.assigned!.id, made['in-progress']!.id, made.void!.id, made.other!.id])
    expect(await ids('review')).toEqual([made['to-review']!.id])
    expect(await ids('completed')).toEqual([made.completed!.id])
    // and the rule in code says the same as the rule in SQL
    const rows = await t.db.selectFrom('pretreats').select(['id', 'status', 'upcoming']).execute()
    for (const list of PRETREAT_LISTS) {
      const expected = rows
        .filter((r) => pretreatListOf(r.status, r.upcoming) === list)
        .map((r) => r.id)
        .sort((a, b) => a - b)
      expect((await ids(list, 'page_size=100')).sort((a, b) => a - b)).toEqual(expected)
    }
  })

  it('carry what the columns show: owner, storage, status, the first cwt, the chemicals, the applicator', async () => {
    const page = await PRETREAT_LIST_ENGINES.scheduled.load(t.db, '')
    const assigned = page.rows.find((r) => r.id === made.assigned!.id)!
    expect(assigned).toMatchObject({ status: 'assigned', cwt: '1000.00', chemicals: expect.any(String), assigned_to: made.assigned!.applicator_id, assigned_name: expect.any(String) })
    expect(assigned.company_name).toBeTruthy()
    expect(page.rows.find((r) => r.id === made.scheduled!.id)).toMatchObject({ assigned_to: null, assigned_name: null })
    expect(page.rows.find((r) => r.id === made.void!.id)).toMatchObject({ void: true })
    expect(page.total).toBe(5)
  })

  it('filter by owner, storage and number, and sort by owner and storage', async () => {
    expect(await ids('scheduled', 'filter_by=company&filter_value=aardvark')).toEqual([made.other!.id])
    expect(await ids('scheduled', 'filter_by=storage&filter_value=zebra')).toEqual([made.other!.id])
    expect(await ids('scheduled', `filter_by=pre_treat_number&filter_value=${made.assigned!.pre_treat_number.slice(-6)}`)).toEqual([made.assigned!.id])
    expect((await ids('scheduled', 'sort_by=company&order=asc'))[0]).toBe(made.other!.id)
    expect((await ids('scheduled', 'sort_by=storage&order=desc'))[0]).toBe(made.other!.id)
    expect(await ids('staged', 'filter_by=company&filter_value=aardvark')).toEqual([])
  })

  it('count the completed list from the row count less the others', async () => {
    const page = await PRETREAT_LIST_ENGINES.completed.load(t.db, '')
    expect(page.total).toBe(1)
    expect(page.totalPages).toBe(1)
  })

  it('read one scheduled pre-treat for the assign modal, and nothing for one on another list', async () => {
    expect(await scheduledPretreat(t.db, made.scheduled!.id)).toMatchObject({ id: made.scheduled!.id, status: 'pending' })
    expect(await scheduledPretreat(t.db, made.staged!.id)).toBeUndefined()
    expect(await scheduledPretreat(t.db, made.completed!.id)).toBeUndefined()
  })
})
