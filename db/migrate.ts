import { Migrator, type Kysely, type MigrationResultSet } from 'kysely'
import { migrations } from './migrations/index.ts'

/** Applies every pending migration in order; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const { error, results }: MigrationResultSet = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? String(error)}`)
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
