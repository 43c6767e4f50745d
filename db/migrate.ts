import { Migrator, type Kysely, type MigrationResultSet } from 'kysely'
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
