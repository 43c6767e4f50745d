import type { Executor } from '#db/client.server.ts'
import type { SessionUser } from '#core/permissions.ts'
import { ALERTS, maySeeAlert, type Alert } from './alerts.ts'

/** The stored counts (written by the aggregation job) of the alert types this user may see. */
export async function alertsFor(db: Executor, user: SessionUser): Promise<Alert[]> {
  const types = (Object.keys(ALERTS) as Alert['type'][]).filter((t) => maySeeAlert(user, t))
  if (types.length === 0) return []
  const rows = await db.selectFrom('alert_counts').select(['type', 'count']).where('type', 'in', types).execute()
  const byType = new Map(rows.map((r) => [r.type, r.count]))
  return types.map((type) => ({ type, count: byType.get(type) ?? 0 }))
}
