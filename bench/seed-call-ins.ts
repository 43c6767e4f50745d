// Fills the bench database's call_ins up to a target row count (1,000,000 by default) with
// insert … select … from generate_series: a few statements, no rows through Node.
//
// Rows are spread evenly (by a hash of the row number) over every demo storage of every grower,
// alone or with one of that storage's jobs, so the composite foreign keys hold; dates run over the
// last ~5 years and rise with the id, as call-ins entered day by day do. The row_counts triggers
// (statement-level, transition tables) count each statement's rows, so the unfiltered total stays
// exact; `verifyRowCount` (bulk-load.ts) checks that against count(*).
import { sql } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import { CALL_REASONS } from '../bin/demo/data.ts'
import { withBulkLoad } from './bulk-load.ts'

export const CALL_IN_TARGET = 1_000_000
const YEARS_DAYS = 5 * 365
const BATCH = 250_000

export interface SeedResult {
  before: number
  inserted: number
  seconds: number
}

export interface Combo {
  company_id: number
  storage_id: number
  job_id: number | null
  requested_by: string
}

/** Every valid (company, storage, job) combination: each storage alone, and with each of its jobs. */
export async function storageCombos(db: Executor): Promise<Combo[]> {
  const result = await sql<Combo>`
    select s.company_id, s.id as storage_id, j.id as job_id,
           coalesce((select ct.name from contacts ct where ct.company_id = s.company_id order by ct.id limit 1), 'Grower') as requested_by
    from storages s
    left join lateral (
      select null::bigint as id
      union all
      select jobs.id from jobs where jobs.storage_id = s.id and jobs.company_id = s.company_id
    ) j on true
    order by s.id, j.id nulls first`.execute(db)
  return result.rows
}

/** The combinations as rows (company_id, storage_id, job_id, requested_by, k = 0…n−1), for a `with combo as (…)`. */
export function comboRows(combos: readonly Combo[]) {
  return sql`
    select t.company_id, t.storage_id, t.job_id, t.requested_by, t.k - 1 as k
    from unnest(${combos.map((c) => c.company_id)}::bigint[], ${combos.map((c) => c.storage_id)}::bigint[],
                ${combos.map((c) => c.job_id)}::bigint[], ${combos.map((c) => c.requested_by)}::text[])
         with ordinality as t(company_id, storage_id, job_id, requested_by, k)`
}

/** Inserts call-ins until the table holds `target` rows (does nothing when it already does). */
export async function seedCallIns(db: Executor, options: { target?: number; log?: (line: string) => void } = {}): Promise<SeedResult> {
  const target = options.target ?? CALL_IN_TARGET
  const log = options.log ?? (() => undefined)
  const before = Number((await sql<{ n: string }>`select count(*) as n from call_ins`.execute(db)).rows[0]!.n)
  if (before >= target) return { before, inserted: 0, seconds: 0 }

  const combos = await storageCombos(db)
  if (combos.length === 0) throw new Error('No storages to spread call-ins over: seed the demo data first.')
  const users = (await sql<{ id: number }>`select id from users where lower(username) in ('tech', 'office') order by id`.execute(db)).rows.map((r) => r.id)
  if (users.length === 0) throw new Error('The demo users tech and office are missing: seed the demo data first.')

  const started = performance.now()
  let inserted = 0
  // One transaction, as a bulk load (bench/bulk-load.ts).
  await db.transaction().execute(async (trx) => {
    const rebuilt = await withBulkLoad(trx, ['call_ins'], async () => {
      // Row numbers before+1 … target: row i's date is (target − i)/target of five years ago.
      for (let from = before + 1; from <= target; from += BATCH) {
        const to = Math.min(target, from + BATCH - 1)
        const result = await sql`
          with combo as (${comboRows(combos)}),
          g as (
            select i,
                   (hashint8(i) & 2147483647) % ${combos.length} as k,
                   current_date - ((${target}::bigint - i) * ${YEARS_DAYS} / ${target})::int as day
            from generate_series(${from}::bigint, ${to}::bigint) as s(i)
          )
          insert into call_ins (submission_id, company_id, storage_id, job_id, created_by, call_in_date, requested_by, description, got_it, created_at)
          select gen_random_uuid(), combo.company_id, combo.storage_id, combo.job_id,
                 (${users}::bigint[])[1 + g.i % ${users.length}],
                 g.day, combo.requested_by,
                 (${CALL_REASONS}::text[])[1 + (hashint8(g.i + 7919) & 2147483647) % ${CALL_REASONS.length}],
                 g.day < current_date - 10 or g.i % 2 = 0,
                 g.day + time '07:00' + make_interval(mins => (g.i % 600)::int)
          from g join combo on combo.k = g.k
          order by g.i`.execute(trx)
        inserted += Number(result.numAffectedRows ?? 0)
        log(`  call_ins: ${(before + inserted).toLocaleString('en-US')} / ${target.toLocaleString('en-US')} rows`)
      }
    })
    log(`  call_ins: ${rebuilt.indexes} indexes rebuilt, ${rebuilt.foreignKeys} foreign keys checked`)
  })
  // The planner's statistics, and the visibility map the index-only counts rely on. Autovacuum
  // does the same on its own shortly after a bulk insert; doing it now keeps the figures steady.
  await sql`vacuum (analyze) call_ins`.execute(db)
  return { before, inserted, seconds: (performance.now() - started) / 1000 }
}
