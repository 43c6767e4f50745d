// Fills the bench database up to 1,000,000 service sheets, each with its review chain, its tracker
// row and sometimes a part line or two, with insert … select … from generate_series (no rows
// through Node), in one bulk-load transaction (bulk-load.ts).
//
// The mix: sheets spread over every demo storage (alone or with a job) over the last ~5 years,
// dates rising with the number. The newest 40,000 are still in review, at level 1, 2 or 3 (one open
// review each, the levels below approved); all older ones are complete (three approved reviews,
// submitted). About 2.96M reviews, 40,000 of them open. Every sheet number first goes through
// service_sheet_numbers (the sheets' foreign key); the triggers stay on and do their work: the
// number's claim, the reviews' copies of their sheet's date, company, storage and job, row_counts.
import { sql } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import { CALL_REASONS } from '../bin/demo/data.ts'
import { withBulkLoad } from './bulk-load.ts'
import { comboRows, storageCombos, type SeedResult } from './seed-call-ins.ts'
import { SERVICE_TYPES } from '#core/enums.ts'

export const SHEET_TARGET = 1_000_000
/** How many of the newest sheets are still in review. */
const IN_REVIEW = 40_000
const YEARS_DAYS = 5 * 365
const BATCH = 250_000
const TABLES = ['service_sheet_numbers', 'service_sheets', 'service_reviews', 'service_status', 'service_sheet_parts']
const NOTES = [
  'Replaced belt, ran fans 20 minutes, all normal.',
  'Reset breaker, tightened lugs, tested under load.',
  'Cleaned nozzles, pump pressure back to spec.',
  'Adjusted actuator limits, doors close fully.',
  'Checked all sensors against a reference probe.',
]

