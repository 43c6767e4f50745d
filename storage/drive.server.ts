// The auditing drive's tree (db/migrations/0012_drive.ts): folders and files indexed in
// drive_entries, file contents in the BlobStore under their blob's key. Drive keys are the paths
// the drive's API speaks ('reports/2026/a.pdf', folders end in '/'); they are parsed and checked
// (storage/drive-keys.ts) on the server, so no key can leave the drive's root. The screens' changes
// (create a folder, delete files, delete an empty folder) are commands (commands/drive.ts), which
// check them; the functions here write the rows they are given.
//
// A folder lists its folders first, then its files; the two are paged apart, so each page walks
// one of the migration's (parent, is_folder, <column>, name) indexes in either direction, however
// deep the page. Folders are locked (FOR KEY SHARE) by whoever adds into them and FOR UPDATE by a
// folder delete, so a folder is never deleted while a file is being added to it.
import { sql } from 'kysely'
import { ConflictError, InputError } from '#core/errors.ts'
import type { Executor } from '#db/client.server.ts'
import type { BlobStore } from './blob-store.ts'
import { releaseDerivedDocuments } from './derived-documents.server.ts'
import { ancestorsOf, numberedName, splitKey } from './drive-keys.ts'

export interface DriveFile {
  id: string
  /** the drive key: parent + name */
  key: string
  parent: string
  name: string
  blob_id: string
  /** the stored object's key in the BlobStore */
  blob_key: string
  file_type: string
  content_type: string
  size_bytes: number
  sha256: string | null
  modified_at: Date
}

/** The file at a drive key, or null (a folder key, a malformed key or nothing there). */
export async function findDriveFile(db: Executor, key: string): Promise<DriveFile | null> {
  if (typeof key !== 'string' || key.length === 0 || key.length > 1024 || key.endsWith('/') || key.includes('\u0000')) return null
  const slash = key.lastIndexOf('/')
  const parent = key.slice(0, slash + 1)
  const name = key.slice(slash + 1)
  const row = await db
    .selectFrom('drive_entries as e')
    .innerJoin('blobs as b', 'b.id', 'e.blob_id')
    .select(['e.id', 'e.parent', 'e.name', 'e.blob_id', 'b.key as blob_key', 'e.file_type', 'b.content_type', 'e.size_bytes', 'b.sha256', 'e.modified_at'])
    .where('e.parent', '=', parent)
    .where('e.name', '=', name)
    .where('e.is_folder', '=', false)
    .executeTakeFirst()
  return row ? { ...row, blob_id: row.blob_id!, key } : null
}

// ---------------------------------------------------------------------------------------------
// Listing

export const DRIVE_SORTS = ['name', 'size', 'type', 'modified'] as const
export type DriveSort = (typeof DRIVE_SORTS)[number]
const SORT_COLUMN = { name: 'name', size: 'size_bytes', type: 'file_type', modified: 'modified_at' } as const

export interface DriveEntry {
  /** the drive key ('a/b/' for a folder, 'a/b/c.pdf' for a file) */
  key: string
  name: string
  is_folder: boolean
  file_type: string
  size_bytes: number
  modified_at: Date
  created_at: Date
}

export interface DriveListing {
  parent: string
  entries: DriveEntry[]
  folders: number
  files: number
  total: number
  totalPages: number
  page: number
  pageSize: number
}

export interface ListOptions {
  sort?: DriveSort
  order?: 'asc' | 'desc'
  page?: number
  pageSize?: number
}

/** Whether the folder at `parent` exists ('' always does). */
export async function folderExists(db: Executor, parent: string): Promise<boolean> {
  if (parent === '') return true
  const { parent: up, name } = splitKey(parent)
  const row = await db.selectFrom('drive_entries').select('id').where('parent', '=', up).where('name', '=', name).where('is_folder', '=', true).executeTakeFirst()
  return !!row
}

async function countIn(db: Executor, parent: string): Promise<{ folders: number; files: number }> {
  const rows = await db
    .selectFrom('drive_entries')
    .select(['is_folder', (eb) => eb.fn.countAll<string>().as('n')])
    .where('parent', '=', parent)
    .groupBy('is_folder')
    .execute()
  const n = (folder: boolean) => Number(rows.find((r) => r.is_folder === folder)?.n ?? 0)
  return { folders: n(true), files: n(false) }
}

async function pageOf(db: Executor, parent: string, isFolder: boolean, sort: DriveSort, order: 'asc' | 'desc', offset: number, limit: number): Promise<DriveEntry[]> {
  if (limit <= 0) return []
  const column = SORT_COLUMN[sort]
  // The page's names come from the index alone (an index-only scan: every index ends in name,
  // unique in its folder); only the page's rows are then read.
  const names = db.selectFrom('drive_entries').select('name').where('parent', '=', parent).where('is_folder', '=', isFolder).orderBy(column, order).orderBy('name', order).offset(offset).limit(limit)
  const rows = await db
    .selectFrom('drive_entries as e')
    .leftJoin('blobs as b', 'b.id', 'e.blob_id')
    .select(['e.name', 'e.is_folder', 'e.file_type', 'e.size_bytes', 'e.modified_at', sql<Date>`coalesce(b.created_at, e.modified_at)`.as('created_at')])
    .where('e.parent', '=', parent)
    .where('e.name', 'in', names)
    .orderBy(`e.${column}`, order)
    .orderBy('e.name', order)
    .execute()
  return rows.map((r) => ({ ...r, size_bytes: Number(r.size_bytes), key: `${parent}${r.name}${r.is_folder ? '/' : ''}` }))
}

