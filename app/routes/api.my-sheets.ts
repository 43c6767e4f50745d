import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireApiUser } from '#app/auth/guard.server.ts'
import { APPLICATOR_STATES } from '#core/workflow-states.ts'
import { getDb } from '#db/client.server.ts'

// GET /api/my-sheets → { sheets: ['/pretreats/12', …] }: the signed-in user's assigned sheets not
// yet submitted, which the service worker pre-caches so they open with no signal (decision 0038).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  const rows = await getDb()
    .selectFrom('pretreats as p')
    .innerJoin('applicators as a', 'a.id', 'p.assigned_to')
    .select('p.id')
    .where('a.user_id', '=', user.id)
    .where('p.status', 'in', APPLICATOR_STATES)
    .where('p.void', '=', false)
    .orderBy('p.id')
    .limit(100)
    .execute()
  return Response.json({ sheets: rows.map((r) => `/pretreats/${r.id}`) }, { headers: { 'Cache-Control': 'no-store' } })
}
