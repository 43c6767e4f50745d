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
  // issue 10 — detail
  '/view-storage/:id': { permissions: ['api.view_storage'] },
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
