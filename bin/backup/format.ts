// What a backup is (issue 25, decision 0071): a folder named backup-<time> holding manifest.json,
// db/<table>.copy.gz (each table of the app's schema in PostgreSQL's COPY text format, all read in
// one REPEATABLE READ transaction: one consistent moment) and files/<key> (every stored file the
// database names at that moment, with its SHA-256 in the manifest). It is written as
// backup-<time>.partial and renamed once whole, so a folder without .partial is a complete backup.
import { sql } from 'kysely'
import type { Executor } from '#db/client.server.ts'

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
