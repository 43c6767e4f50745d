// Corrections with history (migration 0039, decision 0067): the record's lock and delete mark, its
// history rows, and the image links a correction changes. The rules are commands/corrections.ts's.
import { sql } from 'kysely'
import type { CorrectionKind, FieldChange } from '#core/corrections.ts'
import type { Executor } from '../client.server.ts'
import { userDisplayName } from './users.ts'

export const CORRECTED_TABLE = { receipt: 'receipts', storage_check: 'storage_checks', interaction: 'interactions' } as const satisfies Record<CorrectionKind, string>
const HISTORY_KEY = { receipt: 'receipt_id', storage_check: 'storage_check_id', interaction: 'interaction_id' } as const satisfies Record<CorrectionKind, string>

export interface CorrectableRow {
  id: number
  created_by: number
  created_at: Date
  version: number
  deleted_at: Date | null
}

/** The record, locked until the transaction ends (two corrections of it take turns); undefined when there is none. */
export async function lockForCorrection(trx: Executor, kind: CorrectionKind, id: number): Promise<CorrectableRow | undefined> {
  const { rows } = await sql<CorrectableRow>`select id, created_by, created_at, version, deleted_at from ${sql.table(CORRECTED_TABLE[kind])} where id = ${id} for update`.execute(trx)
  return rows[0]
}

/** The record's next version, once its version is still `version` (the caller holds the lock); returns it. */
export async function bumpVersion(trx: Executor, kind: CorrectionKind, id: number, version: number): Promise<number> {
  const { rows } = await sql<{ version: number }>`update ${sql.table(CORRECTED_TABLE[kind])} set version = version + 1 where id = ${id} and version = ${version} returning version`.execute(trx)
  if (!rows[0]) throw new Error(`${kind} ${id} is not at version ${version}`)
  return rows[0].version
}

/** The delete mark: when, by whom and why (the caller checked who may, and holds the lock). */
export async function markDeleted(trx: Executor, kind: CorrectionKind, id: number, by: number, reason: string): Promise<void> {
  await sql`update ${sql.table(CORRECTED_TABLE[kind])} set deleted_at = now(), deleted_by = ${by}, deleted_reason = ${reason} where id = ${id} and deleted_at is null`.execute(trx)
}

export async function insertCorrection(
  trx: Executor,
  row: { kind: CorrectionKind; recordId: number; action: 'correct' | 'delete'; version: number; changedBy: number; changes: FieldChange[]; reason?: string },
): Promise<void> {
  await trx
    .insertInto('record_corrections')
    .values({ [HISTORY_KEY[row.kind]]: row.recordId, action: row.action, version: row.version, changed_by: row.changedBy, changes: JSON.stringify(row.changes), reason: row.reason ?? '' })
    .execute()
}

export interface CorrectionEntry {
  id: number
  action: 'correct' | 'delete'
  version: number
  changed_at: Date
  changed_by_name: string
  changes: FieldChange[]
  reason: string
}

/** The record's history, oldest first. */
export function correctionHistory(db: Executor, kind: CorrectionKind, id: number): Promise<CorrectionEntry[]> {
  return db
    .selectFrom('record_corrections as c')
    .innerJoin('users as u', 'u.id', 'c.changed_by')
    .select(['c.id', 'c.action', 'c.version', 'c.changed_at', userDisplayName('u').as('changed_by_name'), 'c.changes', 'c.reason'])
    .where(sql.ref(`c.${HISTORY_KEY[kind]}`), '=', id)
    .orderBy('c.changed_at')
    .orderBy('c.id')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, changes: r.changes as FieldChange[] })))
}

export interface RecordState {
  version: number
  created_by: number
  created_at: Date
  deleted_at: Date | null
  deleted_reason: string | null
  deleted_by_name: string | null
}

/** What a record's page says about its version and delete mark, and what the correction rule reads. */
export async function recordState(db: Executor, kind: CorrectionKind, id: number): Promise<RecordState | undefined> {
  const { rows } = await sql<RecordState>`
    select r.version, r.created_by, r.created_at, r.deleted_at, r.deleted_reason, ${userDisplayName('d')} as deleted_by_name
    from ${sql.table(CORRECTED_TABLE[kind])} r left join users d on d.id = r.deleted_by
    where r.id = ${id}`.execute(db)
  return rows[0]
}

/** How many of the table's rows carry the delete mark (its partial index holds only them). */
export async function deletedCount(db: Executor, kind: CorrectionKind): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(CORRECTED_TABLE[kind])} where deleted_at is not null`.execute(db)
  return rows[0]?.n ?? 0
}

const IMAGE_LINKS = {
  receipt: { table: 'receipt_images', key: 'receipt_id' },
  storage_check: { table: 'storage_check_images', key: 'storage_check_id' },
} as const

/** Every blob ever linked to the record (shown or taken off). */
export async function linkedImageIds(db: Executor, kind: keyof typeof IMAGE_LINKS, id: number): Promise<string[]> {
  const { table, key } = IMAGE_LINKS[kind]
  const { rows } = await sql<{ blob_id: string }>`select blob_id from ${sql.table(table)} where ${sql.ref(key)} = ${id}`.execute(db)
  return rows.map((r) => r.blob_id)
}

/**
 * The record's images become `ids`, in that order: new ones are linked, ones taken off keep their
 * link with removed_at set (their files are kept), ones put back lose it.
 */
export async function setImages(trx: Executor, kind: keyof typeof IMAGE_LINKS, id: number, ids: readonly string[]): Promise<void> {
  const { table, key } = IMAGE_LINKS[kind]
  const t = sql.table(table)
  const k = sql.ref(key)
  if (ids.length > 0) {
    const values = ids.map((blob, position) => sql`(${id}::bigint, ${blob}::uuid, ${position}::int)`)
    await sql`insert into ${t} (${k}, blob_id, position) values ${sql.join(values)}
      on conflict (${k}, blob_id) do update set position = excluded.position, removed_at = null`.execute(trx)
  }
  const keep = ids.length > 0 ? sql`and blob_id not in (${sql.join(ids.map((b) => sql`${b}::uuid`))})` : sql``
  await sql`update ${t} set removed_at = now() where ${k} = ${id} and removed_at is null ${keep}`.execute(trx)
}
