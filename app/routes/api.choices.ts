import type { LoaderFunctionArgs } from '@remix-run/node'
import { ACCESS } from '#app/access.ts'
import { requireApiUser } from '#app/auth/guard.server.ts'
import { SESSION_USER_HEADER } from '#app/auth/session.server.ts'
import { isCustomer } from '#commands/rules.ts'
import { getDb } from '#db/client.server.ts'
import { placeChoices } from '#db/queries/place-choices.ts'

/** Whoever may fill a form with a place picker. */
const PICKER_PERMISSIONS = [...new Set([ACCESS['/service-call'], ACCESS['/service-form'], ACCESS['/storage-check-form']].flatMap((rule) => rule.permissions ?? []))]

// GET /api/choices → { companies, jobs, storages }: every place a picker offers (issue 22,
// decision 0059). The service worker keeps it with the user's pages (it names its owner, as a page
// does), so a form's picker chooses a place on the device with no signal.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, PICKER_PERMISSIONS)
  return Response.json(await placeChoices(getDb(), isCustomer), { headers: { 'Cache-Control': 'no-store', [SESSION_USER_HEADER]: String(user.id) } })
}
