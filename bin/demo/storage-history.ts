// Years of history for one storage, and the demo's share of it. seedStorageHistory adds storage
// checks with readings (some with a photo), call-ins, service sheets at every review state and
// pre-treats with their application dates and a chemical line (some with a restart), spread evenly over `seasons`
// seasons (July–June) ending with `lastSeason`: one insert … select … from generate_series per
// table, so the bench's 10 seasons (bench/storage-detail.ts) take well under a second. The storage
// detail tests use it too.
//
// The demo (seedDemoStorageHistory): two past seasons of checks and pre-treats at one storage, so
// its detail page has a Conditions chart, a Pre Treats list and a Timeline worth looking at
// (Home Place Cellar). No call-ins or sheets: the demo's own are counted elsewhere. Safe to run
// again: the storage's seeded checks say it is done.
import { sql } from 'kysely'
import { seasonOf } from '#core/season.ts'
import type { Executor } from '#db/client.server.ts'

export interface StorageHistory {
  seasons: number
  /** the newest season's starting year (season 2025 = 2025-07-01 … 2026-06-30) */
  lastSeason: number
  checks: number
  calls: number
  sheets: number
  pretreats: number
  /** every n-th check gets a photo (0: none) */
  photoEvery?: number
}

/** the note on every check the seeder makes (the demo tells by it that it has run) */
export const SEEDED_CHECK_NOTE = 'Pile looks good; fans on schedule.'

/**
 * Adds the history to the storage, made by `userId` (a tech) and recommended by `applicatorId`.
 * Not idempotent: call it once per storage (the callers check whether the storage has history).
 */
export async function seedStorageHistory(db: Executor, storageId: number, who: { userId: number; applicatorId: number }, h: StorageHistory): Promise<void> {
  const { userId, applicatorId } = who
  const first = `${h.lastSeason - h.seasons + 1}-07-15`
  const days = h.seasons * 365 - 60
  /** the i-th of n things: a day from mid-July of the first season to mid-May of the last */
  const day = (n: number) => sql`${first}::date + ((i - 1) * ${days} / greatest(${n} - 1, 1))::int`
  const storage = await db.selectFrom('storages').select(['company_id']).where('id', '=', storageId).executeTakeFirstOrThrow()
  const company = storage.company_id

  await db.transaction().execute(async (trx) => {
    await sql`
      insert into storage_checks (submission_id, company_id, storage_id, created_by, date_inspected, variety, fill_status,
        setpoint, runtime_hours, plenum, humidity, pile1, pile2, pile3, pile4, notes, created_at)
      select gen_random_uuid(), ${company}, ${storageId}, ${userId}, d, 'Russet - Process', (array['Full', '3/4 Full', '1/2 Full'])[1 + i % 3],
             45, 8 + i % 10, round((44 + 3 * sin(i / 7.0))::numeric, 1), round((93 + 4 * cos(i / 5.0))::numeric, 1),
             round((46 + 2 * sin(i / 6.0))::numeric, 1), round((46.5 + 2 * sin(i / 6.5))::numeric, 1),
             round((47 + 2 * cos(i / 6.0))::numeric, 1), case when i % 9 = 0 then null else round((45.5 + 2 * cos(i / 7.0))::numeric, 1) end,
             ${SEEDED_CHECK_NOTE}, d + time '10:00'
      from generate_series(1, ${h.checks}) as s(i) cross join lateral (select ${day(h.checks)} as d) x`.execute(trx)
    if (h.photoEvery) {
      await sql`
        with c as (
          select id, date_inspected, row_number() over (order by date_inspected, id) as n from storage_checks where storage_id = ${storageId}
        ), b as (
          insert into blobs (id, area, key, filename, content_type, size_bytes, created_by, created_at)
          select gen_random_uuid(), 'storage_checks', 'storage_checks/history-' || ${storageId} || '-' || c.id || '.png', 'pile-' || c.id || '.png', 'image/png', 68, ${userId}, c.date_inspected + time '10:05'
          from c where c.n % ${h.photoEvery} = 0
          returning id, key
        )
        insert into storage_check_images (storage_check_id, blob_id)
        select substring(b.key from '-(\\d+)\\.png$')::bigint, b.id from b`.execute(trx)
    }
    await sql`
      insert into call_ins (submission_id, company_id, storage_id, created_by, call_in_date, requested_by, description, got_it, created_at)
      select gen_random_uuid(), ${company}, ${storageId}, ${userId}, d, 'Grower', (array['Fan 2 tripped overnight.', 'Humidity low in the plenum.', 'Door actuator stuck open.'])[1 + i % 3], true, d + time '08:00'
      from generate_series(1, ${h.calls}) as s(i) cross join lateral (select ${day(h.calls)} + 1 as d) x`.execute(trx)
    if (h.sheets > 0) {
      const base = Number((await sql<{ n: string }>`select coalesce(max(number), 1000) as n from service_sheet_numbers`.execute(trx)).rows[0]!.n)
      await sql`
        insert into service_sheet_numbers (number) select ${base}::bigint + i from generate_series(1, ${h.sheets}) as s(i)`.execute(trx)
      await sql`select setval('service_sheet_number_seq', greatest((select max(number) from service_sheet_numbers), nextval('service_sheet_number_seq')))`.execute(trx)
      // the newest three are still in review, one at each level; the others are complete
      await sql`
        insert into service_sheets (submission_id, service_sheet_number, company_id, storage_id, created_by, service_date, requested_by,
          service_rendered, description, notes, travel_hours, labor_hours, status, created_at, updated_at)
        select gen_random_uuid(), ${base}::bigint + i, ${company}, ${storageId}, ${userId}, d, 'Grower', array['Fan'],
               (array['Replaced fan belt.', 'Serviced humidifier pump.', 'Adjusted door limits.'])[1 + i % 3], 'All normal after service.', 1, 2,
               case when i > ${h.sheets} - 3 then 'level_' || (${h.sheets} - i + 1) || '_review' else 'complete' end, d + time '15:00', d + time '15:00'
        from generate_series(1, ${h.sheets}) as s(i) cross join lateral (select ${day(h.sheets)} + 2 as d) x`.execute(trx)
    }
    // pre-treats: numbers first (their foreign key), then the sheets, completed but the newest
    await sql`
      with n as (
        insert into pretreat_numbers (year)
        select extract(year from ${day(h.pretreats)} + 20)::smallint from generate_series(1, ${h.pretreats}) as s(i)
        returning label, number
      ), g as (
        select label, row_number() over (order by number) as i from n
      )
      insert into pretreats (submission_id, status, pre_treat_number, created_at, created_by, recommended_by, other_name, company_id, storage_id,
        application_notes, application_date, assigned_to, last_modified)
      select gen_random_uuid(), case when g.i = ${h.pretreats} then 'to-review' else 'completed' end, g.label, d - 7 + time '09:00', ${userId}, ${applicatorId}, 'Grower',
             ${company}, ${storageId}, 'Apply through the south fan house.', d, ${applicatorId}, d + time '17:00'
      from g cross join lateral (select ${sql`${first}::date + ((g.i - 1) * ${days} / greatest(${h.pretreats} - 1, 1))::int`} + 20 as d) x`.execute(trx)
    await seedChemicalLines(trx, storageId)
    await sql`
      insert into restarts (pretreat_id, remote, running, cleaned_up, comments, completed_at, completed_by, created_at)
      select id, true, true, true, 'Fans back on; storage closed up.', application_date + 2 + time '11:00', ${userId}, application_date + 1 + time '08:00'
      from pretreats where storage_id = ${storageId} and status = 'completed' and id % 3 = 0
      on conflict (pretreat_id) do nothing`.execute(trx)
  })
}

