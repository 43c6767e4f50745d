// The season's reads (decision 0063; issue 39: one home), judged by core/season-check.ts: what a
// storage's season holds so far (seasonSoFar) — read for the pre-treat form's dose check, the
// assign window, the board and the review (pretreatSeasonCheck, seasonChecksOf) — and what its
// ledger is counted from: the product lines of its applied pre-treats in the season (void ones too,
// listed apart), their products' label limits, and the storage's seed flag and planned removal.
import { sql } from 'kysely'
import { PRETREAT_STATE_SETS } from '#core/pretreat-states.ts'
import type { QuantityInputs } from '#core/pretreat-quantities.ts'
import { reentryOf, type Reentry } from '#core/reentry.ts'
import { linesDoseWarnings } from '#core/schemas/pretreat-form.ts'
import { NOTHING_SO_FAR, productSoFar, seasonLedger, type AppliedLine, type DoseWarning, type LedgerEntry, type SeasonLedger, type SeasonLimits, type StorageSeasonSoFar } from '#core/season-check.ts'
import { seasonOf, type Season } from '#core/season.ts'
import type { Executor } from '../client.server.ts'
import { FORM_PRODUCT_COLUMNS, formProductOf, isId } from './pretreat-form.ts'
import { inStates } from './states.ts'
import { userDisplayName } from './users.ts'

const num = (v: string | null) => (v === null ? null : Number(v))

/** A pre-treat counts as applied once its sheet was submitted with an application date (0033, 0063). */
const applied = sql<boolean>`${inStates('pt.status', PRETREAT_STATE_SETS.applied)} and pt.application_date is not null`

/**
 * What each storage of `storageIds` holds in `season` before this pre-treat (`except`): its seed
 * flag and planned removal, and per product the pre-treats with it (planned ones included, by
 * application date or else creation date; void ones left out), and of the applied ones (submitted
 * sheets, decision 0063) the amounts per cwt and the dates (productSoFar).
 */
export async function seasonSoFar(db: Executor, storageIds: number[], season: Season, except?: number): Promise<Record<number, StorageSeasonSoFar>> {
  const ids = storageIds.filter(isId)
  if (ids.length === 0) return {}
  let query = db
    .selectFrom('pretreats as pt')
    .innerJoin('pretreat_chemicals as pc', 'pc.pretreat_id', 'pt.id')
    .select(['pt.storage_id', 'pc.product_id'])
    .select(sql<string>`count(distinct pt.id)`.as('n'))
    // the applied lines as they are: their loads and days are counted by the judge, as the ledger's are
    .select(
      sql<AppliedLine[] | null>`json_agg(json_build_object('application_date', pt.application_date::text, 'quantity_used', pc.quantity_used, 'cwt', pc.cwt)) filter (where ${applied})`.as('applied'),
    )
    .where('pt.storage_id', 'in', ids)
    .where('pt.void', '=', false)
    .where(sql<string>`coalesce(pt.application_date, pt.created_at::date)`, '>=', season.start)
    .where(sql<string>`coalesce(pt.application_date, pt.created_at::date)`, '<', season.end)
    .groupBy(['pt.storage_id', 'pc.product_id'])
  if (except !== undefined) query = query.where('pt.id', '<>', except)
  const [rows, storages] = await Promise.all([query.execute(), db.selectFrom('storages').select(['id', 'seed', 'planned_removal']).where('id', 'in', ids).execute()])
  const soFar: Record<number, StorageSeasonSoFar> = {}
  for (const s of storages) soFar[s.id] = { seed: s.seed, planned_removal: s.planned_removal, products: {} }
  for (const row of rows) {
    const storage = soFar[row.storage_id]
    if (storage) storage.products[row.product_id] = productSoFar(Number(row.n), row.applied ?? [])
  }
  return soFar
}

/**
 * What a pre-treat would do, or did, to its storage's season (decision 0063), as the assign window
 * and the review show it: its lines (the quantity used once the sheet holds it, else the quantity
 * requested) against the labels and the season so far without it, on its application day (today
 * while it has none). [] when there is no such pre-treat or nothing passes a limit.
 */
export async function pretreatSeasonCheck(db: Executor, pretreatId: number, today: string): Promise<DoseWarning[]> {
  if (!isId(pretreatId)) return []
  const pretreat = await db.selectFrom('pretreats').select(['storage_id', 'application_date']).where('id', '=', pretreatId).executeTakeFirst()
  if (!pretreat) return []
  const day = pretreat.application_date ?? today
  const season = seasonOf(day)
  const [lines, soFar] = await Promise.all([
    db
      .selectFrom('pretreat_chemicals as c')
      .innerJoin('products as p', 'p.id', 'c.product_id')
      .select([...FORM_PRODUCT_COLUMNS, 'c.cwt', 'c.quantity_requested', 'c.quantity_used'])
      .where('c.pretreat_id', '=', pretreatId)
      .orderBy('c.id')
      .execute(),
    seasonSoFar(db, [pretreat.storage_id], season, pretreatId),
  ])
  const products = lines.map(formProductOf)
  const worked = lines.map((l) => ({ product_id: l.id, cwt: Number(l.cwt), quantity_requested: num(l.quantity_used ?? l.quantity_requested) }))
  return linesDoseWarnings(products, worked, soFar[pretreat.storage_id] ?? NOTHING_SO_FAR, { label: season.label, day })
}

