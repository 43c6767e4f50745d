import type { Executor } from '#db/client.server.ts'
import type { SessionUser } from '#core/permissions.ts'
import { ALERT_TYPES, NOTICE_ALERT_TYPES, type AlertType } from '#core/enums.ts'
import { config } from '#core/config.server.ts'
import { lastBackupFinished } from '#db/queries/backups.ts'
import { noticeCounts } from '#db/queries/notices.ts'
import { countOpenFollowUps } from '#db/queries/restart-follow-ups.ts'
import { maySeeAlert, type Alert } from './alerts.ts'

/** A backup older than this is overdue (a daily backup, with two hours' grace). */
export const BACKUP_OVERDUE_HOURS = 26

/**
 * The bell's counts this user may see: the stored global counts (written by the aggregation job),
 * the live ones (open restart follow-ups, decision 0070; an overdue backup, decision 0071), then the
 * user's own, counted live (decision 0069). A count the user may not see is not read.
 */
export async function alertsFor(db: Executor, user: SessionUser): Promise<Alert[]> {
  const [stored, live, own] = await Promise.all([storedAlerts(db, user), liveAlerts(db, user), ownAlerts(db, user)])
  return [...stored, ...live, ...own]
}

async function liveAlerts(db: Executor, user: SessionUser): Promise<Alert[]> {
  const [followUps, backup] = await Promise.all([
    maySeeAlert(user, 'restart_follow_ups') ? countOpenFollowUps(db).then((count): Alert => ({ type: 'restart_follow_ups', count })) : null,
    config().BACKUP_TO && maySeeAlert(user, 'backup_overdue')
      ? lastBackupFinished(db).then((at): Alert => ({ type: 'backup_overdue', count: at && Date.now() - at.getTime() < BACKUP_OVERDUE_HOURS * 3_600_000 ? 0 : 1 }))
      : null,
  ])
  return [followUps, backup].filter((a): a is Alert => a !== null)
}

async function storedAlerts(db: Executor, user: SessionUser): Promise<Alert[]> {
  const types = ALERT_TYPES.filter((t) => maySeeAlert(user, t)) as AlertType[]
  if (types.length === 0) return []
  const rows = await db.selectFrom('alert_counts').select(['type', 'count']).where('type', 'in', types).execute()
  const byType = new Map(rows.map((r) => [r.type, r.count]))
  return types.map((type) => ({ type, count: byType.get(type) ?? 0 }))
}

/** The user's notices and the sheets assigned to them, in one statement. */
async function ownAlerts(db: Executor, user: SessionUser): Promise<Alert[]> {
  const types = NOTICE_ALERT_TYPES.filter((t) => maySeeAlert(user, t))
  const counts = await noticeCounts(db, user.id, types)
  return types.map((type) => ({ type, count: counts[type] }))
}
