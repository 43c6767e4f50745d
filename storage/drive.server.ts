// The auditing drive's tree (db/migrations/0012_drive.ts): folders and files indexed in
// drive_entries, file contents in the BlobStore under their blob's key. Drive keys are the paths
// the drive's API speaks ('reports/2026/a.pdf', folders end in '/'); they are parsed and checked here,
// on the server, so no key can leave the drive's root.
import type { Executor } from '#db/client.server.ts'

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
