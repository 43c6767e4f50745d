import type { LoaderFunctionArgs } from '@remix-run/node'
import { ACCESS, mayOpen } from '#app/access.ts'
import { requireApiUser } from '#app/auth/guard.server.ts'
import { ALERTS, maySeeAlert } from '#app/alerts.ts'
import { MAIN_MENU, SECTION_MENUS, visibleItems, visibleSections } from '#app/menu.ts'
import { RECEIPT_TYPES } from '#core/enums.ts'
import { PRETREAT_STATE_SETS } from '#core/pretreat-states.ts'
import { getDb } from '#db/client.server.ts'
import { growerOptions } from '#db/queries/companies.ts'
import { inStates } from '#db/queries/states.ts'

/** The field forms a user may fill with no signal once the app was used online on the device (issue 22). */
const FIELD_FORMS = ['/service-call', '/service-form', '/storage-check-form', '/receipt-form'] as const
/** How many pending restarts' forms are kept ahead (the newest): each is fetched again at every pre-cache. */
const PENDING_RESTARTS_KEPT = 20
/** The list an applicator's assigned sheets are on (the bell's line opens it filtered to theirs). */
const ASSIGNED_LIST = '/scheduled-pre-treat'

// GET /api/my-sheets → { sheets: ['/pretreats/12', …], pages: ['/service', …] }: the signed-in
// user's assigned sheets not yet submitted and the lists that lead to them, and the section menus
// (each tab) and field forms they may open
// (with /api/choices, the places their pickers offer, and the newest pending restarts' forms),
// which the service worker pre-caches so they open with no signal (decisions 0038, 0059).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  const db = getDb()
  // the three reads at once: every page load asks (at most once a minute per device)
  const [rows, restarts, notes] = await Promise.all([
    db
      .selectFrom('pretreats as p')
      .innerJoin('applicators as a', 'a.id', 'p.assigned_to')
      .select('p.id')
      .where('a.user_id', '=', user.id)
      .where(inStates('p.status', PRETREAT_STATE_SETS.applicator))
      .where('p.void', '=', false)
      .orderBy('p.id')
      .limit(100)
      .execute(),
    // the restarts that wait, newest first: each is its own form, filled at the storage
    mayOpen(user, ACCESS['/restarts/:id'])
      ? db
          .selectFrom('restarts as r')
          .innerJoin('pretreats as p', 'p.id', 'r.pretreat_id')
          .select('r.id')
          .where('r.completed_at', 'is', null)
          .where('p.void', '=', false)
          .orderBy('r.id', 'desc')
          .limit(PENDING_RESTARTS_KEPT)
          .execute()
      : [],
    // the Customer Notes Form: its grower step, and one grower's form, which stands for every
    // grower's with no signal (the page then takes that grower and its contacts from /api/choices)
    mayOpen(user, ACCESS['/interaction-form']) ? notesFormPages() : [],
  ])
  const forms = FIELD_FORMS.filter((path) => mayOpen(user, ACCESS[path]))
  // the places their pickers offer and the growers' contacts, when they may fill a form that has them
  const choices = notes.length > 0 || forms.some((path) => path !== '/receipt-form') ? ['/api/choices'] : []
  // the receipt's second step is an address per type (its lists differ): each kept, so a type can be chosen offline
  const steps = forms.includes('/receipt-form') ? RECEIPT_TYPES.map((type) => `/receipt-form?type=${encodeURIComponent(type)}`) : []
  const menus = visibleItems(user, MAIN_MENU).map((item) => item.to)
  // each section menu's tabs: every tab is its own address (?tab=…), read offline as it is
  const tabs = SECTION_MENUS.filter((menu) => menus.includes(menu.path)).flatMap((menu) => visibleSections(user, menu).map((s) => `${menu.path}?tab=${s.id}`))
  // the assigned work: the bell's line of the user's sheets and the list it is on, beside the sheets themselves
  const assigned = rows.length > 0 && maySeeAlert(user, 'pretreats_assigned_to_me') ? [ASSIGNED_LIST, ALERTS.pretreats_assigned_to_me.to] : []
  // the worker keeps them in this order: the choices before the forms that read them, so a form on
  // the device never lacks its choices when the signal goes mid-way (issue 38, item 33)
  const pages = [...menus, ...tabs, ...assigned, ...choices, ...forms, ...steps, ...notes, ...restarts.map((r) => `/restarts/${r.id}`)]
  return Response.json({ sheets: rows.map((r) => `/pretreats/${r.id}`), pages }, { headers: { 'Cache-Control': 'no-store' } })
}

/** The notes form's grower step, and the form of the first active grower (any grower's stands for all offline). */
async function notesFormPages(): Promise<string[]> {
  const [first] = await growerOptions(getDb(), { activeOnly: true })
  return first ? ['/interaction-form', `/interaction-form/${first.id}`] : ['/interaction-form']
}
