// Which records a stored file belongs to, and so who may see it and whether it may be removed.
// Read from the records' own link tables (service_sheet_images, …), never from a flag that every
// save would have to remember to set: a file is attached while a row of one of them names it.
// The drive's files are the records themselves, so every blob of the drive area counts as attached.
//
// A new kind of record with files is one line in BLOB_LINKS (storage/attachments.test.ts fails
// when a table that references blobs is missing here).
import { sql, type RawBuilder } from 'kysely'
import { hasAnyPermission, REVIEW_PERMISSIONS, type Permission, type SessionUser } from '#core/permissions.ts'
import type { Executor } from '#db/client.server.ts'
import type { BlobArea } from '#core/enums.ts'
import type { BlobStore } from './blob-store.ts'

/** Where blob `id` is stored (its key), or undefined when it is gone. */
export async function blobKeyOf(db: Executor, id: string): Promise<string | undefined> {
  return (await db.selectFrom('blobs').select('key').where('id', '=', id).executeTakeFirst())?.key
}

export type Viewer = Pick<SessionUser, 'id' | 'is_superuser' | 'permissions'>

type LinkTable = 'service_sheet_images' | 'receipt_images' | 'storage_check_images' | 'storage_images'

export interface BlobLink {
  /** a table with one row per (record, blob) */
  table: LinkTable
  /** its column naming the record */
  record: string
  /** whether `user` may open the record `recordId`, and so see its files */
  mayView: (user: Viewer, recordId: number) => boolean
}

const anyOf = (permissions: readonly Permission[]) => (user: Viewer) => hasAnyPermission(user, permissions)

export const BLOB_LINKS: readonly BlobLink[] = [
  // whoever may open the sheet: Completed Service Sheets, or the tracker and reviews
  { table: 'service_sheet_images', record: 'service_sheet_id', mayView: anyOf(['api.view_servicesheet', ...REVIEW_PERMISSIONS]) },
  { table: 'receipt_images', record: 'receipt_id', mayView: anyOf(['api.view_receipt']) },
  { table: 'storage_check_images', record: 'storage_check_id', mayView: anyOf(['api.view_storagecheck']) },
  { table: 'storage_images', record: 'storage_id', mayView: anyOf(['api.view_storage']) },
]

/** Areas whose files are records in their own right (no link row), and who may see them. */
export const RECORD_AREAS: Partial<Record<BlobArea, (user: Viewer) => boolean>> = {
  drive: anyOf(['api.view_s3bucket', 'api.add_s3bucket', 'api.s3_admin']),
  // generated documents (PDFs) are kept; they are served by their own screens
  documents: () => false,
}

/**
 * Tables that name blobs of the record areas above, which are kept whatever names them: the drive's
 * tree (its files are the drive area's) and the document conversions (sources and PDFs in 'documents').
 */
export const RECORD_AREA_TABLES = ['document_conversions', 'drive_entries'] as const

/** An unattached file older than this is removed by the cleanup job (jobs/blob-cleanup.job.ts). */
export const UNATTACHED_HOURS = 24

/** SQL: true when the blob `blobs.id` (`blob` is the alias) is attached to a record. */
function attached(blob: string): RawBuilder<boolean> {
  const id = sql.ref(`${blob}.id`)
  const links = BLOB_LINKS.map((link) => sql`exists (select 1 from ${sql.table(link.table)} l where l.blob_id = ${id})`)
  const areas = Object.keys(RECORD_AREAS)
  return sql<boolean>`(${sql.ref(`${blob}.area`)} in (${sql.join(areas)}) or ${sql.join(links, sql` or `)})`
}

/**
 * Deletes one blob (its row, its completed upload session and its stored object) unless it is
 * attached. The row goes first, in a transaction that stays open while the object is deleted: a
 * record attaching it meanwhile waits and then fails on the foreign key, and a failed object
 * deletion rolls the row back, so the next run tries again. Returns whether it was deleted.
 */
export async function deleteIfUnattached(db: Executor, store: BlobStore, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('blobs as b')
      .where('b.id', '=', id)
      .where(sql<boolean>`not ${attached('b')}`)
      .returning('b.key')
      .executeTakeFirst()
    if (row) await store.delete(row.key)
    return !!row
  })
}

/** Ids of unattached blobs created before `before`, after `afterId` in id order (keyset pages). */
export async function unattachedBlobIds(db: Executor, before: Date, afterId: string | null, limit: number): Promise<string[]> {
  let query = db
    .selectFrom('blobs as b')
    .select('b.id')
    .where('b.created_at', '<', before)
    .where(sql<boolean>`not ${attached('b')}`)
    .orderBy('b.id')
    .limit(limit)
  if (afterId) query = query.where('b.id', '>', afterId)
  return (await query.execute()).map((r) => r.id)
}

export interface VisibleBlob {
  id: string
  key: string
  filename: string
  content_type: string
  size_bytes: number
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The one rule for showing a stored file to a signed-in user: attached files to whoever may open
 * one of their records, the drive's to its users, and a file attached to nothing (an upload of a
 * form not sent yet) only to the user who uploaded it.
 */
export async function blobForViewer(db: Executor, user: Viewer, id: string): Promise<VisibleBlob | 'not-found' | 'forbidden'> {
  if (!UUID.test(id)) return 'not-found'
  const blob = await db.selectFrom('blobs').select(['id', 'key', 'filename', 'content_type', 'size_bytes', 'area', 'created_by']).where('id', '=', id.toLowerCase()).executeTakeFirst()
  if (!blob) return 'not-found'
  const { area, created_by, ...visible } = blob
  const areaRule = RECORD_AREAS[area]
  if (areaRule) return areaRule(user) ? visible : 'forbidden'

  // one statement over every link table: which records name this file
  const parts = BLOB_LINKS.map((link, index) => sql`select ${sql.lit(index)}::int as link, ${sql.ref(link.record)}::bigint as record_id from ${sql.table(link.table)} where blob_id = ${blob.id}`)
  const { rows } = await sql<{ link: number; record_id: number }>`${sql.join(parts, sql` union all `)}`.execute(db)
  const links = rows.map((r) => ({ link: BLOB_LINKS[r.link]!, recordId: Number(r.record_id) }))
  if (links.length === 0) return created_by === user.id ? visible : 'forbidden'
  return links.some(({ link, recordId }) => link.mayView(user, recordId)) ? visible : 'forbidden'
}
