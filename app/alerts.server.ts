import type { Executor } from '#db/client.server.ts'
import type { SessionUser } from '#core/permissions.ts'
import { ALERT_TYPES, NOTICE_ALERT_TYPES, type AlertType } from '#core/enums.ts'
import { noticeCounts } from '#db/queries/notices.ts'
import { maySeeAlert, type Alert } from './alerts.ts'

/**
 * The bell's counts this user may see: the stored global counts (written by the aggregation job),
 * then the user's own, counted live (decision 0069). A count the user may not see is not read.
 */
export async function alertsFor(db: Executor, user: SessionUser): Promise<Alert[]> {
  const [stored, own] = await Promise.all([storedAlerts(db, user), ownAlerts(db, user)])
  return [...stored, ...own]
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
