// Every menu of the app as data: the home cards (the main menu), the section menus and the side
// menu are all drawn from here. An item shows when the user holds any of its permissions; staff
// also see items flagged admin. A section with no visible item is hidden.
import { hasAnyPermission, REVIEW_PERMISSIONS, type Permission, type SessionUser } from '#core/permissions.ts'

export interface MenuItem {
  to: string
  title: string
  description: string
  permissions: readonly Permission[]
  admin?: boolean
}

export interface MenuSection {
  id: string
  title: string
  items: MenuItem[]
}

export interface SectionMenu {
  path: string
  title: string
  description: string
  sections: MenuSection[]
}

const SERVICE_VIEWERS: Permission[] = ['api.add_callin', 'api.view_callin', 'api.add_servicesheet', 'api.view_servicesheet', ...REVIEW_PERMISSIONS]
const CUSTOMERS: Permission[] = ['api.add_customer', 'api.view_customer', 'api.add_contact', 'api.add_company', 'api.change_company', 'api.add_storagecheck']
const PRETREATS: Permission[] = ['api.view_pretreat', 'api.add_pretreat', 'api.pretreat_assigner', 'api.pretreat_reviewer1', 'api.pretreat_reviewer2']
const ADMIN: Permission[] = ['api.add_storage', 'api.change_storage', 'api.add_job', 'api.change_job', 'api.add_truck', 'api.change_truck', 'api.add_part', 'api.change_part', 'api.view_workflowevent']

export const MAIN_MENU: MenuItem[] = [
  { to: '/service', title: 'Service', description: 'Call-ins, service sheets, reviews and the sheet tracker.', permissions: SERVICE_VIEWERS },
  { to: '/pretreats', title: 'Pre-Treats', description: 'Create, schedule, apply and review sprout-inhibitor treatments.', permissions: PRETREATS },
  { to: '/checks', title: 'Storage Checks', description: 'Record and review storage readings.', permissions: ['api.add_storagecheck', 'api.view_storagecheck'] },
  { to: '/receipt', title: 'Receipts', description: 'Fuel, expense and parts receipts.', permissions: ['api.add_receipt', 'api.view_receipt'] },
  { to: '/storage', title: 'Growers', description: 'Growers and their storages.', permissions: ['api.view_storage'] },
  { to: '/contacts', title: 'Contacts', description: 'Grower contacts and customer notes.', permissions: CUSTOMERS },
  { to: '/auditing', title: 'Auditing', description: 'The auditing file drive.', permissions: ['api.add_s3bucket', 'api.view_s3bucket', 'api.s3_admin'] },
  { to: '/manage', title: 'Admin', description: 'Storages, jobs, trucks, parts and workflow history.', permissions: ADMIN, admin: true },
]

