// Backups (issue 25, decision 0071): what the app reads of the backups recorded by `npm run backup`.
import type { Executor } from '#db/client.server.ts'

/** When the last backup finished, or null when none has. */
export async function lastBackupFinished(db: Executor): Promise<Date | null> {
  const row = await db.selectFrom('backups').select('finished_at').orderBy('finished_at', 'desc').limit(1).executeTakeFirst()
  return row?.finished_at ?? null
}
