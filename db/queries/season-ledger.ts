// What a storage's season ledger is counted from (core/season-ledger.ts, decision 0063): the
// product lines of its applied pre-treats in the season (void ones too, listed apart), their
// products' label limits, and the storage's seed flag and planned removal.
import { sql } from 'kysely'
import { PRETREAT_STATE_SETS } from '#core/pretreat-states.ts'
import type { QuantityInputs } from '#core/pretreat-quantities.ts'
import { reentryOf, type Reentry } from '#core/reentry.ts'
import { seasonLedger, type LedgerEntry, type SeasonLedger, type SeasonLimits } from '#core/season-ledger.ts'
import { seasonOf, type Season } from '#core/season.ts'
import type { Executor } from '../client.server.ts'
import { inStates } from './states.ts'
import { userDisplayName } from './users.ts'

const num = (v: string | null) => (v === null ? null : Number(v))

export async function ledgerEntries(db: Executor, storageId: number, season: Season): Promise<LedgerEntry[]> {
  const rows = await db
    .selectFrom('pretreats as p')
    .innerJoin('pretreat_chemicals as c', 'c.pretreat_id', 'p.id')
    .innerJoin('products as pr', 'pr.id', 'c.product_id')
    .innerJoin('storages as s', 's.id', 'p.storage_id')
    // the grower: as its record kept it at completion, else the storage's grower now (else its owner)
    .innerJoin('companies as g', (join) => join.on(sql`g.id`, '=', sql`coalesce(s.grower_id, p.company_id)`))
    .leftJoin('application_records as r', 'r.pretreat_id', 'p.id')
    .leftJoin('applicators as a', 'a.id', 'p.assigned_to')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'p.id as pretreat_id', 'p.pre_treat_number', 'p.application_date', 'p.stop_time', 'p.void', sql<string>`coalesce(r.grower_name, g.company_name)`.as('grower_name'),
      sql<string>`case when u.id is null then '' else ${userDisplayName('u')} end`.as('applicator_name'),
      sql<string>`coalesce(a.license, '')`.as('applicator_licence'),
      'pr.id as product_id', 'pr.product_name', 'pr.registration', 'pr.units', 'pr.ppm_constant', 'c.cwt', 'c.quantity_used',
    ])
    .where('p.storage_id', '=', storageId)
    .where(inStates('p.status', PRETREAT_STATE_SETS.applied))
    .where('p.application_date', '>=', season.start)
    .where('p.application_date', '<', season.end)
    .orderBy('p.application_date')
    .orderBy('c.id')
    .execute()
  return rows.map((r) => ({
    ...r,
    application_date: r.application_date!,
    units: r.units as QuantityInputs['units'],
    ppm_constant: num(r.ppm_constant),
    cwt: Number(r.cwt),
    quantity_used: num(r.quantity_used),
  }))
}

export async function seasonLimits(db: Executor, productIds: readonly number[]): Promise<SeasonLimits[]> {
  if (productIds.length === 0) return []
  const rows = await db
    .selectFrom('products')
    .select(['id as product_id', 'product_name', 'units', 'max_total_per_season', 'max_total_basis', 'max_applications_per_season', 'min_days_between', 'min_days_before_removal', 'not_for_seed'])
    .where('id', 'in', [...new Set(productIds)])
    .execute()
  return rows.map((r) => ({
    ...r,
    units: r.units as QuantityInputs['units'],
    max_total_per_season: num(r.max_total_per_season),
  }))
}

/** The seasons a storage has applications in, newest first. */
export async function ledgerSeasons(db: Executor, storageId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('pretreats')
    .select(sql<string>`min(application_date)`.as('first'))
    .select(sql<string>`max(application_date)`.as('last'))
    .where('storage_id', '=', storageId)
    .where(inStates('status', PRETREAT_STATE_SETS.applied))
    .where('application_date', 'is not', null)
    .executeTakeFirst()
  if (!rows?.first || !rows.last) return []
  const years: number[] = []
  for (let year = seasonOf(rows.last).year; year >= seasonOf(rows.first).year; year--) years.push(year)
  return years
}

/** The re-entry of the storage's latest application (void ones left out), or null when it has none or its label sets none. */
export async function latestReentry(db: Executor, storageId: number): Promise<(Reentry & { pretreat_id: number; pre_treat_number: string }) | null> {
  const latest = await db
    .selectFrom('pretreats')
    .select(['id', 'pre_treat_number', 'application_date', 'stop_time'])
    .where('storage_id', '=', storageId)
    .where(inStates('status', PRETREAT_STATE_SETS.applied))
    .where('void', '=', false)
    .where('application_date', 'is not', null)
    .orderBy('application_date', 'desc')
    .orderBy('stop_time', (ob) => ob.desc().nullsLast())
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!latest) return null
  const products = await db
    .selectFrom('pretreat_chemicals as c')
    .innerJoin('products as pr', 'pr.id', 'c.product_id')
    .select(['pr.product_name', 'pr.reentry_hours'])
    .where('c.pretreat_id', '=', latest.id)
    .execute()
  const reentry = reentryOf(latest.application_date, latest.stop_time, products.map((p) => ({ product_name: p.product_name, reentry_hours: num(p.reentry_hours) })))
  return reentry ? { ...reentry, pretreat_id: latest.id, pre_treat_number: latest.pre_treat_number } : null
}

/** The storage's ledger for the season; null when there is no such storage. */
export async function storageSeasonLedger(db: Executor, storageId: number, season: Season): Promise<SeasonLedger | null> {
  const [storage, entries] = await Promise.all([
    db.selectFrom('storages').select(['seed', 'planned_removal']).where('id', '=', storageId).executeTakeFirst(),
    ledgerEntries(db, storageId, season),
  ])
  if (!storage) return null
  const limits = await seasonLimits(db, entries.map((e) => e.product_id))
  return seasonLedger(season, entries, limits, storage)
}
