// Fills the bench database's receipts up to a target row count (1,000,000 by default) with
// insert … select … from generate_series (copied from seed-call-ins.ts): a few statements, no rows
// through Node.
//
// Types take turns (Fuel, Expenses, Parts); a Fuel receipt has one of the demo trucks and a
// mileage, an Expenses receipt a customer and an event, a Parts receipt a customer one time in two.
// Dates run over the last ~5 years and rise with the id, as receipts entered day by day do.
import { sql } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import { withBulkLoad } from './bulk-load.ts'
import type { SeedResult } from './seed-call-ins.ts'

export const RECEIPT_TARGET = 1_000_000
const YEARS_DAYS = 5 * 365
const BATCH = 250_000

const LOCATIONS = [
  'Maverik, Rexburg',
  'Sinclair, Shelley',
  'Chevron, Idaho Falls',
  'Frontier Pies, Rexburg',
  'Grainger, Idaho Falls',
  'Napa Auto Parts, Rigby',
  'Snake River Landing',
  'Common Cents, Ririe',
]
const EVENTS = ['Grower lunch', 'Harvest meeting', 'Season kickoff dinner', 'Storage walk-through']

const idsOf = async (db: Executor, query: ReturnType<typeof sql<{ id: number }>>) => (await query.execute(db)).rows.map((r) => r.id)

/** Inserts receipts until the table holds `target` rows (does nothing when it already does). */
export async function seedReceipts(db: Executor, options: { target?: number; log?: (line: string) => void } = {}): Promise<SeedResult> {
  const target = options.target ?? RECEIPT_TARGET
  const log = options.log ?? (() => undefined)
  const before = Number((await sql<{ n: string }>`select count(*) as n from receipts`.execute(db)).rows[0]!.n)
  if (before >= target) return { before, inserted: 0, seconds: 0 }

  const trucks = await idsOf(db, sql<{ id: number }>`select id from trucks order by id`)
  const customers = await idsOf(db, sql<{ id: number }>`select id from companies order by id`)
  const users = await idsOf(db, sql<{ id: number }>`select id from users where lower(username) in ('tech', 'admin') order by id`)
  if (trucks.length === 0 || customers.length === 0 || users.length === 0) throw new Error('No trucks, customers or users to spread receipts over: seed the demo data first.')

  const started = performance.now()
  let inserted = 0
  await db.transaction().execute(async (trx) => {
    const rebuilt = await withBulkLoad(trx, ['receipts'], async () => {
      for (let from = before + 1; from <= target; from += BATCH) {
        const to = Math.min(target, from + BATCH - 1)
        const result = await sql`
          with g as (
            select i,
                   (array['Fuel', 'Expenses', 'Parts'])[1 + i % 3] as type,
                   hashint8(i) & 2147483647 as h,
                   current_date - ((${target}::bigint - i) * ${YEARS_DAYS} / ${target})::int as day
            from generate_series(${from}::bigint, ${to}::bigint) as s(i)
          )
          insert into receipts (submission_id, type, date, location, total_amount, truck_id, mileage, customer_id, event, is_food, created_by, created_at)
          select gen_random_uuid(), g.type, g.day,
                 (${LOCATIONS}::text[])[1 + g.h % ${LOCATIONS.length}],
                 (g.h % 50000) / 100.0,
                 case when g.type = 'Fuel' then (${trucks}::bigint[])[1 + g.h % ${trucks.length}] end,
                 case when g.type = 'Fuel' then 10000 + g.i % 200000 end,
                 case when g.type = 'Expenses' or (g.type = 'Parts' and g.i % 2 = 0) then (${customers}::bigint[])[1 + (g.h / 7) % ${customers.length}] end,
                 case when g.type = 'Expenses' then (${EVENTS}::text[])[1 + g.h % ${EVENTS.length}] else '' end,
                 case when g.type = 'Expenses' then g.i % 2 = 0 end,
                 (${users}::bigint[])[1 + g.i % ${users.length}],
                 g.day + time '12:00'
          from g
          order by g.i`.execute(trx)
        inserted += Number(result.numAffectedRows ?? 0)
        log(`  receipts: ${(before + inserted).toLocaleString('en-US')} / ${target.toLocaleString('en-US')} rows`)
      }
    })
    log(`  receipts: ${rebuilt.indexes} indexes rebuilt, ${rebuilt.foreignKeys} foreign keys checked`)
  })
  await sql`vacuum (analyze) receipts`.execute(db)
  return { before, inserted, seconds: (performance.now() - started) / 1000 }
}
