// What a backup is (issue 25, decision 0071): backup-<time>/ in a folder or a bucket, holding
// db/<table>.copy.gz (each table of the app's schema in PostgreSQL's COPY text format, all read in
// one REPEATABLE READ transaction: one consistent moment), files/<key> (every stored file the
// database names at that moment) and, written last, manifest.json (the tables with their row
// counts, the files with their SHA-256): a backup without one did not finish.
import path from 'node:path'
import { sql } from 'kysely'
import { config } from '#core/config.server.ts'
import type { Executor } from '#db/client.server.ts'
import type { BlobStore } from '#storage/blob-store.ts'
import { FsDriver } from '#storage/fs-driver.server.ts'

export const MANIFEST = 'manifest.json'
export const FORMAT = 1

export interface TableDump {
  name: string
  /** the columns written, in order (generated columns are left out: PostgreSQL makes them again) */
  columns: string[]
  rows: number
  file: string
}

export interface FileDump {
  key: string
  bytes: number
  sha256: string
}

export interface Manifest {
  format: typeof FORMAT
  app_version: string
  created_at: string
  /** the migrations applied in the database backed up, in order */
  migrations: string[]
  tables: TableDump[]
  files: FileDump[]
  /** files the database named that the store did not have */
  missing_files: string[]
}

/** Migrations' own bookkeeping: made again by migrating, never copied. */
const NOT_COPIED = new Set(['kysely_migration', 'kysely_migration_lock'])

/** The app's tables (schema public) and their stored columns, in a stable order. */
export async function appTables(db: Executor): Promise<{ name: string; columns: string[] }[]> {
  const { rows } = await sql<{ name: string; columns: string[] }>`
    select c.relname as name, array_agg(a.attname::text order by a.attnum) as columns
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
    group by c.relname
    order by c.relname`.execute(db)
  return rows.filter((t) => !NOT_COPIED.has(t.name))
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`

/**
 * Where backups go: a folder, or s3://bucket/prefix (the S3_* settings give the endpoint, region,
 * path style and keys; the bucket is the address's). Either is a BlobStore: a backup is the keys
 * under its name, the manifest written last, so a backup without a manifest did not finish.
 */
export async function backupStore(where: string): Promise<BlobStore> {
  const s3 = /^s3:\/\/([^/]+)\/?(.*)$/.exec(where)
  if (!s3) return new FsDriver({ root: path.resolve(where) })
  const settings = config()
  const { S3Driver } = await import('#storage/s3-driver.server.ts')
  return new S3Driver({
    bucket: s3[1]!,
    keyPrefix: s3[2] || undefined,
    region: settings.S3_REGION,
    endpoint: settings.S3_ENDPOINT,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    credentials: settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY ? { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY } : undefined,
  })
}

/** A backup's own address split into where backups are and its name: '/b/backup-1' → ['/b', 'backup-1']. */
export function splitBackupAddress(address: string): [where: string, name: string] {
  const trimmed = address.replace(/\/+$/, '')
  const cut = trimmed.lastIndexOf('/')
  return cut < 0 ? ['.', trimmed] : [trimmed.slice(0, cut) || '/', trimmed.slice(cut + 1)]
}