/** One page of a folder: its folders first, then its files, each sorted by `sort` (then name). */
export async function listFolder(db: Executor, parent: string, options: ListOptions = {}): Promise<DriveListing> {
  const sort = options.sort ?? 'name'
  const order = options.order ?? 'asc'
  const pageSize = options.pageSize ?? 10
  const counts = await countIn(db, parent)
  const total = counts.folders + counts.files
  const totalPages = Math.max(1, Math.ceil(total / pageSize))
  const page = Math.min(Math.max(1, options.page ?? 1), totalPages)
  const start = (page - 1) * pageSize
  const folders = start < counts.folders ? await pageOf(db, parent, true, sort, order, start, Math.min(pageSize, counts.folders - start)) : []
  const fileStart = Math.max(0, start - counts.folders)
  const files = await pageOf(db, parent, false, sort, order, fileStart, pageSize - folders.length)
  return { parent, entries: [...folders, ...files], ...counts, total, totalPages, page, pageSize }
}

// ---------------------------------------------------------------------------------------------
// Folders

/**
 * Makes sure every folder of `parent` exists (creating the missing ones) and locks them against a
 * folder delete until the transaction ends. A file standing where a folder should be is an InputError.
 */
async function ensureFolders(trx: Executor, parent: string, userId: number | null): Promise<void> {
  const chain = ancestorsOf(parent)
  if (chain.length === 0) return
  const rows = chain.map((key) => ({ ...splitKey(key), is_folder: true, file_type: 'folder', created_by: userId }))
  await trx
    .insertInto('drive_entries')
    .values(rows)
    .onConflict((oc) => oc.columns(['parent', 'name']).doNothing())
    .execute()
  const found = await trx
    .selectFrom('drive_entries')
    .select(['parent', 'name'])
    .where('is_folder', '=', true)
    .where((eb) => eb.or(rows.map((r) => eb.and([eb('parent', '=', r.parent), eb('name', '=', r.name)]))))
    .forKeyShare()
    .execute()
  if (found.length !== chain.length) {
    const missing = rows.find((r) => !found.some((f) => f.parent === r.parent && f.name === r.name))
    throw new InputError({ '': `A file named "${missing?.name}" is where a folder should be.` })
  }
}

/**
 * Adds folder `name` (a checked name: drive-keys.ts checkFolderName) to `parent`, and `parent`'s
 * missing folders, in the caller's transaction. Returns its key, or null when a file or folder of
 * that name is already there.
 */
