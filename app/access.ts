// Who may open each screen: one rule per route, in one table. The route module exports its rule
// (`export const access = ACCESS['/view-calls']`) and its loader checks that export
// (requireAccess, readWithAccess); every menu that links to the route reads the same rule, so a
// link is shown exactly to those the page lets in. Only built screens are here: a menu can link to
// nothing else (menu.ts types its links by these keys), so no link leads to a 404.
import { hasAnyPermission, REVIEW_PERMISSIONS, type Permission, type SessionUser } from '#core/permissions.ts'

export interface Access {
  /** any one of them lets the user in (superusers hold all) */
  permissions: readonly Permission[]
  /** staff are let in without any of the permissions (the spec's admin-flagged items) */
  staff?: boolean
}

export const ACCESS = {
  '/service-call': { permissions: ['api.add_callin'] },
  '/service-form': { permissions: ['api.add_servicesheet'] },
  '/view-calls': { permissions: ['api.view_callin'] },
  '/view-service': { permissions: ['api.view_servicesheet'] },
  '/review-sheets': { permissions: REVIEW_PERMISSIONS },
  '/completed-reviews': { permissions: ['api.can_review_3'] },
  '/review-editor/:id': { permissions: REVIEW_PERMISSIONS },
  '/sheet-status': { permissions: REVIEW_PERMISSIONS },
  '/auditing': { permissions: ['api.view_s3bucket', 'api.add_s3bucket', 'api.s3_admin'] },
  '/interaction-form': { permissions: ['api.add_customer'] },
  '/view-contact': { permissions: ['api.view_customer'] },
  '/view-interaction': { permissions: ['api.view_customer'] },
  '/add-grower': { permissions: ['api.add_company'] },
  '/edit-grower': { permissions: ['api.change_company'] },
  '/add-contact': { permissions: ['api.add_contact'] },
  '/storage-check-form': { permissions: ['api.add_storagecheck'] },
  '/view-storage-check': { permissions: ['api.view_storagecheck'] },
  '/checks-due': { permissions: ['api.add_storagecheck'] },
  '/receipt-form': { permissions: ['api.add_receipt'] },
  '/view-receipt': { permissions: ['api.view_receipt'] },
  // issue 10 — storages
  '/storage': { permissions: ['api.view_storage'] },
  '/manage-storage': { permissions: ['api.add_storage', 'api.change_storage'] },
  '/add-storage': { permissions: ['api.add_storage'] },
  '/edit-storage': { permissions: ['api.change_storage'] },
  // issue 10 — inspector
  '/manage-workflows': { permissions: ['api.view_workflowevent'] },
  // issue 23 — the grower's reports sent (or written as .eml files): for those who inspect the workflows
  '/outgoing-mail': { permissions: ['api.view_workflowevent'] },
  // issue 25 — superusers only (issue 38): where the backups are and what they hold is no business of
  // every staff member; no permission opens it, so only a superuser's 'holds all' does
  '/backups': { permissions: [] },
  // issue 10 — registry: a list opens for any of its model's names; add and edit need their own (decision 0027)
  '/manage-job': { permissions: ['api.view_job', 'api.add_job', 'api.change_job'] },
  '/add-job': { permissions: ['api.add_job'] },
  '/edit-job': { permissions: ['api.change_job'] },
  '/manage-truck': { permissions: ['api.view_truck', 'api.add_truck', 'api.change_truck'] },
  '/add-truck': { permissions: ['api.add_truck'] },
  '/edit-truck': { permissions: ['api.change_truck'] },
  '/manage-part': { permissions: ['api.view_part', 'api.add_part', 'api.change_part'] },
  '/add-part': { permissions: ['api.add_part'] },
  '/edit-part': { permissions: ['api.change_part'] },
  '/manage-destination': { permissions: ['api.view_destination', 'api.change_destination'] },
  '/manage-message': { permissions: ['api.view_pretreatmessage', 'api.change_pretreatmessage'] },
  // issue 10 — products (decision 0027: a list opens for any of its model's three names)
  '/manage-product': { permissions: ['api.view_product', 'api.add_product', 'api.change_product'] },
  '/add-product': { permissions: ['api.add_product'] },
  '/edit-product': { permissions: ['api.change_product'] },
  '/manage-application': { permissions: ['api.view_product', 'api.add_product', 'api.change_product'] },
  '/add-application': { permissions: ['api.add_product'] },
  '/edit-application/:id': { permissions: ['api.change_product'] },
  '/manage-applicator': { permissions: ['api.view_applicator', 'api.add_applicator', 'api.change_applicator'] },
  '/add-applicator': { permissions: ['api.add_applicator'] },
  '/edit-applicator': { permissions: ['api.change_applicator'] },
  // issue 10 — users
  '/manage-user': { permissions: ['api.view_user', 'api.add_user', 'api.change_user'] },
  '/add-user': { permissions: ['api.add_user'] },
  '/edit-user': { permissions: ['api.change_user'] },
  // issue 10 — detail
  '/view-storage/:id': { permissions: ['api.view_storage'] },
  // issue 11 — pre-treats (decision 0034): the lists open for whoever works on pre-treats; each
  // step's permission is the machine's guard's (decision 0057; add_pretreat: edit, stage, schedule;
  // pretreat_assigner: assign)
  '/create-pre-treat': { permissions: ['api.add_pretreat'] },
  '/staged-pre-treat': { permissions: ['api.view_pretreat', 'api.add_pretreat', 'api.pretreat_assigner'] },
  '/scheduled-pre-treat': { permissions: ['api.view_pretreat', 'api.add_pretreat', 'api.pretreat_assigner'] },
  '/review-pre-treat': { permissions: ['api.view_pretreat', 'api.add_pretreat', 'api.pretreat_reviewer1', 'api.pretreat_reviewer2'] },
  '/completed-pre-treat': { permissions: ['api.view_pretreat', 'api.add_pretreat', 'api.pretreat_reviewer1', 'api.pretreat_reviewer2'] },
  // the application sheet: read by these; filled by the assigned applicator, reviewers and superusers (per record)
  '/pretreats/:id': { permissions: ['api.view_pretreat', 'api.add_pretreat', 'api.pretreat_assigner', 'api.pretreat_reviewer1', 'api.pretreat_reviewer2'] },
  // issue 12 — review, PDFs, restarts, application records (decisions 0039–0042)
  // the review sheet: read by whoever reads the review list; filled by reviewers and superusers (REVIEW)
  '/review-pre-treat/:id': { permissions: ['api.view_pretreat', 'api.add_pretreat', 'api.pretreat_reviewer1', 'api.pretreat_reviewer2'] },
  // a completed pre-treat in a read-only modal over the completed list
  '/completed-pre-treat/:id': { permissions: ['api.view_pretreat', 'api.add_pretreat', 'api.pretreat_reviewer1', 'api.pretreat_reviewer2'] },
  // the pre-treat sheet's PDF (the completed lists' PDF column, spec §6): GET the PDF itself, POST /convert/{id}/?type=pretreat its pdf_url
  '/pretreats/:id/pdf': { permissions: ['api.add_pretreat', 'api.pretreat_reviewer1', 'api.pretreat_reviewer2'] },
  '/convert/:id': { permissions: ['api.add_pretreat', 'api.pretreat_reviewer1', 'api.pretreat_reviewer2'] },
  // the print summary (spec §6: assigners, the scheduled list): POST /convert/?type=pt-summary
  '/convert': { permissions: ['api.pretreat_assigner'] },
  // restarts: whoever works on pre-treats confirms a storage runs again
  '/pending-restarts': { permissions: ['api.view_pretreat', 'api.add_pretreat', 'api.pretreat_assigner', 'api.pretreat_reviewer1', 'api.pretreat_reviewer2'] },
  '/completed-restarts': { permissions: ['api.view_pretreat', 'api.add_pretreat', 'api.pretreat_assigner', 'api.pretreat_reviewer1', 'api.pretreat_reviewer2'] },
  '/restarts/:id': { permissions: ['api.view_pretreat', 'api.add_pretreat', 'api.pretreat_assigner', 'api.pretreat_reviewer1', 'api.pretreat_reviewer2'] },
  // restart follow-ups (issue 24): the assigners see and close them
  '/follow-ups': { permissions: ['api.pretreat_assigner'] },
  // the application records (IDAPA 02.03.03) and their season summary: the office and the reviewers
  '/application-records': { permissions: ['api.add_pretreat', 'api.pretreat_reviewer1', 'api.pretreat_reviewer2'] },
  '/season-summary': { permissions: ['api.add_pretreat', 'api.pretreat_reviewer1', 'api.pretreat_reviewer2'] },
  // issue 24 — the dispatch board (decision 0066): assigners plan and assign the week
  '/dispatch': { permissions: ['api.pretreat_assigner'] },
} as const satisfies Record<string, Access>

export type ScreenPath = keyof typeof ACCESS

type Viewer = Pick<SessionUser, 'is_staff' | 'is_superuser' | 'permissions'> | null | undefined

export function mayOpen(user: Viewer, access: Access): boolean {
  if (!user) return false
  return user.is_superuser || (!!access.staff && user.is_staff) || hasAnyPermission(user, access.permissions)
}

/** One rule that lets in whoever any of `rules` lets in (a section menu: any of its screens). */
export function anyOf(rules: readonly Access[]): Access {
  return { permissions: [...new Set(rules.flatMap((r) => r.permissions))], staff: rules.some((r) => r.staff) }
}
