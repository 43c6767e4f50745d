import type { LoaderFunctionArgs } from '@remix-run/node'
import { ACCESS, mayOpen } from '#app/access.ts'
import { requireApiUser } from '#app/auth/guard.server.ts'
import { SESSION_USER_HEADER } from '#app/auth/session.server.ts'
import { isCustomer } from '#commands/rules.ts'
import { getDb } from '#db/client.server.ts'
import { growerOptions } from '#db/queries/companies.ts'
import { noteContactChoices } from '#db/queries/contacts.ts'
import { placeChoices, type PlaceChoices } from '#db/queries/place-choices.ts'

const PICKER_FORMS = [ACCESS['/service-call'], ACCESS['/service-form'], ACCESS['/storage-check-form']]
const NOTES_FORM = ACCESS['/interaction-form']
/** Whoever may fill a form with a place picker, or write a customer note. */
const CHOICE_PERMISSIONS = [...new Set([...PICKER_FORMS, NOTES_FORM].flatMap((rule) => rule.permissions ?? []))]

const NO_PLACES: PlaceChoices = { companies: [], jobs: [], storages: [] }

// GET /api/choices → { companies, jobs, storages, growers, contacts }: every place a picker offers,
// and the growers and their contacts the Customer Notes Form offers (issue 22, decision 0059), each
// only to those who may fill such a form. The service worker keeps it with the user's pages (it
// names its owner, as a page does), so a form chooses on the device with no signal.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, CHOICE_PERMISSIONS)
  const db = getDb()
  const notes = mayOpen(user, NOTES_FORM)
  const [places, growers, contacts] = await Promise.all([
    PICKER_FORMS.some((rule) => mayOpen(user, rule)) ? placeChoices(db, isCustomer) : NO_PLACES,
    notes ? growerOptions(db, { activeOnly: true }) : [],
    notes ? noteContactChoices(db) : [],
  ])
  return Response.json({ ...places, growers, contacts }, { headers: { 'Cache-Control': 'no-store', [SESSION_USER_HEADER]: String(user.id) } })
}
