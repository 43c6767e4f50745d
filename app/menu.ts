// Every menu of the app as data: the home cards (the main menu), the section menus and the side
// menu are all drawn from here. A link shows when the user may open its target: the target's own
// rule (access.ts, the one its loader checks), or for a section, any of its screens' rules. A
// section with no visible card is hidden. Menus link to built screens only (ScreenPath): the
// spec's other sections (storage checks, receipts, growers, contacts, pre-treats, admin) get their
// cards with their screens.
import { ACCESS, anyOf, mayOpen, type Access, type ScreenPath } from './access.ts'
import type { SessionUser } from '#core/permissions.ts'

export interface MenuItem {
  to: string
  title: string
  description: string
  access: Access
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
  /** whoever may open any of its screens */
  access: Access
}

function screen(to: ScreenPath, title: string, description: string): MenuItem {
  return { to, title, description, access: ACCESS[to] }
}

/** `admin`: the spec's admin-flagged card, which staff see whatever their permissions. */
function sectionMenuOf(path: string, title: string, description: string, sections: MenuSection[], { admin = false } = {}): SectionMenu {
  const access = anyOf(sections.flatMap((s) => s.items.map((i) => i.access)))
  return { path, title, description, sections, access: admin ? { ...access, staff: true } : access }
}

export const SECTION_MENUS: SectionMenu[] = [
  sectionMenuOf('/service', 'Service', 'Call-ins, service sheets and their reviews.', [
    {
      id: 'create',
      title: 'Create',
      items: [screen('/service-call', 'New Call', 'Log a service call from a grower.'), screen('/service-form', 'New Service Sheet', 'Record hours, parts and photos of a service.')],
    },
    {
      id: 'view',
      title: 'View',
      items: [screen('/view-calls', 'Pending Calls', 'Service calls waiting for a visit.'), screen('/view-service', 'Completed Service Sheets', 'Every submitted service sheet.')],
    },
    {
      id: 'review',
      title: 'Review',
      items: [screen('/review-sheets', 'Available Reviews', 'Sheets waiting for your review level.'), screen('/completed-reviews', 'Completed Reviews', 'Reviews already approved.')],
    },
    { id: 'status', title: 'Status', items: [screen('/sheet-status', 'Service Sheet Tracker', 'Where each sheet stands in review.')] },
  ]),
  // Growers is not in the spec's contacts menu: Add/Edit Grower and Add Contact are on no menu
  // there (nor on the admin menu); here they are reachable (docs/decisions/0023).
  sectionMenuOf('/contacts', 'Contacts', 'Growers, their contacts and the notes of every conversation.', [
    {
      id: 'forms',
      title: 'Forms',
      items: [
        screen('/storage-check-form', 'Storage Check Form', 'Record a storage check: readings, pile temperatures and photos.'),
        screen('/interaction-form', 'Customer Notes Form', 'Write down a conversation with a grower contact.'),
      ],
    },
    {
      id: 'views',
      title: 'Views',
      items: [screen('/view-contact', 'Company Contacts', "A grower's contacts."), screen('/view-interaction', 'Company Interactions', "A grower's notes, newest first.")],
    },
    {
      id: 'growers',
      title: 'Growers',
      items: [
        screen('/add-grower', 'Add Grower', 'A new grower (customer company).'),
        screen('/edit-grower', 'Edit Grower', "Change a grower's details."),
        screen('/add-contact', 'Add Contact', 'A new contact for a grower.'),
      ],
    },
  ]),
  sectionMenuOf('/checks', 'Storage Checks', 'Storage checks: readings, piles and photos.', [
    { id: 'create', title: 'Create', items: [screen('/storage-check-form', 'Storage Check Form', 'Record a storage check: readings, pile temperatures and photos.')] },
    {
      id: 'view',
      title: 'View',
      items: [
        screen('/view-storage-check', 'View Storage Checks', 'Every storage check, with its readings.'),
        screen('/checks-due', 'Checks Due', 'Storages whose last check is older than their grower’s interval.'),
      ],
    },
  ]),
  sectionMenuOf('/receipt', 'Receipts', 'Fuel, expense and parts receipts with their images.', [
    { id: 'create', title: 'Create', items: [screen('/receipt-form', 'New Receipt', 'Record a fuel, expense or parts receipt with its photo.')] },
    { id: 'view', title: 'View', items: [screen('/view-receipt', 'Receipts', 'Every receipt, with its images.')] },
  ]),
  // issue 11 — the pre-treat lists (docs/decisions/0036); the spec's four tabs
  sectionMenuOf('/pretreats', 'Pre-Treats', 'Create, stage, schedule and assign pre-treats; review, restart and keep their records.', [
    {
      id: 'staged',
      title: 'Create & Staged',
      items: [
        screen('/create-pre-treat', 'New Pre-Treat', 'Plan a treatment: storage, chemicals and quantities.'),
        screen('/staged-pre-treat', 'Staged Pre-Treats', 'Saved to staging, not yet on the schedule.'),
      ],
    },
    {
      id: 'scheduled',
      title: 'Scheduled',
      items: [
        screen('/scheduled-pre-treat', 'Scheduled Pre-Treats', 'On the schedule: assign an applicator and follow the sheets.'),
        // issue 24 (decision 0066)
        screen('/dispatch', 'Dispatch Board', 'The week’s pre-treats by applicator and day: plan, assign and move them.'),
      ],
    },
    {
      id: 'review',
      title: 'Reviews & Restarts',
      items: [
        screen('/review-pre-treat', 'Review Pre-Treats', 'Submitted sheets waiting for review and pricing.'),
        screen('/pending-restarts', 'Pending Restarts', 'Treated storages still to be confirmed running again.'),
        screen('/completed-restarts', 'Completed Restarts', 'Restart checklists done, with their pre-treat sheets.'),
        screen('/follow-ups', 'Restart Follow-Ups', 'Storages a restart found not running or not cleaned up, until resolved.'),
      ],
    },
    {
      id: 'completed',
      title: 'Completed',
      items: [
        screen('/completed-pre-treat', 'Completed Pre-Treats', 'Reviewed and complete, with their PDFs.'),
        screen('/application-records', 'Application Records', 'The record the law asks for, for every application.'),
        screen('/season-summary', 'Season Summary', 'A season’s totals by grower, applicator licence and product.'),
      ],
    },
  ]),
  // Staff see the Admin card (spec: admin-flagged); each screen on it still needs its own rule.
  sectionMenuOf(
    '/manage',
    'Admin',
    'Storages, jobs, trucks, parts, products, applicators, users and where every workflow stands.',
    [
      {
        id: 'storages',
        title: 'Storages',
        items: [
          screen('/manage-storage', 'Manage Storages', "A grower's storages: open one to change it, or add one."),
          screen('/add-storage', 'Add Storage', 'A new storage for a grower, with its equipment and photos.'),
        ],
      },
      {
        id: 'service',
        title: 'Service',
        items: [
          // jobs, trucks, parts
          screen('/manage-job', 'Jobs', 'Job numbers with their customer and storage.'),
          screen('/manage-truck', 'Trucks', 'The company trucks receipts are logged against.'),
          screen('/manage-part', 'Parts', 'The parts list of the service sheets.'),
        ],
      },
      {
        id: 'pretreats',
        title: 'Pre-Treats',
        items: [
          // products and applications, applicators
          screen('/manage-product', 'Products', 'Chemicals: units, quantity inputs and label limits.'),
          screen('/manage-application', 'Applications', 'Treatments with their base price and chemicals.'),
          screen('/manage-applicator', 'Applicators', 'Licensed applicators and when their licenses expire.'),
          // destinations and pre-written messages
          screen('/manage-destination', 'Destinations', 'The customers a pre-treat’s potatoes go to.'),
          screen('/manage-message', 'Pre-Written Messages', 'The restart instructions a pre-treat can carry.'),
        ],
      },
      {
        id: 'users',
        title: 'Users',
        items: [
          // users
          screen('/manage-user', 'Users', 'Every account: who may do what, and who is active.'),
          screen('/add-user', 'Add User', 'A new account with its permissions and groups.'),
          screen('/edit-user', 'Edit User', "Change an account's details, permissions or password."),
        ],
      },
      {
        id: 'workflows',
        title: 'Workflows',
        items: [
          // the workflow inspector
          screen('/manage-workflows', 'Workflow Inspector', 'Every call-in, service sheet and pre-treat: its state, next steps and history.'),
          screen('/outgoing-mail', 'Outgoing Mail', 'The grower’s reports e-mailed at completion or sent again, and what became of each.'),
          screen('/backups', 'Backups', 'When each backup of the database and files finished, and what it holds.'),
        ],
      },
    ],
    { admin: true },
  ),
]

