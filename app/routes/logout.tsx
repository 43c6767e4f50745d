import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { readForm } from '#app/auth/guard.server.ts'
import { endSession } from '#app/auth/session.server.ts'
import { getDb } from '#db/client.server.ts'

// Sign-out is a POST (no state change on GET); a GET just goes home.
export const loader = () => redirect('/')

export async function action({ request }: ActionFunctionArgs) {
  await readForm(request)
  return redirect('/', { headers: { 'Set-Cookie': await endSession(getDb(), request) } })
}
