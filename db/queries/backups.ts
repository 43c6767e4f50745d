// Backups (issue 25, decision 0071): what the app reads of the backups recorded by `npm run backup`.
import { sql } from 'kysely'

/** 1 when no backup finished in the last `hours` (none at all included), else 0: a scalar subquery for the bell. */
export const backupOverdue = (hours: number) => sql<number>`(select case when max(finished_at) > now() - make_interval(hours => ${hours}) then 0 else 1 end from backups)`
