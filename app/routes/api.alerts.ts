import type { LoaderFunctionArgs } from '@remix-run/node'
import { alertsFor } from '#app/alerts.server.ts'
import { requireApiUser } from '#app/auth/guard.server.ts'
import { getDb } from '#db/client.server.ts'

// GET /api/alerts/ → [{ type, count }] for the alert types this user may see.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  return Response.json(await alertsFor(getDb(), user), { headers: { 'Cache-Control': 'no-store' } })
}
