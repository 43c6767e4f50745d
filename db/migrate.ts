import { Migrator, type Kysely, type MigrationResultSet } from 'kysely'
import { createDb } from './client.server.ts'
import { migrations } from './migrations/index.ts'

/** Applies every pending migration in order (or those up to `upTo`); throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>, upTo?: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const { error, results }: MigrationResultSet = upTo ? await migrator.migrateTo(upTo) : await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(failed ? `Migration ${failed.migrationName} failed: ${reason}` : `Migrations could not run: ${reason}`)
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

/**
 * migrateToLatest through a connection of its own to `url`, closed after. Give it PostgreSQL
 * itself, never a transaction-mode pooler (DATABASE_DIRECT_URL beside a PgBouncer DATABASE_URL):
 * Kysely's migration lock is a session-level advisory lock, taken before the migrations'
 * transaction and released after it, which a pooler would take on one server connection and try
 * to release on another, leaving it held (decision 0074).
 */
export async function migrateDatabase(url: string, upTo?: string): Promise<string[]> {
  const db = createDb(url, 1)
  try {
    return await migrateToLatest(db, upTo)
  } finally {
    await db.destroy()
  }
}