/** Inserts sheets (with reviews, tracker rows, parts) until there are `target` (nothing when there already are). */
export async function seedServiceSheets(db: Executor, options: { target?: number; log?: (line: string) => void } = {}): Promise<SeedResult> {
  const target = options.target ?? SHEET_TARGET
  const log = options.log ?? (() => undefined)
  const before = Number((await sql<{ n: string }>`select count(*) as n from service_sheets`.execute(db)).rows[0]!.n)
  if (before >= target) return { before, inserted: 0, seconds: 0 }

  const combos = await storageCombos(db)
  if (combos.length === 0) throw new Error('No storages to spread service sheets over: seed the demo data first.')
  const userId = async (names: string[]) =>
    (await sql<{ id: number }>`select id from users where lower(username) = any(${names}) order by array_position(${names}::text[], lower(username))`.execute(db)).rows.map((r) => r.id)
  const techs = await userId(['tech', 'office'])
  const reviewers = await userId(['reviewer1', 'reviewer2', 'reviewer3'])
  if (techs.length === 0 || reviewers.length < 3) throw new Error('The demo users (tech, office, reviewer1–3) are missing: seed the demo data first.')
  const parts = (await sql<{ id: number }>`select id from parts where not is_special order by id`.execute(db)).rows.map((r) => r.id)
  const types = SERVICE_TYPES.filter((t) => t !== 'Other')

  const started = performance.now()
  let inserted = 0
  await db.transaction().execute(async (trx) => {
    // Row i gets the number base + (i − before); the sequence is moved past them afterwards.
    const base = Number((await sql<{ n: string }>`select coalesce(max(number), 1000) as n from service_sheet_numbers`.execute(trx)).rows[0]!.n)
    const rebuilt = await withBulkLoad(trx, TABLES, async () => {
      for (let from = before + 1; from <= target; from += BATCH) {
        const to = Math.min(target, from + BATCH - 1)
        const [lo, hi] = [base + from - before, base + to - before]
        await sql`
          insert into service_sheet_numbers (number, reserved_by, reserved_at)
          select ${base}::bigint + i - ${before}, (${techs}::bigint[])[1 + i % ${techs.length}],
                 current_date - ((${target}::bigint - i) * ${YEARS_DAYS} / ${target})::int + time '07:00'
          from generate_series(${from}::bigint, ${to}::bigint) as s(i)`.execute(trx)
        const sheets = await sql`
          with combo as (${comboRows(combos)}),
          g as (
            select i, hashint8(i) & 2147483647 as h,
                   current_date - ((${target}::bigint - i) * ${YEARS_DAYS} / ${target})::int as day,
                   -- k: the level in review (1..3), or 4 for a complete sheet
                   case when i > ${target - IN_REVIEW} then 1 + (hashint8(i + 1) & 2147483647) % 3 else 4 end as k
            from generate_series(${from}::bigint, ${to}::bigint) as s(i)
          )
          insert into service_sheets (submission_id, service_sheet_number, company_id, storage_id, job_id, created_by, service_date,
            requested_by, service_rendered, other_service, description, notes, travel_hours, labor_hours,
            travel_hours1, travel_hours2, travel_hours3, labor_hours1, labor_hours2, labor_hours3,
            nc1_travel, nc2_travel, nc3_travel, nc1_labor, nc2_labor, nc3_labor, status, created_at, updated_at, state_since)
          select gen_random_uuid(), ${base}::bigint + g.i - ${before}, c.company_id, c.storage_id, c.job_id,
                 (${techs}::bigint[])[1 + g.i % ${techs.length}], g.day, c.requested_by,
                 r.rendered, case when 'Other' = any (r.rendered) then 'Conveyor repair' else '' end,
                 (${CALL_REASONS}::text[])[1 + g.h % ${CALL_REASONS.length}], (${NOTES}::text[])[1 + g.h % ${NOTES.length}],
                 hr.t, hr.l,
                 hr.t * (g.k >= 1)::int, hr.t * (g.k >= 2)::int, hr.t * (g.k >= 3)::int,
                 hr.l * (g.k >= 1)::int, hr.l * (g.k >= 2)::int, hr.l * (g.k >= 3)::int,
                 hr.nt * (g.k >= 1)::int, hr.nt * (g.k >= 2)::int, hr.nt * (g.k >= 3)::int,
                 hr.nl * (g.k >= 1)::int, hr.nl * (g.k >= 2)::int, hr.nl * (g.k >= 3)::int,
                 case when g.k = 4 then 'complete' else 'level_' || g.k || '_review' end,
                 g.day + time '15:00' + make_interval(mins => (g.i % 120)::int), g.day + time '15:00',
                 -- entered its state: a level k review the day its level k−1 was approved, complete three days in
                 g.day + time '15:00' + make_interval(mins => (g.i % 120)::int) + make_interval(days => case when g.k = 4 then 3 else g.k - 1 end)
          from g
          join combo c on c.k = g.h % ${combos.length}
          cross join lateral (
            select case when c.job_id is not null and g.h % 2 = 0 then '{}'::text[]
                        when g.h % 13 = 0 then array['Other', (${types}::text[])[1 + g.h % ${types.length}]]
                        else array[(${types}::text[])[1 + g.h % ${types.length}]] end as rendered
          ) r
          cross join lateral (
            select 0.25 * (1 + g.h % 12) as t, 0.25 * (2 + (g.h / 12) % 30) as l,
                   case when g.i % 7 = 0 then 0.25 else 0 end as nt, case when g.i % 11 = 0 then 0.5 else 0 end as nl
          ) hr
          order by g.i`.execute(trx)
        // level k of a sheet in review is open, the levels below are approved; complete: all three approved
        await sql`
          insert into service_reviews (service_sheet_id, review_level, status, reviewed_by, reviewed_at, created_at)
          select s.id, l, a.status, case when a.status = 'approved' then (${reviewers}::bigint[])[l] end,
                 case when a.status = 'approved' then s.created_at + make_interval(days => l) end, s.created_at + make_interval(days => l - 1)
          from service_sheets s
          cross join lateral (select case when s.status = 'complete' then 3 else substr(s.status, 7, 1)::int end as k) kk
          cross join lateral generate_series(1, kk.k) as l
          cross join lateral (select case when s.status = 'complete' or l < kk.k then 'approved' else 'open' end as status) a
          where s.service_sheet_number between ${lo} and ${hi}`.execute(trx)
        await sql`
          insert into service_status (service_sheet_id, service_sheet_number, called_in_at, review_1_completed, review_2_completed,
            review_3_completed, submitted_completed, submitted_at, created_at)
          select s.id, s.service_sheet_number, s.created_at,
                 s.status in ('level_2_review', 'level_3_review', 'complete'), s.status in ('level_3_review', 'complete'),
                 s.status = 'complete', s.status = 'complete', case when s.status = 'complete' then s.created_at + interval '3 days' end, s.created_at
          from service_sheets s where s.service_sheet_number between ${lo} and ${hi}`.execute(trx)
        // a part line on every fifth sheet, two on every tenth; NC on some, as the levels reached
        await sql`
          insert into service_sheet_parts (service_sheet_id, part_id, quantity, nc1, nc2, nc3, created_at)
          select s.id, (${parts}::bigint[])[1 + ((hashint8(s.id + n) & 2147483647) % ${parts.length})], 1 + (s.id + n) % 3,
                 s.id % 4 = 0, s.id % 4 = 0 and s.status in ('level_2_review', 'level_3_review', 'complete'), s.id % 4 = 0 and s.status in ('level_3_review', 'complete'),
                 s.created_at
          from service_sheets s cross join lateral generate_series(1, case when s.id % 10 = 0 then 2 else 1 end) as n
          where s.service_sheet_number between ${lo} and ${hi} and s.id % 5 = 0 and ${parts.length} > 0`.execute(trx)
        inserted += Number(sheets.numAffectedRows ?? 0)
        log(`  service_sheets: ${(before + inserted).toLocaleString('en-US')} / ${target.toLocaleString('en-US')} (with reviews, tracker rows, parts)`)
      }
      await sql`select setval('service_sheet_number_seq', (select max(number) from service_sheet_numbers))`.execute(trx)
    })
    log(`  service sheets: ${rebuilt.indexes} indexes rebuilt, ${rebuilt.foreignKeys} foreign keys checked`)
  })
  // statistics and the visibility map the index-only counts rely on (autovacuum would do it soon)
  for (const table of TABLES) await sql`vacuum (analyze) ${sql.table(table)}`.execute(db)
  return { before, inserted, seconds: (performance.now() - started) / 1000 }
}
