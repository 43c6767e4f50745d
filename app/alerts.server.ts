import { createHash } from 'node:crypto'
import { sql, type AliasedRawBuilder, type RawBuilder } from 'kysely'
import { executePrepared, type Executor } from '#db/client.server.ts'
import type { SessionUser } from '#core/permissions.ts'
import { ALERT_TYPES, NOTICE_ALERT_TYPES } from '#core/enums.ts'
import { config } from '#core/config.server.ts'
import { backupOverdue } from '#db/queries/backups.ts'
import { noticeCount } from '#db/queries/notices.ts'
import { openFollowUpsCount } from '#db/queries/restart-follow-ups.ts'
import { maySeeAlert, type Alert, type BellType } from './alerts.ts'

/** A backup older than this is overdue (a daily backup, with two hours' grace). */
export const BACKUP_OVERDUE_HOURS = 26

/**
 * The bell's counts this user may see, in one statement (every page's shell reads them): the stored
 * global counts (written by the aggregation job), the live ones (open restart follow-ups, decision
 * 0070; an overdue backup where backups are set up, decision 0071), then the user's own (decision
 * 0069). A count the user may not see is not read.
 */
export async function alertsFor(db: Executor, user: SessionUser): Promise<Alert[]> {
  const line = (type: BellType, count: RawBuilder<number>): [BellType, RawBuilder<number>] => [type, count]
  const counts = [
    ...ALERT_TYPES.filter((t) => maySeeAlert(user, t)).map((t) => line(t, sql<number>`coalesce((select count from alert_counts where type = ${t}), 0)`)),
    ...(maySeeAlert(user, 'restart_follow_ups') ? [line('restart_follow_ups', openFollowUpsCount())] : []),
    ...(config().BACKUP_TO && maySeeAlert(user, 'backup_overdue') ? [line('backup_overdue', backupOverdue(BACKUP_OVERDUE_HOURS))] : []),
    ...NOTICE_ALERT_TYPES.filter((t) => maySeeAlert(user, t)).map((t) => line(t, noticeCount(t, user.id))),
  ]
  if (counts.length === 0) return []
  const selections: AliasedRawBuilder<number, string>[] = counts.map(([type, count]) => count.as(type))
  // prepared once per connection and per shape (which lines the user may see), as the session
  // look-up is: planning its subqueries costs more than running them
  const query = db.selectNoFrom(selections).compile()
  const [row = {}] = (await executePrepared(db, `bell-${createHash('sha1').update(query.sql).digest('hex').slice(0, 16)}`, query)) as Record<string, unknown>[]
  return counts.map(([type]) => ({ type, count: Number(row[type] ?? 0) }))
}
