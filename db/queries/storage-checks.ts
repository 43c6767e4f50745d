// Storage checks: saving one (with its images, once per submission id), their rows as the list shows
// them, reading one for its detail modal, and which storages are due for a check (the 'Checks due'
// list and the alerts bell).
import { sql } from 'kysely'
import type { FillStatus, Variety } from '#core/enums.ts'
import type { Executor } from '#db/client.server.ts'
import { userDisplayName } from './users.ts'
import { RECORD_PHOTO_COLUMNS, type RecordPhoto } from './record-photos.ts'

export interface NewStorageCheck {
  submission_id: string
  company_id: number
  storage_id: number
  created_by: number
  date_inspected: string
  variety: Variety
  fill_status: FillStatus
  setpoint: number | null
  runtime_hours: number | null
  plenum: number | null
  humidity: number | null
  pile1: number | null
  pile2: number | null
  pile3: number | null
  pile4: number | null
  notes: string
  /** blob ids, in the order they were attached */
  images: string[]
}

/** Inserts the check and its images (checked by commands/storage-checks.ts); returns its id. */
export async function insertStorageCheck(trx: Executor, check: NewStorageCheck): Promise<{ id: number }> {
  const { images, ...row } = check
  const inserted = await trx.insertInto('storage_checks').values(row).returning('id').executeTakeFirstOrThrow()
  if (images.length > 0) {
    await trx
      .insertInto('storage_check_images')
      .values(images.map((blob_id, position) => ({ storage_check_id: inserted.id, blob_id, position })))
      .execute()
  }
  return { id: inserted.id }
}

export type StorageCheckImage = RecordPhoto

/** The storage checks, aliased `sc` as storageCheckListRows names them. */
export const storageChecksAsSc = (db: Executor) => db.selectFrom('storage_checks as sc')

/**
 * Each check `checks` selects as the Storage Checks list shows it (app/lists/storage-check-list.server.ts):
 * date, company (co), storage (st), inspector (u), variety, fill.
 */
export function storageCheckListRows(checks: ReturnType<typeof storageChecksAsSc>) {
  return checks
    .innerJoin('companies as co', 'co.id', 'sc.company_id')
    .innerJoin('storages as st', 'st.id', 'sc.storage_id')
    .innerJoin('users as u', 'u.id', 'sc.created_by')
    .select([
      'sc.id',
      'sc.date_inspected',
      'co.company_name',
      'st.name as storage_name',
      userDisplayName('u').as('inspector_name'),
      'sc.variety',
      'sc.fill_status',
      sql<boolean>`sc.deleted_at is not null`.as('deleted'),
    ])
}

/** One check with its names, readings (numeric text, or null) and images, for its detail modal: its list row and the rest. */
export async function storageCheckDetail(db: Executor, id: number) {
  const [check, images] = await Promise.all([
    storageCheckListRows(storageChecksAsSc(db))
      .select(['sc.setpoint', 'sc.runtime_hours', 'sc.plenum', 'sc.humidity', 'sc.pile1', 'sc.pile2', 'sc.pile3', 'sc.pile4', 'sc.notes'])
      .where('sc.id', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('storage_check_images as si')
      .innerJoin('blobs as b', 'b.id', 'si.blob_id')
      .select(RECORD_PHOTO_COLUMNS)
      .where('si.storage_check_id', '=', id)
      .where('si.removed_at', 'is', null)
      .orderBy('si.position')
      .orderBy('b.created_at')
      .execute(),
  ])
  return check && { ...check, images: images as StorageCheckImage[] }
}

export type StorageCheckDetail = NonNullable<Awaited<ReturnType<typeof storageCheckDetail>>>

/**
 * Every active storage of an active grower whose check is due, one row each. A storage's grower is
 * its grower_id, or its owner when it has none (the owner is the grower); the grower's
 * storage_check_interval says how many days may pass between checks, and 0 means its storages are
 * not checked on a schedule. The age counts from the last check; a storage never checked counts
 * from its service start, or from when it was recorded when it has none, so a new storage has one
 * interval to get its first check. Due means older than the interval: days_overdue ≥ 1.
 * The last check is one backward step on storage_checks_storage_date_idx per storage.
 */
export function checksDue(db: Executor) {
  const since = sql<string>`coalesce(last.date_inspected, s.service_start, s.created_at::date)`
  return db
    .selectFrom('storages as s')
    .innerJoin('companies as g', (join) => join.on(sql<boolean>`g.id = coalesce(s.grower_id, s.company_id)`))
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('storage_checks as sc')
          .select('sc.date_inspected')
          .whereRef('sc.storage_id', '=', 's.id')
          .where('sc.deleted_at', 'is', null)
          .orderBy('sc.date_inspected', 'desc')
          .orderBy('sc.id', 'desc')
          .limit(1)
          .as('last'),
      (join) => join.onTrue(),
    )
    .select([
      's.id as storage_id',
      's.name as storage_name',
      's.company_id as owner_id',
      'g.id as grower_id',
      'g.company_name as grower_name',
      'g.storage_check_interval',
      'last.date_inspected as last_check',
      sql<number>`current_date - (${since} + g.storage_check_interval)`.as('days_overdue'),
    ])
    .where('s.active', '=', true)
    .where('g.active', '=', true)
    .where('g.storage_check_interval', '>', 0)
    .where(sql<boolean>`${since} + g.storage_check_interval < current_date`)
}

/** How many storages are due for a check (the alerts bell's storage_checks_due). */
export async function countChecksDue(db: Executor): Promise<number> {
  const row = await db
    .selectFrom(checksDue(db).as('d'))
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow()
  return row.n
}

/** A check as its form's fields hold it, with its owner's and storage's names (the correction form, decision 0067); undefined when there is none. */
export async function storageCheckFormValues(db: Executor, id: number) {
  const row = await db
    .selectFrom('storage_checks as sc')
    .innerJoin('companies as co', 'co.id', 'sc.company_id')
    .innerJoin('storages as st', 'st.id', 'sc.storage_id')
    .select([
      'co.company_name',
      'sc.storage_id',
      'sc.date_inspected',
      'sc.variety',
      'sc.fill_status',
      'sc.setpoint',
      'sc.runtime_hours',
      'sc.plenum',
      'sc.humidity',
      'sc.pile1',
      'sc.pile2',
      'sc.pile3',
      'sc.pile4',
      'sc.notes',
    ])
    .where('sc.id', '=', id)
    .executeTakeFirst()
  if (!row) return undefined
  const images = await db.selectFrom('storage_check_images').select('blob_id').where('storage_check_id', '=', id).where('removed_at', 'is', null).orderBy('position').execute()
  const { company_name, storage_id, ...check } = row
  const reading = (v: string | null) => (v === null ? '' : String(Number(v)))
  return {
    company: company_name,
    /** the place picker's storage: its id */
    storage: String(storage_id),
    values: {
      date_inspected: check.date_inspected,
      variety: check.variety,
      fill_status: check.fill_status,
      setpoint: reading(check.setpoint),
      runtime_hours: reading(check.runtime_hours),
      plenum: reading(check.plenum),
      humidity: reading(check.humidity),
      pile1: reading(check.pile1),
      pile2: reading(check.pile2),
      pile3: reading(check.pile3),
      pile4: reading(check.pile4),
      notes: check.notes,
    },
    images: images.map((i) => i.blob_id),
  }
}
