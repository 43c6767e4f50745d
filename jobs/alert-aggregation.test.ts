import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { createBoss } from './boss.server.ts'
import { aggregateAlerts, STALE_UPLOAD_MINUTES } from './alert-aggregation.job.ts'
import { startWorkers } from './worker.ts'
import { makePretreat } from '../tests/support/pretreats.ts'

let t: TestDatabase
let userId: number

/** A sheet with its reviews: `approved` levels are done, the next one is open. */
async function sheetWithOpenLevel(level: 1 | 2 | 3) {
  const db = t.db
  const company = await db
    .insertInto('companies')
    .values({ company_name: `Co ${crypto.randomUUID()}` })
    .returning('id')
    .executeTakeFirstOrThrow()
  const storage = await db.insertInto('storages').values({ company_id: company.id, name: 'S' }).returning('id').executeTakeFirstOrThrow()
  const { number } = await db.insertInto('service_sheet_numbers').values({ reserved_by: userId }).returning('number').executeTakeFirstOrThrow()
  const sheet = await db
    .insertInto('service_sheets')
    .values({
      submission_id: crypto.randomUUID(),
      service_sheet_number: number,
      company_id: company.id,
      storage_id: storage.id,
      created_by: userId,
      service_date: '2026-11-01',
      requested_by: 'R',
      service_rendered: ['Fan'],
      description: 'd',
      notes: 'n',
      travel_hours: 1,
      labor_hours: 2,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  for (let l = 1; l <= level; l++) {
    const done = l < level
    await db
      .insertInto('service_reviews')
      .values({ service_sheet_id: sheet.id, review_level: l as 1 | 2 | 3, status: done ? 'approved' : 'open', reviewed_by: done ? userId : null, reviewed_at: done ? new Date() : null })
      .execute()
  }
}

async function upload(minutesAgo: number, status: 'pending' | 'completed') {
  await t.db
    .insertInto('upload_sessions')
    .values({
      id: crypto.randomUUID(),
      area: 'drive',
      key: `drive/${crypto.randomUUID()}`,
      driver_upload_id: 'u',
      filename: 'f',
      size_bytes: 1,
      chunk_count: 1,
      status,
      created_by: userId,
      created_at: sql<Date>`now() - make_interval(mins => ${minutesAgo})`,
    })
    .execute()
}

beforeAll(async () => {
  t = await createTestDatabase()
  userId = (await t.db.insertInto('users').values({ username: 'alerts', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow()).id
  await sheetWithOpenLevel(1)
  await sheetWithOpenLevel(1)
  await sheetWithOpenLevel(2)
  await sheetWithOpenLevel(3)
  await upload(STALE_UPLOAD_MINUTES + 5, 'pending') // started and never completed
  await upload(1, 'pending') // still going: not an alert yet
  await upload(STALE_UPLOAD_MINUTES + 5, 'completed')
})
afterAll(() => t.drop())

const stored = async () => Object.fromEntries((await t.db.selectFrom('alert_counts').select(['type', 'count']).execute()).map((r) => [r.type, r.count]))

describe('alert aggregation', () => {
  it('counts open reviews per level and uploads started but never completed', async () => {
    const counts = await aggregateAlerts(t.db)
    expect(counts).toEqual({ level_1_reviews: 2, level_2_reviews: 1, level_3_reviews: 1, pending_aws_imports: 1, storage_checks_due: 0, pretreats_to_assign: 0, pretreats_to_review: 0 })
    expect(await stored()).toEqual(counts)
  })

  it('gives the same result when run twice, and follows the data', async () => {
    await aggregateAlerts(t.db)
    await sheetWithOpenLevel(2)
    await aggregateAlerts(t.db)
    expect(await stored()).toEqual({ level_1_reviews: 2, level_2_reviews: 2, level_3_reviews: 1, pending_aws_imports: 1, storage_checks_due: 0, pretreats_to_assign: 0, pretreats_to_review: 0 })
  })

  it('runs through pg-boss: the workers schedule it every 5 minutes (and the file cleanup every hour) and run it at start-up', async () => {
    await t.db.deleteFrom('alert_counts').execute()
    const boss = createBoss(t.url)
    try {
      await startWorkers(boss, t.db)
      const schedules = await boss.getSchedules()
      expect(schedules).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: 'alert-aggregation', cron: '*/5 * * * *' }),
          expect.objectContaining({ name: 'blob-cleanup', cron: '17 * * * *' }),
          expect.objectContaining({ name: 'sign-in-attempts-cleanup', cron: '41 3 * * *' }),
          expect.objectContaining({ name: 'command-runs-cleanup', cron: '53 3 * * *' }),
        ]),
      )
      const deadline = Date.now() + 20_000
      while (Object.keys(await stored()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200))
      expect(await stored()).toEqual({ level_1_reviews: 2, level_2_reviews: 2, level_3_reviews: 1, pending_aws_imports: 1, storage_checks_due: 0, pretreats_to_assign: 0, pretreats_to_review: 0 })
    } finally {
      await boss.stop({ graceful: true, wait: true, timeout: 5000 })
    }
  })

  it('counts scheduled pre-treats with no applicator and sheets waiting for review, void ones left out', async () => {
    await makePretreat(t.db, { stage: 'staged' })
    await makePretreat(t.db, { stage: 'scheduled' })
    await makePretreat(t.db, { stage: 'scheduled' })
    await makePretreat(t.db, { stage: 'assigned' })
    await makePretreat(t.db, { stage: 'to-review' })
    const called = await makePretreat(t.db, { stage: 'scheduled' })
    await t.db.updateTable('pretreats').set({ void: true, void_comments: 'Grower sold the crop' }).where('id', '=', called.id).execute()
    const counts = await aggregateAlerts(t.db)
    expect([counts.pretreats_to_assign, counts.pretreats_to_review]).toEqual([2, 1])
  })
})
