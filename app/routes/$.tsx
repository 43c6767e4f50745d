import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server.ts'

// Any address no route claims: signed out → /login (the access rule holds for every path);
// signed in → 404, rendered by the root error boundary.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request)
  throw new Response('Not Found', { status: 404 })
}

export default function NotFound() {
  return null
}
