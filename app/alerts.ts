// Which alert a user may see, what it is called and where it leads. Shared by the bell (browser)
// and GET /api/alerts/ (server).
import type { AlertType, NoticeAlertType } from '#core/enums.ts'
import type { Permission, SessionUser } from '#core/permissions.ts'
import { ACCESS, mayOpen } from './access.ts'

/** Counts read live at each look rather than stored by the aggregation job: the open restart follow-ups, an overdue backup. */
export type LiveAlertType = 'restart_follow_ups' | 'backup_overdue'

/** Every count the bell shows: the stored global ones (AlertType), each user's own notices, and the live ones. */
export type BellType = AlertType | NoticeAlertType | LiveAlertType

export interface Alert {
  type: BellType
  count: number
}

interface BellLine {
  label: string
  to: string
  /** any one of them shows it (superusers see every line) */
  permissions: readonly Permission[]
  /** staff see it too */
  staff?: boolean
}

export const ALERT_POLL_MS = 300_000

/** The author's notices and the applicator's sheets (decision 0069), each a list's "mine" filter (db/queries/notices.ts NOTICE_FILTERS). */
const NOTICE_ALERTS: Record<NoticeAlertType, BellLine> = {
  pretreats_assigned_to_me: { label: 'Pre-treat sheets assigned to you', to: '/scheduled-pre-treat?mine=assigned', permissions: ACCESS['/scheduled-pre-treat'].permissions },
  pretreats_sent_back: { label: 'Pre-treat sheets sent back to you', to: '/scheduled-pre-treat?mine=sent-back', permissions: ACCESS['/scheduled-pre-treat'].permissions },
  pretreats_changed: { label: 'Your pre-treat sheets a reviewer changed', to: '/review-pre-treat?mine=changed', permissions: ACCESS['/review-pre-treat'].permissions },
  completed_pretreats_changed: { label: 'Your completed pre-treats a reviewer changed', to: '/completed-pre-treat?mine=changed', permissions: ACCESS['/completed-pre-treat'].permissions },
  service_sheets_sent_back: { label: 'Service sheets sent back to you', to: '/view-service?mine=sent-back', permissions: ACCESS['/view-service'].permissions },
  service_sheets_changed: { label: 'Your service sheets a reviewer changed', to: '/view-service?mine=changed', permissions: ACCESS['/view-service'].permissions },
}

export const ALERTS: Record<BellType, BellLine> = {
  level_1_reviews: { label: 'Level 1 reviews waiting', to: '/review-sheets', permissions: ['api.can_review_1'] },
  level_2_reviews: { label: 'Level 2 reviews waiting', to: '/review-sheets', permissions: ['api.can_review_2'] },
  level_3_reviews: { label: 'Level 3 reviews waiting', to: '/review-sheets', permissions: ['api.can_review_3'] },
  pending_aws_imports: { label: 'Uploads started but never completed', to: '/auditing', permissions: ['api.s3_admin'] },
  storage_checks_due: { label: 'Storages due for a check', to: '/checks-due', permissions: ['api.add_storagecheck'] },
  pretreats_to_assign: { label: 'Pre-treats waiting for an applicator', to: '/scheduled-pre-treat', permissions: ['api.pretreat_assigner'] },
  pretreats_to_review: { label: 'Pre-treats waiting for review', to: '/review-pre-treat', permissions: ['api.pretreat_reviewer1', 'api.pretreat_reviewer2'] },
  restart_follow_ups: { label: 'Restart follow-ups open', to: '/follow-ups', permissions: ACCESS['/follow-ups'].permissions },
  // where backups are set up (BACKUP_TO), 1 when the last finished more than 26 hours ago (decision 0071)
  backup_overdue: { label: 'No backup finished in the last 26 hours', to: '/backups', ...ACCESS['/backups'] },
  // each user's own (decision 0069): each opens its list filtered to exactly the rows it counts
  ...NOTICE_ALERTS,
}

/** A line shows to whoever its link lets in: the screens' rule (superusers see every line). */
export function maySeeAlert(user: Pick<SessionUser, 'is_superuser' | 'is_staff' | 'permissions'>, type: BellType): boolean {
  return mayOpen(user, ALERTS[type])
}

export const alertTotal = (alerts: readonly Alert[]) => alerts.reduce((sum, a) => sum + a.count, 0)

/** What a list filtered by `?mine=` shows (decision 0069), said above its rows. */
export const MINE_TEXT = {
  assigned: 'Assigned to you, not yet submitted',
  'sent-back': 'Sent back to you by a reviewer',
  changed: 'Changed by a reviewer since you last saw them',
} as const satisfies Record<string, string>
