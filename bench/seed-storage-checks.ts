// Fills the bench database for the storage checks: storages up to 10,000 (the checks-due query is
// timed at that size), then storage_checks up to 1,000,000 rows, with insert … select … from
// generate_series (no rows through Node), as bench/seed-call-ins.ts does.
//
// The added storages belong to the demo growers (not the service company) in turn, with service starts over the last five
// years; checks are spread evenly (by a hash of the row number) over every active storage, so the
// (storage, company) foreign key holds; dates run over the last ~5 years and rise with the id, as
// checks entered day by day do. Most storages are then checked within their interval and some are
// due, as in life. The row_counts triggers keep the unfiltered total exact.
import { sql } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import { FILL_STATUSES, VARIETIES } from '#core/enums.ts'
import { withBulkLoad } from './bulk-load.ts'
import type { SeedResult } from './seed-call-ins.ts'

export const STORAGE_CHECK_TARGET = 1_000_000
export const STORAGE_TARGET = 10_000
const YEARS_DAYS = 5 * 365
const BATCH = 250_000

/** Adds storages until there are `target`, each owned by a demo grower in turn. */
async function seedStorages(db: Executor, target: number): Promise<number> {
  const before = Number((await sql<{ n: string }>`select count(*) as n from storages`.execute(db)).rows[0]!.n)
  if (before >= target) return 0
  const result = await sql`
    with growers as (
      -- the customers: not the service company itself (the one its users belong to)
      select c.id, row_number() over (order by c.id) - 1 as k, count(*) over () as n
      from companies c where c.active and not exists (select 1 from users u where u.company_id = c.id)
    )
    insert into storages (company_id, name, service_start, created_at)
    select g.id, 'Bench Cellar ' || i, current_date - (hashint8(i) & 2147483647)::int % ${YEARS_DAYS}, now() - interval '5 years'
    from generate_series(${before + 1}::bigint, ${target}::bigint) as s(i)
    join growers g on g.k = i % g.n`.execute(db)
  await sql`vacuum (analyze) storages`.execute(db)
  return Number(result.numAffectedRows ?? 0)
}

/** Inserts storages and checks until the tables hold their targets (does nothing when they do). */
export async function seedStorageChecks(db: Executor, options: { target?: number; storages?: number; log?: (line: string) => void } = {}): Promise<SeedResult> {
  const target = options.target ?? STORAGE_CHECK_TARGET
  const log = options.log ?? (() => undefined)
  const started = performance.now()
  const storagesAdded = await seedStorages(db, options.storages ?? STORAGE_TARGET)
  if (storagesAdded) log(`  storages: ${storagesAdded.toLocaleString('en-US')} added`)
  const before = Number((await sql<{ n: string }>`select count(*) as n from storage_checks`.execute(db)).rows[0]!.n)
  if (before >= target) return { before, inserted: 0, seconds: (performance.now() - started) / 1000 }

  const storages = (await sql<{ id: number; company_id: number }>`select id, company_id from storages where active order by id`.execute(db)).rows
  const users = (await sql<{ id: number }>`select id from users where lower(username) in ('tech', 'admin') order by id`.execute(db)).rows.map((r) => r.id)
  if (storages.length === 0 || users.length === 0) throw new Error('No storages or demo users: seed the demo data first.')

  let inserted = 0
  await db.transaction().execute(async (trx) => {
    const rebuilt = await withBulkLoad(trx, ['storage_checks'], async () => {
      for (let from = before + 1; from <= target; from += BATCH) {
        const to = Math.min(target, from + BATCH - 1)
        const result = await sql`
          with st as (
            select t.id, t.company_id, t.k - 1 as k
            from unnest(${storages.map((s) => s.id)}::bigint[], ${storages.map((s) => s.company_id)}::bigint[]) with ordinality as t(id, company_id, k)
          ),
          g as (
            select i,
                   (hashint8(i) & 2147483647) % ${storages.length} as k,
                   current_date - ((${target}::bigint - i) * ${YEARS_DAYS} / ${target})::int as day
            from generate_series(${from}::bigint, ${to}::bigint) as s(i)
          )
          insert into storage_checks (submission_id, company_id, storage_id, created_by, date_inspected, variety, fill_status,
                                      setpoint, runtime_hours, plenum, humidity, pile1, pile2, pile3, pile4, notes, created_at)
          select gen_random_uuid(), st.company_id, st.id, (${users}::bigint[])[1 + g.i % ${users.length}], g.day,
                 (${[...VARIETIES]}::text[])[1 + (hashint8(g.i + 7919) & 2147483647) % ${VARIETIES.length}],
                 (${[...FILL_STATUSES]}::text[])[1 + (hashint8(g.i + 104729) & 2147483647) % ${FILL_STATUSES.length}],
                 45, 12 + g.i % 8, 44.5, 90 + g.i % 9, 45.5, 46, 46.5, 47, 'Bench check',
                 g.day + time '08:00' + make_interval(mins => (g.i % 600)::int)
          from g join st on st.k = g.k
          order by g.i`.execute(trx)
        inserted += Number(result.numAffectedRows ?? 0)
        log(`  storage_checks: ${(before + inserted).toLocaleString('en-US')} / ${target.toLocaleString('en-US')} rows`)
      }
    })
    log(`  storage_checks: ${rebuilt.indexes} indexes rebuilt, ${rebuilt.foreignKeys} foreign keys checked`)
  })
  await sql`vacuum (analyze) storage_checks`.execute(db)
  return { before, inserted, seconds: (performance.now() - started) / 1000 }
}
