// Where the database is, for every entry point (app, worker, CLIs, bench):
// DATABASE_URL when set; otherwise the embedded cluster in .data/pg. When the app already runs
// the embedded cluster, a CLI connects to it (its URL is recorded in .data/pg-url) instead of
// starting a second postmaster on the same folder. DATABASE_DIRECT_URL, beside a DATABASE_URL
// that goes through a transaction-mode pooler (PgBouncer), reaches PostgreSQL itself: what
// migrations, backups and restores use (docs/decisions/0074-pgbouncer-transaction-mode.md).
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded.ts'

export const DATA_DIR = path.resolve(process.env.DATA_DIR ?? '.data')
const PG_DIR = path.join(DATA_DIR, 'pg')
const URL_FILE = path.join(DATA_DIR, 'pg-url')

export interface DatabaseHandle {
  url: string
  /** DATABASE_DIRECT_URL: PostgreSQL itself, when `url` goes through a pooler (else unset: `url` is direct) */
  directUrl?: string
  embedded: boolean
  /** Stops the embedded cluster if this handle started it; otherwise does nothing. */
  release(): Promise<void>
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 })
  try {
    await client.connect()
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** Creates `database` on the server of `adminUrl` when it is missing. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database])
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(database)}`)
  } finally {
    await client.end()
  }
}

export async function openDatabase(options: { database?: string } = {}): Promise<DatabaseHandle> {
  const { DATABASE_URL, DATABASE_DIRECT_URL } = process.env
  if (DATABASE_URL) return { url: DATABASE_URL, directUrl: DATABASE_DIRECT_URL || undefined, embedded: false, release: async () => undefined }
  if (DATABASE_DIRECT_URL) throw new Error('DATABASE_DIRECT_URL is set without DATABASE_URL: set DATABASE_URL too (the pooler), or neither for the embedded database.')
  const database = options.database ?? 'app'

  if (fs.existsSync(URL_FILE)) {
    const running = new URL(fs.readFileSync(URL_FILE, 'utf8').trim())
    running.pathname = '/postgres'
    if (await reachable(running.toString())) {
      await ensureDatabase(running.toString(), database)
      running.pathname = `/${database}`
      return { url: running.toString(), embedded: true, release: async () => undefined }
    }
  }

  const cluster: EmbeddedPostgres = await startEmbeddedPostgres({ dataDir: PG_DIR, database })
  // It holds the database's password: for the owner only, even when a stale one is left over.
  fs.rmSync(URL_FILE, { force: true })
  fs.writeFileSync(URL_FILE, cluster.url, { mode: 0o600, flag: 'wx' })
  return {
    url: cluster.url,
    embedded: true,
    async release() {
      fs.rmSync(URL_FILE, { force: true })
      await cluster.stop()
    },
  }
}
