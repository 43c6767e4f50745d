// One storage's detail page (/view-storage/{id}): the storage with its owner and grower, and the
// numbers of its Conditions chart (the storage checks' readings of a season, and the pre-treat
// applications of the same season). Each read walks one storage's index (storage_id, date).
import { sql } from 'kysely'
import type { Season } from '#core/season.ts'
import type { Executor } from '#db/client.server.ts'

export async function storageDetail(db: Executor, id: number) {
  return db
    .selectFrom('storages as st')
    .innerJoin('companies as co', 'co.id', 'st.company_id')
    .leftJoin('companies as gr', 'gr.id', 'st.grower_id')
    .select([
      'st.id',
      'st.name',
      'st.active',
      'st.type',
      'st.address',
      'st.gps_lat',
      'st.gps_lng',
      'st.service_start',
      'st.duct_count',
      'st.duct_size_inches',
      'st.duct_spacing_inches',
      'st.door_type',
      'st.door_count',
      'st.length_feet',
      'st.width_feet',
      'st.notes',
      'st.seed',
      'st.planned_removal',
      'co.company_name as owner_name',
      'gr.company_name as grower_name',
    ])
    .where('st.id', '=', id)
    .executeTakeFirst()
}

export type StorageDetail = NonNullable<Awaited<ReturnType<typeof storageDetail>>>

/** the season (its starting year) of a date column, for distinct-season reads */
const seasonYear = (column: string) => sql<number>`extract(year from ${sql.ref(column)} - interval '6 months')::int`

/** The seasons in which the storage was checked, newest first. */
export async function checkSeasons(db: Executor, storageId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('storage_checks as sc')
    .select(seasonYear('sc.date_inspected').as('year'))
    .distinct()
    .where('sc.storage_id', '=', storageId)
    .where('sc.deleted_at', 'is', null)
    .execute()
  return rows.map((r) => Number(r.year)).sort((a, b) => b - a)
}

export interface ConditionReading {
  id: number
  date: string
  pile1: number | null
  pile2: number | null
  pile3: number | null
  pile4: number | null
  plenum: number | null
  humidity: number | null
}

export interface PretreatApplication {
  id: number
  date: string
  number: string
}

const num = (value: string | null) => (value === null ? null : Number(value))

/** The readings of the season's checks, oldest first, and the season's pre-treat applications (void ones left out). */
export async function seasonConditions(db: Executor, storageId: number, season: Season): Promise<{ readings: ConditionReading[]; applications: PretreatApplication[] }> {
  const [checks, pretreats] = await Promise.all([
    db
      .selectFrom('storage_checks as sc')
      .select(['sc.id', 'sc.date_inspected', 'sc.pile1', 'sc.pile2', 'sc.pile3', 'sc.pile4', 'sc.plenum', 'sc.humidity'])
      .where('sc.storage_id', '=', storageId)
      .where('sc.deleted_at', 'is', null)
      .where('sc.date_inspected', '>=', season.start)
      .where('sc.date_inspected', '<', season.end)
      .orderBy('sc.date_inspected')
      .orderBy('sc.id')
      .execute(),
    db
      .selectFrom('pretreats as p')
      .select(['p.id', 'p.application_date', 'p.pre_treat_number'])
      .where('p.storage_id', '=', storageId)
      .where('p.void', '=', false)
      .where('p.application_date', '>=', season.start)
      .where('p.application_date', '<', season.end)
      .orderBy('p.application_date')
      .orderBy('p.id')
      .execute(),
  ])
  return {
    readings: checks.map((c) => ({
      id: c.id,
      date: c.date_inspected,
      pile1: num(c.pile1),
      pile2: num(c.pile2),
      pile3: num(c.pile3),
      pile4: num(c.pile4),
      plenum: num(c.plenum),
      humidity: num(c.humidity),
    })),
    applications: pretreats.map((p) => ({ id: p.id, date: p.application_date!, number: p.pre_treat_number })),
  }
}
