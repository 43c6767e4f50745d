// The restarts of the bench's pre-treats (decision 0041): every submitted pre-treat (to review or
// completed; ~997,000 of the 1,000,000 seeded by seed-pretreats.ts, which runs first) gets its
// restart, as submitSheet opens one. The ones to review and the newest 1,000 completed are still
// pending (a few thousand, as in real life); the rest were completed the day after the
// application by one of the applicators' users. insert … select in one bulk-load transaction.
import { sql } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import { withBulkLoad } from './bulk-load.ts'
import type { SeedResult } from './seed-call-ins.ts'
import { PRETREAT_TARGET, seedPretreats } from './seed-pretreats.ts'

/** The pre-treats whose restarts it makes; a restart per submitted one. */
export const RESTART_TARGET = PRETREAT_TARGET
const PENDING_COMPLETED = 1_000

/** Makes the submitted pre-treats' restarts (nothing when every one has its restart). */
export async function seedRestarts(db: Executor, options: { target?: number; log?: (line: string) => void } = {}): Promise<SeedResult> {
  const log = options.log ?? (() => undefined)
  await seedPretreats(db, { target: options.target ?? RESTART_TARGET, log })
  const submitted = sql`status in ('to-review', 'to-review1', 'to-review2', 'completed')`
  const before = Number((await sql<{ n: string }>`select count(*) as n from restarts`.execute(db)).rows[0]!.n)
  const want = Number((await sql<{ n: string }>`select count(*) as n from pretreats where ${submitted}`.execute(db)).rows[0]!.n)
  if (before >= want) return { before, inserted: 0, seconds: 0 }
  const users = (await sql<{ id: number }>`select user_id as id from applicators order by id`.execute(db)).rows.map((r) => r.id)
  if (users.length === 0) throw new Error('No applicators: seed the demo data first.')
  const started = performance.now()
  let inserted = 0
  await db.transaction().execute(async (trx) => {
    await withBulkLoad(trx, ['restarts'], async () => {
      const made = await sql`
        with todo as (
          select p.id, p.status, coalesce(p.application_date, p.created_at::date) as day,
                 row_number() over (partition by p.status = 'completed' order by p.created_at desc, p.id desc) as newest
          from pretreats p
          where ${submitted} and not exists (select 1 from restarts r where r.pretreat_id = p.id)
        ), rows as (
          select id, day + time '12:00' as opened, status = 'completed' and newest > ${PENDING_COMPLETED} as done from todo
        )
        insert into restarts (pretreat_id, created_at, remote, running, cleaned_up, comments, completed_at, completed_by)
        select id, opened,
               case when done then id % 3 <> 0 end, case when done then true end, case when done then id % 7 <> 0 end,
               case when done then 'Fans back on; storage running.' else '' end,
               case when done then opened + interval '1 day' end,
               case when done then (${users}::bigint[])[1 + id % ${users.length}] end
        from rows`.execute(trx)
      inserted = Number(made.numAffectedRows ?? 0)
    })
  })
  await sql`vacuum (analyze) restarts`.execute(db)
  log(`  restarts: ${inserted.toLocaleString('en-US')} added`)
  return { before, inserted, seconds: (performance.now() - started) / 1000 }
}
