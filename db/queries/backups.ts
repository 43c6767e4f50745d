// Backups (issue 25, decision 0071): what the app reads of the backups recorded by `npm run backup`.
import { sql } from 'kysely'
import type { Executor } from '#db/client.server.ts'

/** When the last backup finished, or null when none has. */
export async function lastBackupFinished(db: Executor): Promise<Date | null> {
  const row = await db.selectFrom('backups').select('finished_at').orderBy('finished_at', 'desc').limit(1).executeTakeFirst()
  return row?.finished_at ?? null
}

/** 1 when no backup finished in the last `hours` (none at all included), else 0: a scalar subquery for the bell. */
export const backupOverdue = (hours: number) =>
  sql<number>`(select case when max(finished_at) > now() - make_interval(hours => ${hours}) then 0 else 1 end from backups)`
