import type { Executor } from '#db/client.server.ts'
import { ALERT_TYPES } from '#core/enums.ts'
import type { SessionUser } from '#core/permissions.ts'
import { countOpenFollowUps } from '#db/queries/restart-follow-ups.ts'
import { maySeeAlert, type Alert } from './alerts.ts'

/** The stored counts (written by the aggregation job) of the alert types this user may see, then the live ones. */
export async function alertsFor(db: Executor, user: SessionUser): Promise<Alert[]> {
  const types = ALERT_TYPES.filter((t) => maySeeAlert(user, t))
  // live: the open restart follow-ups, for assigners (issue 24)
  const [rows, followUps] = await Promise.all([
    types.length === 0 ? [] : db.selectFrom('alert_counts').select(['type', 'count']).where('type', 'in', types).execute(),
    maySeeAlert(user, 'restart_follow_ups') ? countOpenFollowUps(db) : null,
  ])
  const byType = new Map(rows.map((r) => [r.type, r.count]))
  const stored: Alert[] = types.map((type) => ({ type, count: byType.get(type) ?? 0 }))
  return followUps === null ? stored : [...stored, { type: 'restart_follow_ups', count: followUps }]
}