export function sectionMenu(path: string): SectionMenu {
  const menu = SECTION_MENUS.find((m) => m.path === path)
  if (!menu) throw new Error(`No section menu at ${path}`)
  return menu
}

function section(path: string, description: string): MenuItem {
  const menu = sectionMenu(path)
  return { to: menu.path, title: menu.title, description, access: menu.access }
}

// In the spec's order (auditing, checks, service, storage, pre-treats, receipts, admin); Contacts,
// which the spec reaches from the storage picker's panel, closes the list (docs/decisions/0023).
export const MAIN_MENU: MenuItem[] = [
  screen('/auditing', 'Auditing', 'The auditing file drive.'),
  section('/checks', 'Storage checks, the checks list and the storages due for a check.'),
  section('/service', 'Call-ins, service sheets, reviews and the sheet tracker.'),
  screen('/storage', 'Growers', "A grower's storages: checks, service calls and pre-treats of each."),
  section('/pretreats', 'Create, stage, schedule and assign pre-treats; reviews and completed sheets.'),
  section('/receipt', 'Fuel, expense and parts receipts.'),
  section('/manage', 'Storages, jobs, trucks, parts, products, applicators, users and workflows.'),
  section('/contacts', 'Growers, contacts, customer notes and follow-ups due.'),
]

type Viewer = Pick<SessionUser, 'is_staff' | 'is_superuser' | 'permissions'> | null | undefined

export function visibleItems(user: Viewer, items: readonly MenuItem[]): MenuItem[] {
  return items.filter((item) => mayOpen(user, item.access))
}

/** The sections of a menu that have at least one visible item, each holding only those items. */
export function visibleSections(user: Viewer, menu: SectionMenu): MenuSection[] {
  return menu.sections.map((s) => ({ ...s, items: visibleItems(user, s.items) })).filter((s) => s.items.length > 0)
}
