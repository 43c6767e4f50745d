// Storages: what the storage picker shows of a grower (its storages as cards, and the customer
// panel), the storage form's read, and a storage's images (its one save is commands/storages.ts).
import { sql } from 'kysely'
import { PRETREAT_STATE_SETS } from '#core/pretreat-states.ts'
import { localToday } from '#core/schemas/applicator.ts'
import type { Executor } from '../client.server.ts'
import { OTHER } from './contacts.ts'
import { inStates } from './states.ts'

/** storages.updated_at in microseconds since 1970, as text: the version an edit form carries. */
export const STORAGE_VERSION = sql<string>`(extract(epoch from s.updated_at) * 1000000)::bigint::text`

const isId = (id: number) => Number.isSafeInteger(id) && id > 0

export interface StorageCard {
  id: number
  name: string
  type: string | null
  active: boolean
  last_check_date: string | null
  last_check_fill: string | null
  last_pretreat_date: string | null
}

/**
 * A grower's storages for the picker's cards, by name, active or not, each with its last storage
 * check (date and fill) and its last pre-treat applied: the latest application date, not after
 * `today`, of a pre-treat submitted (in review or completed) and not void — a staged, scheduled or
 * started one is only planned (decision 0050). Each "last" is one backward step on an index
 * (storage_checks_storage_date_idx, pretreats_storage_applied_idx).
 */
export function storageCards(db: Executor, companyId: number, { today = localToday() }: { today?: string } = {}): Promise<StorageCard[]> {
  if (!isId(companyId)) return Promise.resolve([])
  return db
    .selectFrom('storages as s')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('storage_checks as sc')
          .select(['sc.date_inspected', 'sc.fill_status'])
          .whereRef('sc.storage_id', '=', 's.id')
          .where('sc.deleted_at', 'is', null)
          .orderBy('sc.date_inspected', 'desc')
          .orderBy('sc.id', 'desc')
          .limit(1)
          .as('check'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('pretreats as p')
          .select(sql<string>`p.application_date::text`.as('day'))
          .whereRef('p.storage_id', '=', 's.id')
          // literal, so the planner matches the partial index's condition (not parameters)
          .where(sql<boolean>`not p.void and ${inStates('p.status', PRETREAT_STATE_SETS.applied)} and p.application_date is not null`)
          .where('p.application_date', '<=', today)
          .orderBy('p.application_date', 'desc')
          .orderBy('p.id', 'desc')
          .limit(1)
          .as('pretreat'),
      (join) => join.onTrue(),
    )
    .select([
      's.id',
      's.name',
      's.type',
      's.active',
      'check.date_inspected as last_check_date',
      sql<string | null>`${sql.ref('check.fill_status')}::text`.as('last_check_fill'),
      'pretreat.day as last_pretreat_date',
    ])
    .where('s.company_id', '=', companyId)
    .orderBy('s.name')
    .orderBy('s.id')
    .execute()
}

export interface CustomerPanel {
  interactions: { id: number; created_at: Date; contact_name: string; notes: string }[]
  contacts: { id: number; name: string; role: string; email: string; phone: string }[]
}

/** How many of each the picker's customer panel shows; the rest are a link away. */
export const PANEL_ROWS = 5

/** A grower's latest notes (interactions_company_idx) and its active contacts ('Other' left out). */
export async function customerPanel(db: Executor, companyId: number): Promise<CustomerPanel> {
  const [interactions, contacts] = await Promise.all([
    db
      .selectFrom('interactions as i')
      .innerJoin('contacts as ct', 'ct.id', 'i.contact_id')
      .select(['i.id', 'i.created_at', 'ct.name as contact_name', 'i.notes'])
      .where('i.company_id', '=', companyId)
      .where('i.deleted_at', 'is', null)
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(PANEL_ROWS)
      .execute(),
    db
      .selectFrom('contacts')
      .select(['id', 'name', 'role', 'email', 'phone'])
      .where('company_id', '=', companyId)
      .where('active', '=', true)
      .where(sql<string>`lower(name)`, '<>', OTHER)
      .orderBy('name')
      .orderBy('id')
      .limit(PANEL_ROWS)
      .execute(),
  ])
  return { interactions, contacts }
}

export interface StorageRecord {
  id: number
  owner: string
  /** '' when the owner is the grower */
  grower: string
  owner_is_grower: boolean
  name: string
  gps: string
  type: string | null
  service_start: string | null
  door_type: string | null
  door_count: number | null
  duct_count: number | null
  duct_size_inches: string | null
  duct_spacing_inches: string | null
  length_feet: string | null
  width_feet: string | null
  notes: string
  address: string
  double_bay: boolean
  bill_to_grower: boolean
  seed: boolean
  planned_removal: string | null
  active: boolean
  pretreat_notes: string
  images: { id: string; filename: string }[]
  version: string
}

/** A storage with every field the form shows, its owner's and grower's names, its images and its version. */
export async function storageForEdit(db: Executor, id: number): Promise<StorageRecord | undefined> {
  if (!isId(id)) return undefined
  const row = await db
    .selectFrom('storages as s')
    .innerJoin('companies as o', 'o.id', 's.company_id')
    .leftJoin('companies as g', 'g.id', 's.grower_id')
    .select([
      's.id',
      'o.company_name as owner',
      'g.company_name as grower_name',
      's.company_id',
      's.grower_id',
      's.name',
      's.gps_lat',
      's.gps_lng',
      's.type',
      's.service_start',
      's.door_type',
      's.door_count',
      's.duct_count',
      's.duct_size_inches',
      's.duct_spacing_inches',
      's.length_feet',
      's.width_feet',
      's.notes',
      's.address',
      's.double_bay',
      's.bill_to_grower',
      's.seed',
      's.planned_removal',
      's.active',
      's.pretreat_notes',
      STORAGE_VERSION.as('version'),
    ])
    .where('s.id', '=', id)
    .executeTakeFirst()
  if (!row) return undefined
  const images = await db
    .selectFrom('storage_images as si')
    .innerJoin('blobs as b', 'b.id', 'si.blob_id')
    .select(['b.id', 'b.filename'])
    .where('si.storage_id', '=', id)
    .orderBy('si.position')
    .orderBy('b.created_at')
    .execute()
  const { company_id, grower_id, grower_name, gps_lat, gps_lng, ...fields } = row
  // the owner is the grower when the storage names no other (storage-checks.ts reads it so too)
  const ownerIsGrower = grower_id === null || grower_id === company_id
  return {
    ...fields,
    grower: ownerIsGrower ? '' : (grower_name ?? ''),
    owner_is_grower: ownerIsGrower,
    gps: gps_lat !== null && gps_lng !== null ? `${Number(gps_lat)}, ${Number(gps_lng)}` : '',
    images,
  }
}

/** The ids of a storage's images. */
export async function storageImageIds(db: Executor, storageId: number): Promise<string[]> {
  return (await db.selectFrom('storage_images').select('blob_id').where('storage_id', '=', storageId).execute()).map((r) => r.blob_id)
}

/** Links images to a storage, in order. */
export async function attachStorageImages(trx: Executor, storageId: number, images: readonly string[]): Promise<void> {
  if (images.length === 0) return
  await trx
    .insertInto('storage_images')
    .values(images.map((blob_id, position) => ({ storage_id: storageId, blob_id, position })))
    .execute()
}