export const SECTION_MENUS: SectionMenu[] = [
  {
    path: '/service',
    title: 'Service',
    description: 'Call-ins, service sheets and their reviews.',
    sections: [
      {
        id: 'create',
        title: 'Create',
        items: [
          { to: '/service-call', title: 'New Call', description: 'Log a service call from a grower.', permissions: ['api.add_callin'] },
          { to: '/service-form', title: 'New Service Sheet', description: 'Record hours, parts and photos of a service.', permissions: ['api.add_servicesheet'] },
        ],
      },
      {
        id: 'view',
        title: 'View',
        items: [
          { to: '/view-calls', title: 'Pending Calls', description: 'Service calls waiting for a visit.', permissions: ['api.view_callin'] },
          { to: '/view-service', title: 'Completed Service Sheets', description: 'Every submitted service sheet.', permissions: ['api.view_servicesheet'] },
        ],
      },
      {
        id: 'review',
        title: 'Review',
        items: [
          { to: '/review-sheets', title: 'Available Reviews', description: 'Sheets waiting for your review level.', permissions: REVIEW_PERMISSIONS },
          { to: '/completed-reviews', title: 'Completed Reviews', description: 'Reviews already approved.', permissions: ['api.can_review_3'] },
        ],
      },
      {
        id: 'status',
        title: 'Status',
        items: [{ to: '/sheet-status', title: 'Service Sheet Tracker', description: 'Where each sheet stands in review.', permissions: REVIEW_PERMISSIONS }],
      },
    ],
  },
  {
    path: '/receipt',
    title: 'Receipts',
    description: 'Fuel, expense and parts receipts.',
    sections: [
      { id: 'create', title: 'Create', items: [{ to: '/receipt-form', title: 'New Receipt', description: 'Record a receipt with its image.', permissions: ['api.add_receipt'] }] },
      { id: 'view', title: 'View', items: [{ to: '/view-receipt', title: 'Receipts', description: 'All recorded receipts.', permissions: ['api.view_receipt'] }] },
    ],
  },
  {
    path: '/checks',
    title: 'Storage Checks',
    description: 'Storage readings through the season.',
    sections: [
      { id: 'forms', title: 'Forms', items: [{ to: '/storage-check-form', title: 'Storage Check', description: 'Record a storage check.', permissions: ['api.add_storagecheck'] }] },
      { id: 'views', title: 'Views', items: [{ to: '/view-storage-check', title: 'Storage Checks', description: 'All recorded storage checks.', permissions: ['api.view_storagecheck'] }] },
    ],
  },
  {
    path: '/contacts',
    title: 'Contacts',
    description: 'Grower contacts and customer notes.',
    sections: [
      {
        id: 'forms',
        title: 'Forms',
        items: [
          { to: '/storage-check-form', title: 'Storage Check', description: 'Record a storage check.', permissions: ['api.add_storagecheck'] },
          { to: '/interaction-form', title: 'Customer Notes', description: 'Write notes on a talk with a contact.', permissions: ['api.add_customer'] },
          { to: '/add-grower', title: 'Add Grower', description: 'Add a grower company.', permissions: ['api.add_company'] },
          { to: '/edit-grower', title: 'Edit Grower', description: "Change a grower's details.", permissions: ['api.change_company'] },
          { to: '/add-contact', title: 'Add Contact', description: 'Add a contact to a grower.', permissions: ['api.add_contact'] },
        ],
      },
      {
        id: 'views',
        title: 'Views',
        items: [
          { to: '/view-contact', title: 'Company Contacts', description: "A grower's contacts.", permissions: ['api.view_customer'] },
          { to: '/view-interaction', title: 'Company Interactions', description: "Notes of a grower's interactions.", permissions: ['api.view_customer'] },
        ],
      },
    ],
  },
  {
    path: '/pretreats',
    title: 'Pre-Treats',
    description: 'Sprout-inhibitor treatments from creation to PDF.',
    sections: [
      {
        id: 'create',
        title: 'Create & Staged',
        items: [
          { to: '/create-pre-treat', title: 'Create Pre-Treat', description: 'Start a new pre-treat.', permissions: ['api.add_pretreat'] },
          { to: '/staged-pre-treat', title: 'Staged', description: 'Pre-treats staged for later.', permissions: PRETREATS },
        ],
      },
      { id: 'scheduled', title: 'Scheduled', items: [{ to: '/scheduled-pre-treat', title: 'Scheduled', description: 'Pre-treats to assign and apply.', permissions: PRETREATS }] },
      {
        id: 'reviews',
        title: 'Reviews & Restarts',
        items: [
          { to: '/review-pre-treat', title: 'Reviews', description: 'Application sheets waiting for review.', permissions: ['api.pretreat_reviewer1', 'api.pretreat_reviewer2'] },
          { to: '/pending-restarts', title: 'Pending Restarts', description: 'Restart checklists to complete.', permissions: PRETREATS },
        ],
      },
      { id: 'completed', title: 'Completed', items: [{ to: '/completed-pre-treat', title: 'Completed', description: 'Finished pre-treats and their PDFs.', permissions: PRETREATS }] },
    ],
  },
  {
    path: '/storage',
    title: 'Growers',
    description: 'Growers and their storages.',
    sections: [
      {
        id: 'growers',
        title: 'Growers',
        items: [
          { to: '/add-grower', title: 'Add Grower', description: 'Add a grower company.', permissions: ['api.add_company'] },
          { to: '/edit-grower', title: 'Edit Grower', description: "Change a grower's details.", permissions: ['api.change_company'] },
          { to: '/manage-storage', title: 'Storages', description: 'Add and edit storages.', permissions: ['api.add_storage', 'api.change_storage'] },
        ],
      },
    ],
  },
  {
    path: '/manage',
    title: 'Admin',
    description: 'Storages, jobs, trucks, parts and workflow history.',
    sections: [
      {
        id: 'registry',
        title: 'Registry',
        items: [
          { to: '/manage-storage', title: 'Storages', description: 'Add and edit storages.', permissions: ['api.add_storage', 'api.change_storage'], admin: true },
          { to: '/manage-job', title: 'Jobs', description: 'Add and edit jobs.', permissions: ['api.add_job', 'api.change_job'], admin: true },
          { to: '/manage-truck', title: 'Trucks', description: 'Add and edit trucks.', permissions: ['api.add_truck', 'api.change_truck'], admin: true },
          { to: '/manage-part', title: 'Parts', description: 'Add and edit parts.', permissions: ['api.add_part', 'api.change_part'], admin: true },
        ],
      },
      {
        id: 'workflows',
        title: 'Workflows',
        items: [{ to: '/manage-workflows', title: 'Workflow Inspector', description: 'Where every workflow stands, and its history.', permissions: ['api.view_workflowevent'], admin: true }],
      },
    ],
  },
]

type Viewer = Pick<SessionUser, 'is_staff' | 'is_superuser' | 'permissions'> | null | undefined

export function canSee(user: Viewer, item: Pick<MenuItem, 'permissions' | 'admin'>): boolean {
  if (!user) return false
  return (!!item.admin && user.is_staff) || hasAnyPermission(user, item.permissions)
}

export function visibleItems(user: Viewer, items: readonly MenuItem[]): MenuItem[] {
  return items.filter((item) => canSee(user, item))
}

/** The sections of a menu that have at least one visible item, each holding only those items. */
export function visibleSections(user: Viewer, menu: SectionMenu): MenuSection[] {
  return menu.sections.map((s) => ({ ...s, items: visibleItems(user, s.items) })).filter((s) => s.items.length > 0)
}

export function sectionMenu(path: string): SectionMenu {
  const menu = SECTION_MENUS.find((m) => m.path === path)
  if (!menu) throw new Error(`No section menu at ${path}`)
  return menu
}
