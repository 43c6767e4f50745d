// The one typed list of permission codenames (the spec's Django-style names). Shared by the
// server (checks) and the browser (which menu items to show). Superusers hold all of them.

export const PERMISSIONS = {
  // Auditing drive
  'api.add_s3bucket': 'Can upload files and create folders in the drive',
  'api.view_s3bucket': 'Can browse the drive',
  'api.delete_s3bucket': 'Can delete drive files and folders',
  'api.s3_admin': 'Can administer the drive',
  // Storage checks
  'api.add_storagecheck': 'Can add storage checks',
  'api.view_storagecheck': 'Can view storage checks',
  'api.change_storagecheck': 'Can correct and delete any storage check',
  // Service
  'api.add_callin': 'Can add call-ins',
  'api.view_callin': 'Can view call-ins',
  'api.add_servicesheet': 'Can add service sheets',
  'api.view_servicesheet': 'Can view service sheets',
  'api.can_review_1': 'Can review service sheets at level 1',
  'api.can_review_2': 'Can review service sheets at level 2',
  'api.can_review_3': 'Can review service sheets at level 3',
  // Receipts
  'api.add_receipt': 'Can add receipts',
  'api.view_receipt': 'Can view receipts',
  'api.change_receipt': 'Can correct and delete any receipt',
  // Customers
  'api.add_customer': 'Can add customer interactions',
  'api.view_customer': 'Can view customer contacts and interactions',
  'api.view_customerinteraction': 'Can see the customer interaction panel',
  'api.change_customerinteraction': 'Can correct and delete any customer note',
  'api.add_contact': 'Can add contacts',
  'api.add_company': 'Can add growers',
  'api.change_company': 'Can edit growers',
  // Storages
  'api.view_storage': 'Can browse storages',
  'api.add_storage': 'Can add storages',
  'api.change_storage': 'Can edit storages',
  // Pre-treats
  'api.view_pretreat': 'Can view pre-treats',
  'api.add_pretreat': 'Can create, edit and stage pre-treats',
  'api.pretreat_assigner': 'Can assign applicators and print summaries',
  'api.pretreat_reviewer1': 'Can review pre-treats at the first level',
  'api.pretreat_reviewer2': 'Can review pre-treats at the second level',
  // Administration (the spec leaves these names open; Django's add/change/view convention,
  // docs/decisions/0027-admin-permissions.md)
  'api.view_job': 'Can view jobs',
  'api.add_job': 'Can add jobs',
  'api.change_job': 'Can edit jobs',
  'api.view_truck': 'Can view trucks',
  'api.add_truck': 'Can add trucks',
  'api.change_truck': 'Can edit trucks',
  'api.view_part': 'Can view parts',
  'api.add_part': 'Can add parts',
  'api.change_part': 'Can edit parts',
  'api.view_product': 'Can view products and applications',
  'api.add_product': 'Can add products and applications',
  'api.change_product': 'Can edit products and applications',
  'api.view_applicator': 'Can view applicators',
  'api.add_applicator': 'Can add applicators',
  'api.change_applicator': 'Can edit applicators',
  'api.view_destination': 'Can view pre-treat destinations',
  'api.change_destination': 'Can add and edit pre-treat destinations',
  'api.view_pretreatmessage': 'Can view pre-written messages',
  'api.change_pretreatmessage': 'Can add and edit pre-written messages',
  'api.view_user': 'Can view users',
  'api.add_user': 'Can add users',
  'api.change_user': 'Can edit users, their permissions, groups and passwords',
  'api.view_workflowevent': 'Can inspect workflow history',
} as const

export type Permission = keyof typeof PERMISSIONS

/**
 * The permissions by area, in the order of PERMISSIONS (its comments name the areas): the user form
 * shows one group of checkboxes per area. permissions.unit.test.ts checks every name is in one area.
 */
export const PERMISSION_AREAS: readonly { area: string; permissions: readonly Permission[] }[] = [
  { area: 'Auditing drive', permissions: ['api.add_s3bucket', 'api.view_s3bucket', 'api.delete_s3bucket', 'api.s3_admin'] },
  { area: 'Storage checks', permissions: ['api.add_storagecheck', 'api.view_storagecheck', 'api.change_storagecheck'] },
  {
    area: 'Service',
    permissions: ['api.add_callin', 'api.view_callin', 'api.add_servicesheet', 'api.view_servicesheet', 'api.can_review_1', 'api.can_review_2', 'api.can_review_3'],
  },
  { area: 'Receipts', permissions: ['api.add_receipt', 'api.view_receipt', 'api.change_receipt'] },
  {
    area: 'Customers',
    permissions: ['api.add_customer', 'api.view_customer', 'api.view_customerinteraction', 'api.change_customerinteraction', 'api.add_contact', 'api.add_company', 'api.change_company'],
  },
  { area: 'Storages', permissions: ['api.view_storage', 'api.add_storage', 'api.change_storage'] },
  { area: 'Pre-treats', permissions: ['api.view_pretreat', 'api.add_pretreat', 'api.pretreat_assigner', 'api.pretreat_reviewer1', 'api.pretreat_reviewer2'] },
  {
    area: 'Administration',
    permissions: [
      'api.view_job',
      'api.add_job',
      'api.change_job',
      'api.view_truck',
      'api.add_truck',
      'api.change_truck',
      'api.view_part',
      'api.add_part',
      'api.change_part',
      'api.view_product',
      'api.add_product',
      'api.change_product',
      'api.view_applicator',
      'api.add_applicator',
      'api.change_applicator',
      'api.view_destination',
      'api.change_destination',
      'api.view_pretreatmessage',
      'api.change_pretreatmessage',
      'api.view_user',
      'api.add_user',
      'api.change_user',
      'api.view_workflowevent',
    ],
  },
]

export const PERMISSION_CODENAMES = Object.keys(PERMISSIONS) as Permission[]

/** Any one of them opens the review lists and the sheet tracker (spec §6). */
export const REVIEW_PERMISSIONS: readonly Permission[] = ['api.can_review_1', 'api.can_review_2', 'api.can_review_3']

export function isPermission(value: string): value is Permission {
  return Object.hasOwn(PERMISSIONS, value)
}

/** What the browser and server know about who is signed in. */
export interface SessionUser {
  id: number
  username: string
  first_name: string
  last_name: string
  email: string
  company_name: string
  is_staff: boolean
  is_superuser: boolean
  current_prefix: string
  permissions: Permission[]
}

export function hasPermission(user: Pick<SessionUser, 'is_superuser' | 'permissions'> | null | undefined, permission: Permission): boolean {
  return !!user && (user.is_superuser || user.permissions.includes(permission))
}

export function hasAnyPermission(user: Pick<SessionUser, 'is_superuser' | 'permissions'> | null | undefined, permissions: Permission | readonly Permission[]): boolean {
  return (typeof permissions === 'string' ? [permissions] : permissions).some((p) => hasPermission(user, p))
}

export function displayName(user: Pick<SessionUser, 'first_name' | 'last_name' | 'username'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.username
}
