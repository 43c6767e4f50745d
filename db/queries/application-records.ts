// Application records (migration 0025, decision 0042): the facts of one pre-treat that its record
// is made from, the kept record (header and product lines), and the season totals.
import { sql } from 'kysely'
import type { RecordFacts } from '#core/application-record.ts'
import type { QuantityInputs } from '#core/pretreat-quantities.ts'
import type { Executor } from '../client.server.ts'
import type { ApplicationRecordProductsTable, ApplicationRecordsTable } from '../schema.ts'
import { userDisplayName } from './users.ts'
import type { Insertable } from 'kysely'

const num = (v: string | null) => (v === null ? null : Number(v))

/** What the pre-treat's record is made of, read now; null when there is no such pre-treat. */
export async function recordFactsOf(db: Executor, pretreatId: number) {
  const head = await db
    .selectFrom('pretreats as p')
    .innerJoin('storages as s', 's.id', 'p.storage_id')
    // the grower: the storage's grower when it names one, else the company that owns the storage
    .innerJoin('companies as g', (join) => join.on(sql`g.id`, '=', sql`coalesce(s.grower_id, p.company_id)`))
    .innerJoin('applicators as ra', 'ra.id', 'p.recommended_by')
    .innerJoin('users as ru', 'ru.id', 'ra.user_id')
    .leftJoin('applicators as aa', 'aa.id', 'p.assigned_to')
    .leftJoin('users as au', 'au.id', 'aa.user_id')
    .select([
      'p.id',
      'p.pre_treat_number',
      'p.status',
      'p.void',
      'p.void_comments',
      'p.sheet_submit_id',
      'p.created_at',
      'g.company_name as grower_name',
      'g.address as grower_address',
      's.name as storage_name',
      's.address as storage_address',
      's.gps_lat',
      's.gps_lng',
      'p.variety',
      'p.treated_for',
      'p.application_date',
      'p.start_time',
      'p.stop_time',
      'p.wind_speed',
      'p.wind_direction',
      userDisplayName('ru').as('recommended_by_name'),
      sql<string | null>`case when au.id is null then null else ${userDisplayName('au')} end`.as('applicator_name'),
      'aa.license as applicator_licence',
    ])
    .where('p.id', '=', pretreatId)
    .executeTakeFirst()
  if (!head) return null
  const lines = await db
    .selectFrom('pretreat_chemicals as c')
    .innerJoin('products as pr', 'pr.id', 'c.product_id')
    .select(['pr.product_name', 'pr.registration', 'pr.units', 'pr.ppm_constant', 'c.cwt', 'c.quantity_used', 'pr.supplier', 'pr.reentry_hours'])
    .where('c.pretreat_id', '=', pretreatId)
    .orderBy('c.id')
    .execute()
  const facts: RecordFacts = {
    grower_name: head.grower_name,
    grower_address: head.grower_address,
    storage_name: head.storage_name,
    storage_address: head.storage_address,
    gps_lat: num(head.gps_lat),
    gps_lng: num(head.gps_lng),
    variety: head.variety,
    treated_for: head.treated_for,
    products: lines.map((l) => ({
      product_name: l.product_name,
      registration: l.registration,
      units: l.units as QuantityInputs['units'],
      ppm_constant: num(l.ppm_constant),
      cwt: Number(l.cwt),
      quantity_used: num(l.quantity_used),
      supplier: l.supplier,
      reentry_hours: num(l.reentry_hours),
    })),
    application_date: head.application_date,
    start_time: head.start_time,
    stop_time: head.stop_time,
    wind_speed: num(head.wind_speed),
    wind_direction: head.wind_direction,
    recommended_by_name: head.recommended_by_name,
    applicator_name: head.applicator_name,
    applicator_licence: head.applicator_licence,
  }
  return { pretreat: head, facts }
}

export type RecordHeader = Omit<Insertable<ApplicationRecordsTable>, 'id' | 'kept_at'>
export type RecordLine = Omit<Insertable<ApplicationRecordProductsTable>, 'record_id'>

/** Writes the pre-treat's record (or rewrites it: header updated, lines replaced; the totals trigger follows). */
export async function saveApplicationRecord(trx: Executor, header: RecordHeader, lines: RecordLine[]): Promise<number> {
  const { pretreat_id: _, ...changes } = header
  const { id } = await trx
    .insertInto('application_records')
    .values(header)
    .onConflict((oc) => oc.column('pretreat_id').doUpdateSet({ ...changes, kept_at: new Date() }))
    .returning('id')
    .executeTakeFirstOrThrow()
  await trx.deleteFrom('application_record_products').where('record_id', '=', id).execute()
  if (lines.length)
    await trx
      .insertInto('application_record_products')
      .values(lines.map((l) => ({ ...l, record_id: id })))
      .execute()
  return id
}

export async function recordOfPretreat(db: Executor, pretreatId: number) {
  return db.selectFrom('application_records').selectAll().where('pretreat_id', '=', pretreatId).executeTakeFirst()
}

/** One kept record with its product lines (the PDF). */
export async function applicationRecordById(db: Executor, id: number) {
  const record = await db.selectFrom('application_records').selectAll().where('id', '=', id).executeTakeFirst()
  if (!record) return null
  const products = await db.selectFrom('application_record_products').selectAll().where('record_id', '=', id).orderBy('position').execute()
  return { ...record, lines: products }
}

export type ApplicationRecord = NonNullable<Awaited<ReturnType<typeof applicationRecordById>>>

/** The season's totals by grower, applicator licence and product (completed records only, voids left out). */
export async function seasonTotals(db: Executor, season: number) {
  return seasonTotalsQuery(db, season).execute()
}

/** seasonTotals' query, not yet run (the bench times it raw). */
export function seasonTotalsQuery(db: Executor, season: number) {
  return db
    .selectFrom('application_record_totals')
    .select(['grower_name', 'applicator_licence', 'product_name', 'units', 'cwt', 'quantity', 'applications'])
    .where('season', '=', season)
    .orderBy('grower_name')
    .orderBy('applicator_licence')
    .orderBy('product_name')
    .orderBy('units')
}

export type SeasonTotal = Awaited<ReturnType<typeof seasonTotals>>[number]

/** The same figures counted again from the lines: what the kept totals must equal (tests, the bench's floor). */
export async function seasonRecount(db: Executor, season: number) {
  return db
    .selectFrom('application_record_products')
    .select(['grower_name', 'applicator_licence', 'product_name', 'units'])
    .select((eb) => [sql<string>`sum(cwt)`.as('cwt'), sql<string>`sum(coalesce(quantity_used, 0))`.as('quantity'), eb.fn.countAll<number>().as('applications')])
    .where('season', '=', season)
    .where('counted', '=', true)
    .groupBy(['grower_name', 'applicator_licence', 'product_name', 'units'])
    .orderBy('grower_name')
    .orderBy('applicator_licence')
    .orderBy('product_name')
    .orderBy('units')
    .execute()
}

/** The seasons that have records, newest first (the picker offers them beside the current one). */
export async function recordSeasons(db: Executor): Promise<number[]> {
  const rows = await db.selectFrom('application_record_totals').select('season').distinct().orderBy('season', 'desc').execute()
  return rows.map((r) => r.season)
}
