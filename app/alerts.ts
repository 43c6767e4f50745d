// Which alert a user may see, what it is called and where it leads. Shared by the bell (browser)
// and GET /api/alerts/ (server).
import type { AlertType } from '#core/enums.ts'
import { hasAnyPermission, type Permission, type SessionUser } from '#core/permissions.ts'

/** Counts read live for each user rather than stored by the aggregation job. */
export type LiveAlertType = 'restart_follow_ups'

export interface Alert {
  type: AlertType | LiveAlertType
  count: number
}

export const ALERT_POLL_MS = 300_000

export const ALERTS: Record<Alert['type'], { label: string; to: string; permissions: Permission[] }> = {
  level_1_reviews: { label: 'Level 1 reviews waiting', to: '/review-sheets', permissions: ['api.can_review_1'] },
  level_2_reviews: { label: 'Level 2 reviews waiting', to: '/review-sheets', permissions: ['api.can_review_2'] },
  level_3_reviews: { label: 'Level 3 reviews waiting', to: '/review-sheets', permissions: ['api.can_review_3'] },
  pending_aws_imports: { label: 'Uploads started but never completed', to: '/auditing', permissions: ['api.s3_admin'] },
  storage_checks_due: { label: 'Storages due for a check', to: '/checks-due', permissions: ['api.add_storagecheck'] },
  pretreats_to_assign: { label: 'Pre-treats waiting for an applicator', to: '/scheduled-pre-treat', permissions: ['api.pretreat_assigner'] },
  pretreats_to_review: { label: 'Pre-treats waiting for review', to: '/review-pre-treat', permissions: ['api.pretreat_reviewer1', 'api.pretreat_reviewer2'] },
  restart_follow_ups: { label: 'Restart follow-ups open', to: '/follow-ups', permissions: ['api.pretreat_assigner'] },
}

export function maySeeAlert(user: Pick<SessionUser, 'is_superuser' | 'permissions'>, type: Alert['type']): boolean {
  return hasAnyPermission(user, ALERTS[type].permissions)
}

export const alertTotal = (alerts: readonly Alert[]) => alerts.reduce((sum, a) => sum + a.count, 0)