/** A pre-treat as seasonChecksOf reads it: not applied yet (a board's card). */
export interface UnappliedPretreat {
  id: number
  storage_id: number
  application_date: string | null
  /** yyyy-mm-dd of its creation (what the season counts it by without an application date) */
  created_on: string
}

/**
 * pretreatSeasonCheck for many pre-treats not applied yet (the dispatch board, issue 24) in three
 * statements sent at once whatever their number: their chemical lines, and each season's count of
 * what its storages hold (two), from which each pre-treat's own count is taken back (what `except` does there; a
 * pre-treat not applied adds no amount and no date).
 */
export async function seasonChecksOf(db: Executor, pretreats: readonly UnappliedPretreat[], today: string): Promise<Map<number, DoseWarning[]>> {
  const checks = new Map<number, DoseWarning[]>()
  if (pretreats.length === 0) return checks
  const bySeason = new Map<string, { season: Season; storages: Set<number> }>()
  for (const p of pretreats) {
    const season = seasonOf(p.application_date ?? today)
    const entry = bySeason.get(season.label) ?? { season, storages: new Set<number>() }
    entry.storages.add(p.storage_id)
    bySeason.set(season.label, entry)
  }
  // the lines and each season's counts at once: the counts need only the storages
  const soFarBySeason = new Map<string, Record<number, StorageSeasonSoFar>>()
  const [lines] = await Promise.all([
    db
      .selectFrom('pretreat_chemicals as c')
      .innerJoin('products as p', 'p.id', 'c.product_id')
      .select(['c.pretreat_id', ...FORM_PRODUCT_COLUMNS, 'c.cwt', 'c.quantity_requested', 'c.quantity_used'])
      .where(
        'c.pretreat_id',
        'in',
        pretreats.map((p) => p.id),
      )
      .orderBy('c.pretreat_id')
      .orderBy('c.id')
      .execute(),
    ...[...bySeason.values()].map(async ({ season, storages }) => soFarBySeason.set(season.label, await seasonSoFar(db, [...storages], season))),
  ])
  const linesOf = new Map<number, typeof lines>()
  for (const l of lines) linesOf.set(l.pretreat_id, [...(linesOf.get(l.pretreat_id) ?? []), l])
  for (const p of pretreats) {
    const own = linesOf.get(p.id) ?? []
    if (own.length === 0) {
      checks.set(p.id, [])
      continue
    }
    const day = p.application_date ?? today
    const season = seasonOf(day)
    const all = soFarBySeason.get(season.label)?.[p.storage_id] ?? NOTHING_SO_FAR
    const counted = (p.application_date ?? p.created_on) >= season.start && (p.application_date ?? p.created_on) < season.end
    const products = { ...all.products }
    if (counted) for (const id of new Set(own.map((l) => l.id))) if (products[id]) products[id] = { ...products[id], count: products[id].count - 1 }
    const worked = own.map((l) => ({ product_id: l.id, cwt: Number(l.cwt), quantity_requested: num(l.quantity_used ?? l.quantity_requested) }))
    checks.set(p.id, linesDoseWarnings(own.map(formProductOf), worked, { ...all, products }, { label: season.label, day }))
  }
  return checks
}

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
      'p.id as pretreat_id',
      'p.pre_treat_number',
      'p.application_date',
      'p.stop_time',
      'p.void',
      sql<string>`coalesce(r.grower_name, g.company_name)`.as('grower_name'),
      sql<string>`case when u.id is null then '' else ${userDisplayName('u')} end`.as('applicator_name'),
      sql<string>`coalesce(a.license, '')`.as('applicator_licence'),
      'pr.id as product_id',
      'pr.product_name',
      'pr.registration',
      'pr.units',
      'pr.ppm_constant',
      'c.cwt',
      'c.quantity_used',
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
    .select([
      'id as product_id',
      'product_name',
      'units',
      'max_ppm_per_application',
      'max_total_per_season',
      'max_total_basis',
      'max_applications_per_season',
      'min_days_between',
      'min_days_before_removal',
      'not_for_seed',
    ])
    .where('id', 'in', [...new Set(productIds)])
    .execute()
  return rows.map((r) => ({
    ...r,
    units: r.units as QuantityInputs['units'],
    max_ppm_per_application: num(r.max_ppm_per_application),
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
  const reentry = reentryOf(
    latest.application_date,
    latest.stop_time,
    products.map((p) => ({ product_name: p.product_name, reentry_hours: num(p.reentry_hours) })),
  )
  return reentry ? { ...reentry, pretreat_id: latest.id, pre_treat_number: latest.pre_treat_number } : null
}

/** The storage's ledger for the season; null when there is no such storage. */
export async function storageSeasonLedger(db: Executor, storageId: number, season: Season): Promise<SeasonLedger | null> {
  const [storage, entries] = await Promise.all([db.selectFrom('storages').select(['seed', 'planned_removal']).where('id', '=', storageId).executeTakeFirst(), ledgerEntries(db, storageId, season)])
  if (!storage) return null
  const limits = await seasonLimits(
    db,
    entries.map((e) => e.product_id),
  )
  return seasonLedger(season, entries, limits, storage)
}