/**
 * A chemical line for each of the storage's pre-treats that has none: 20 ppm of the demo's
 * 1,4SIGHT (where there is one; else the first product) on 60,000 cwt, so the storage's season
 * ledger has its figures. Safe to run again; a history seeded before lines were added gets them.
 */
export async function seedChemicalLines(db: Executor, storageId: number): Promise<void> {
  await sql`
    insert into pretreat_chemicals (pretreat_id, product_id, cwt, quantity_requested, quantity_used)
    select p.id, pr.id, 60000, 1828.5714, 1828.5714
    from pretreats p cross join (select id from products order by (product_name = '1,4SIGHT') desc, id limit 1) pr
    where p.storage_id = ${storageId} and not exists (select 1 from pretreat_chemicals c where c.pretreat_id = p.id)`.execute(db)
}

export const HISTORY_STORAGE = 'Home Place Cellar'

/** Returns how many storage checks it added (0 when the history is there already). */
export async function seedDemoStorageHistory(db: Executor, today: Date): Promise<number> {
  const storage = await db.selectFrom('storages').select('id').where('name', '=', HISTORY_STORAGE).orderBy('id').executeTakeFirst()
  const tech = await db.selectFrom('users').select('id').where('username', '=', 'tech').executeTakeFirst()
  const applicator = await db.selectFrom('applicators').select('id').orderBy('id').executeTakeFirst()
  if (!storage || !tech || !applicator) return 0
  const done = await db.selectFrom('storage_checks').select('id').where('storage_id', '=', storage.id).where('notes', '=', SEEDED_CHECK_NOTE).executeTakeFirst()
  if (done) {
    await seedChemicalLines(db, storage.id)
    return 0
  }
  const checks = 40
  await seedStorageHistory(
    db,
    storage.id,
    { userId: tech.id, applicatorId: applicator.id },
    { seasons: 2, lastSeason: seasonOf(today).year - 1, checks, calls: 0, sheets: 0, pretreats: 4, photoEvery: 0 },
  )
  return checks
}