export async function insertFolder(trx: Executor, user: { id: number }, parent: string, name: string): Promise<string | null> {
  await ensureFolders(trx, parent, user.id)
  const inserted = await trx
    .insertInto('drive_entries')
    .values({ parent, name, is_folder: true, file_type: 'folder', created_by: user.id })
    .onConflict((oc) => oc.columns(['parent', 'name']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return inserted ? `${parent}${name}/` : null
}

/**
 * Deletes folder `key` ('a/b/') if it holds nothing, in the caller's transaction: the folder is
 * locked FOR UPDATE first, so no upload adds to it meanwhile (adding takes FOR KEY SHARE). Says
 * what it found: deleted, missing, or not empty (then nothing is deleted).
 */
export async function deleteEmptyFolder(trx: Executor, key: string): Promise<'deleted' | 'missing' | 'not_empty'> {
  const { parent, name } = splitKey(key)
  const row = await trx.selectFrom('drive_entries').select('id').where('parent', '=', parent).where('name', '=', name).where('is_folder', '=', true).forUpdate().executeTakeFirst()
  if (!row) return 'missing'
  const child = await trx.selectFrom('drive_entries').select('id').where('parent', '=', key).limit(1).executeTakeFirst()
  if (child) return 'not_empty'
  await trx.deleteFrom('drive_entries').where('id', '=', row.id).execute()
  return 'deleted'
}

// ---------------------------------------------------------------------------------------------
// Files

export interface NewDriveFile {
  parent: string
  name: string
  blobId: string
  fileType: string
  sizeBytes: number
  userId: number | null
}

/** Tries 'name', then 'name (2)', 'name (3)' … and after that a random suffix: nothing is overwritten. */
const MAX_NUMBERED = 200

/**
 * Adds an uploaded file (its blob already recorded) to the tree, in the caller's transaction:
 * missing folders are created, and a name already taken in the folder gets ' (2)', ' (3)' …
 * before its extension. Returns the file's drive key.
 */
export async function addDriveFile(trx: Executor, file: NewDriveFile): Promise<string> {
  await ensureFolders(trx, file.parent, file.userId)
  for (let n = 1; n <= MAX_NUMBERED + 1; n++) {
    const name = n <= MAX_NUMBERED ? numberedName(file.name, n) : numberedName(file.name, Number.parseInt(crypto.randomUUID().slice(0, 8), 16))
    const inserted = await trx
      .insertInto('drive_entries')
      .values({
        parent: file.parent,
        name,
        is_folder: false,
        blob_id: file.blobId,
        file_type: file.fileType,
        size_bytes: file.sizeBytes,
        created_by: file.userId,
      })
      .onConflict((oc) => oc.columns(['parent', 'name']).doNothing())
      .returning('id')
      .executeTakeFirst()
    if (inserted) return file.parent + name
  }
  throw new ConflictError('Too many files with this name in the folder.')
}

/**
 * Deletes the files at `files` (checked keys: drive-keys.ts parseFileKey), in the caller's
 * transaction: their entries and blob rows, with the PDFs derived from them
 * (releaseDerivedDocuments). Files not there are skipped. Returns the files deleted with their
 * stored objects' keys, which the caller deletes once its transaction has committed
 * (deleteStoredObjects): an object is never gone while its row may still be there.
 */
export async function removeDriveFiles(trx: Executor, store: BlobStore, files: readonly { parent: string; name: string }[]): Promise<{ key: string; blobKey: string }[]> {
  if (files.length === 0) return []
  const rows = await trx
    .selectFrom('drive_entries as e')
    .innerJoin('blobs as b', 'b.id', 'e.blob_id')
    .select(['e.id', 'e.parent', 'e.name', 'b.id as blob_id', 'b.key as blob_key', 'b.sha256'])
    .where('e.is_folder', '=', false)
    .where((eb) => eb.or(files.map((f) => eb.and([eb('e.parent', '=', f.parent), eb('e.name', '=', f.name)]))))
    .forUpdate()
    .execute()
  if (rows.length === 0) return []
  await trx
    .deleteFrom('drive_entries')
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute()
  await trx
    .deleteFrom('blobs')
    .where(
      'id',
      'in',
      rows.map((r) => r.blob_id),
    )
    .execute()
  await releaseDerivedDocuments(
    trx,
    store,
    rows.map((r) => ({ id: r.blob_id, sha256: r.sha256 })),
  )
  return rows.map((r) => ({ key: r.parent + r.name, blobKey: r.blob_key }))
}

/**
 * Deletes stored objects whose rows a committed transaction removed (removeDriveFiles). A delete
 * that fails is logged and leaves only an orphan in the store, never a row without its file.
 */
export async function deleteStoredObjects(store: BlobStore, blobKeys: readonly string[]): Promise<void> {
  for (const blobKey of blobKeys) {
    await store.delete(blobKey).catch((error) => console.error('could not delete a drive object', blobKey, error))
  }
}

// ---------------------------------------------------------------------------------------------
// Search

export interface DriveHit {
  key: string
  name: string
  /** the folder holding the file ('' for the root) */
  folder: string
  file_type: string
  size_bytes: number
  modified_at: Date
  /** 'name' when the name matched, 'content' when only words inside did */
  match: 'name' | 'content'
}

export const MAX_SEARCH_LENGTH = 200
export const SEARCH_LIMIT = 50

/**
 * Files whose name holds `query` (any case; the trigram index) or whose text holds its words
 * (websearch syntax on the `content` tsvector), name hits first, at most `limit`.
 */
export async function searchDrive(db: Executor, query: string, limit = SEARCH_LIMIT): Promise<DriveHit[]> {
  const text = query.trim()
  if (text === '' || text.length > MAX_SEARCH_LENGTH || /[\u0000-\u001f\u007f]/.test(text)) return []
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const columns = ['parent', 'name', 'file_type', 'size_bytes', 'modified_at'] as const
  const [byName, byContent] = await Promise.all([
    db.selectFrom('drive_entries').select(columns).where('is_folder', '=', false).where('name', 'ilike', pattern).orderBy('name').orderBy('parent').limit(limit).execute(),
    db
      .selectFrom('drive_entries')
      .select(columns)
      .where('is_folder', '=', false)
      .where(sql<boolean>`content @@ websearch_to_tsquery('simple', ${text})`)
      .orderBy('name')
      .orderBy('parent')
      .limit(limit)
      .execute(),
  ])
  const hits: DriveHit[] = []
  const seen = new Set<string>()
  for (const [rows, match] of [
    [byName, 'name'],
    [byContent, 'content'],
  ] as const) {
    for (const r of rows) {
      const key = r.parent + r.name
      if (seen.has(key) || hits.length >= limit) continue
      seen.add(key)
      hits.push({ key, name: r.name, folder: r.parent, file_type: r.file_type, size_bytes: Number(r.size_bytes), modified_at: r.modified_at, match })
    }
  }
  return hits
}
