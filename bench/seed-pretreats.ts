// Fills the bench database up to 1,000,000 pre-treats, each with its number and one chemical line,
// with insert … select … from generate_series (no rows through Node), in one bulk-load transaction
// (bulk-load.ts), as seed-service-sheets.ts does.
//
// The mix: pre-treats spread over every demo storage over the last ~5 years, dates rising with the
// number. The newest 6,000 are still open: 1,000 staged, 2,000 scheduled (pending, assigned or in
// progress; assigned ones to the demo applicators), 3,000 to review; all older ones are completed.
// One in 500 is void. Every number goes through pretreat_numbers first (the pre-treats' foreign
// key); the triggers stay on: the number's claim, row_counts, workflow_state_counts.
// The few numbers past 999,999 (the demo's pre-treats come first) read PT-YY-1000001 and on
// (migration 0024).
import { sql } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import { withBulkLoad } from './bulk-load.ts'
import { storageCombos, type SeedResult } from './seed-call-ins.ts'

export const PRETREAT_TARGET = 1_000_000
const OPEN = { staged: 1_000, scheduled: 2_000, review: 3_000 }
const YEARS_DAYS = 5 * 365
const BATCH = 250_000
const TABLES = ['pretreat_numbers', 'pretreats', 'pretreat_chemicals']
const NOTES = ['Fog through the main plenum; fans off 24 hours after.', 'Second application of the season.', 'Seed storage: sanitize boots on entry.', 'Gate code at the shop. Two plenums.']

/** Inserts pre-treats (with numbers and chemical lines) until there are `target` (nothing when there already are). */
export async function seedPretreats(db: Executor, options: { target?: number; log?: (line: string) => void } = {}): Promise<SeedResult> {
  const target = options.target ?? PRETREAT_TARGET
  const log = options.log ?? (() => undefined)
  const before = Number((await sql<{ n: string }>`select count(*) as n from pretreats`.execute(db)).rows[0]!.n)
  if (before >= target) return { before, inserted: 0, seconds: 0 }

  const combos = (await storageCombos(db)).filter((c) => c.job_id === null)
  if (combos.length === 0) throw new Error('No storages to spread pre-treats over: seed the demo data first.')
  const creator = (await sql<{ id: number }>`select id from users where lower(username) in ('assigner', 'admin') order by lower(username) = 'assigner' desc limit 1`.execute(db)).rows[0]?.id
  const applicators = (await sql<{ id: number }>`select id from applicators where active order by id`.execute(db)).rows.map((r) => r.id)
  const products = (await sql<{ id: number }>`select id from products where active order by id`.execute(db)).rows.map((r) => r.id)
  if (!creator || applicators.length === 0 || products.length === 0) throw new Error('The demo users, applicators and products are missing: seed the demo data first.')
  const storages = combos.map((c) => c.storage_id)
  const companies = combos.map((c) => c.company_id)
  const [staged, scheduled] = [target - OPEN.staged, target - OPEN.staged - OPEN.scheduled]
  const review = scheduled - OPEN.review

  const started = performance.now()
  let inserted = 0
  await db.transaction().execute(async (trx) => {
    const base = Number((await sql<{ n: string }>`select coalesce(max(number), 0) as n from pretreat_numbers`.execute(trx)).rows[0]!.n)
    const rebuilt = await withBulkLoad(trx, TABLES, async () => {
      for (let from = before + 1; from <= target; from += BATCH) {
        const to = Math.min(target, from + BATCH - 1)
        await sql`
          insert into pretreat_numbers (number, year, reserved_by, reserved_at)
          select n, 2021 + (n % 5)::int, ${creator}::bigint,
                 current_date - ((${target}::bigint - i) * ${YEARS_DAYS} / ${target})::int + time '07:00'
          from generate_series(${from}::bigint, ${to}::bigint) as s(i), lateral (select ${base}::bigint + i - ${before} as n) nn`.execute(trx)
        const made = await sql`
          with g as (
            select i, ${base}::bigint + i - ${before} as n, hashint8(i) & 2147483647 as h,
                   current_date - ((${target}::bigint - i) * ${YEARS_DAYS} / ${target})::int as day,
                   case when i > ${staged} then 'staged' when i > ${scheduled} then 'scheduled' when i > ${review} then 'review' else 'completed' end as list
            from generate_series(${from}::bigint, ${to}::bigint) as s(i)
          )
          insert into pretreats (submission_id, pre_treat_number, created_at, created_by, recommended_by, other_name, company_id, storage_id,
            application_notes, destination, upcoming, status, assigned_to, application_date, void, void_comments, state_since, last_modified)
          select gen_random_uuid(), pn.label, g.day + time '15:00' + make_interval(mins => (g.i % 120)::int), ${creator}::bigint,
                 (${applicators}::bigint[])[1 + g.h % ${applicators.length}], 'Grower (by phone)',
                 (${companies}::bigint[])[1 + g.h % ${storages.length}], (${storages}::bigint[])[1 + g.h % ${storages.length}],
                 (${NOTES}::text[])[1 + g.h % ${NOTES.length}], 'Lamb Weston', g.list = 'staged', st.status,
                 case when st.status = 'pending' then null else (${applicators}::bigint[])[1 + g.i % ${applicators.length}] end,
                 case when g.list = 'staged' then null else g.day + 3 end,
                 g.i % 500 = 0 and g.list in ('staged', 'scheduled'), case when g.i % 500 = 0 and g.list in ('staged', 'scheduled') then 'Called off by the grower.' else '' end,
                 g.day + time '15:00' + make_interval(days => case when g.list = 'completed' then 10 else 1 end), g.day + time '15:00'
          from g
          join pretreat_numbers pn on pn.number = g.n
          cross join lateral (
            select case g.list when 'staged' then 'pending' when 'completed' then 'completed'
                               when 'review' then (array['to-review', 'to-review1', 'to-review2'])[1 + g.h % 3]
                               else (array['pending', 'assigned', 'in-progress'])[1 + g.h % 3] end as status
          ) st
          order by g.i`.execute(trx)
        await sql`
          insert into pretreat_chemicals (pretreat_id, product_id, cwt, quantity_requested, quantity_used)
          select p.id, (${products}::bigint[])[1 + p.id % ${products.length}], 50000 + (p.id % 100) * 1000, 12.5, case when p.status in ('to-review', 'to-review1', 'to-review2', 'completed') then 12.5 end
          from pretreats p join pretreat_numbers pn on pn.label = p.pre_treat_number
          where pn.number between ${base + from - before} and ${base + to - before}`.execute(trx)
        inserted += Number(made.numAffectedRows ?? 0)
        log(`  pretreats: ${(before + inserted).toLocaleString('en-US')} / ${target.toLocaleString('en-US')} (with numbers and chemical lines)`)
      }
      await sql`select setval('pretreat_number_seq', (select max(number) from pretreat_numbers))`.execute(trx)
    })
    log(`  pretreats: ${rebuilt.indexes} indexes rebuilt, ${rebuilt.foreignKeys} foreign keys checked`)
  })
  for (const table of TABLES) await sql`vacuum (analyze) ${sql.table(table)}`.execute(db)
  return { before, inserted, seconds: (performance.now() - started) / 1000 }
}
