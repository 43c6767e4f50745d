// Fills the bench database with an application record for every completed pre-treat that has none
// (after bench/seed-pretreats.ts: about 994,000 of 1,000,000), with insert … select (no rows through
// Node), in one bulk-load transaction (bulk-load.ts). The records are snapshots, so their names are
// made up here to spread the season summary as a real business would: 150 growers, 12 applicator
// licences (each grower served by two), the demo's products (one line each), over the pre-treats' ~5 years of dates (6 seasons).
// One in 500 is void (left out of the totals). The totals trigger is off during the load and the
// totals are rebuilt from the lines at the end (application_record_totals_rebuild(), migration 0025).
import { sql } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import { withBulkLoad } from './bulk-load.ts'
import type { SeedResult } from './seed-call-ins.ts'

const TABLES = ['application_records', 'application_record_products']
const GROWERS = 150
const LICENCES = 12

export async function seedApplicationRecords(db: Executor, options: { log?: (line: string) => void } = {}): Promise<SeedResult> {
  const log = options.log ?? (() => undefined)
  const count = async (ex: Executor, query: ReturnType<typeof sql<{ n: string }>>) => Number((await query.execute(ex)).rows[0]!.n)
  const before = await count(db, sql`select count(*) as n from application_records`)
  const missing = await count(db, sql`select count(*) as n from pretreats p where p.status = 'completed' and not exists (select 1 from application_records r where r.pretreat_id = p.id)`)
  if (missing === 0) return { before, inserted: 0, seconds: 0 }
  const products = (await sql<{ product_name: string; registration: string; units: string }>`select product_name, registration, units from products where active order by id`.execute(db)).rows
  if (products.length === 0) throw new Error('No products: seed the demo data first.')
  const names = products.map((p) => p.product_name)
  const regs = products.map((p) => p.registration)
  const units = products.map((p) => p.units)

  const started = performance.now()
  let inserted = 0
  await db.transaction().execute(async (trx) => {
    const lastBefore = await count(trx, sql`select coalesce(max(id), 0) as n from application_records`)
    await sql`alter table application_record_products disable trigger application_record_totals_track`.execute(trx)
    await withBulkLoad(trx, TABLES, async () => {
      const made = await sql`
        insert into application_records (pretreat_id, pre_treat_number, state, void_reason, season, grower_name, grower_address, storage_name, site,
          variety, cwt, products, epa_registrations, amounts, rates, application_date, start_time, stop_time, wind_speed, wind_direction,
          recommended_by_name, applicator_name, applicator_licence, kept_at)
        select p.id, p.pre_treat_number, case when p.id % 500 = 0 then 'void' else 'completed' end,
               case when p.id % 500 = 0 then 'Pile shipped before the restart.' else '' end,
               (extract(year from d.day)::int - case when extract(month from d.day) < 7 then 1 else 0 end)::smallint,
               'Grower ' || lpad((h.g % ${GROWERS})::text, 3, '0'), (h.g % 900 + 100)::text || ' N Main St, Rupert, ID',
               'Cellar ' || (h.g % 97)::text, (h.g % 900 + 100)::text || ' W 400 S, Rupert, ID',
               p.variety, c.cwt, (${names}::text[])[1 + h.k], (${regs}::text[])[1 + h.k], c.quantity_used::text, '',
               d.day, time '08:00', time '11:30', 4 + p.id % 9, (array['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'])[1 + p.id % 8],
               'Applicator ' || h.l::text, 'Applicator ' || h.l::text, 'ID-PA-' || lpad(h.l::text, 5, '0'),
               d.day + time '18:00'
        from pretreats p
        join pretreat_chemicals c on c.pretreat_id = p.id
        cross join lateral (select coalesce(p.application_date, p.created_at::date) as day) d
        cross join lateral (select (hashint8(p.id) & 2147483647) as g, ((hashint8(p.id) & 2147483647) % ${GROWERS} + p.id % 2) % ${LICENCES} as l, (p.id % ${products.length})::int as k) h
        where p.status = 'completed' and not exists (select 1 from application_records r where r.pretreat_id = p.id)`.execute(trx)
      inserted = Number(made.numAffectedRows ?? 0)
      log(`  application records: ${inserted.toLocaleString('en-US')} added`)
      await sql`
        insert into application_record_products (record_id, position, product_name, epa_registration, units, cwt, quantity_used, season, grower_name, applicator_licence, counted)
        select r.id, 0, r.products, r.epa_registrations, (${units}::text[])[array_position(${names}::text[], r.products)], r.cwt, nullif(r.amounts, '')::numeric,
               r.season, r.grower_name, r.applicator_licence, r.state = 'completed'
        from application_records r
        where r.id > ${lastBefore}`.execute(trx)
    })
    await sql`alter table application_record_products enable trigger application_record_totals_track`.execute(trx)
    await sql`select application_record_totals_rebuild()`.execute(trx)
  })
  for (const table of [...TABLES, 'application_record_totals']) await sql`vacuum (analyze) ${sql.table(table)}`.execute(db)
  return { before, inserted, seconds: (performance.now() - started) / 1000 }
}
