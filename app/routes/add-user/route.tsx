// Add User: a new account. The form and its save are Edit User's too (user-form.tsx,
// user-form.server.ts); a saved user leads to the users list.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { clientActionCatchingNetworkErrors } from '#app/components/form/app-form.tsx'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { getDb } from '#db/client.server.ts'
import { UserForm } from './user-form.tsx'
import { userAction, userFormChoices } from './user-form.server.ts'

export const access = ACCESS['/add-user']
export const meta: MetaFunction = () => [{ title: 'Add User' }]
export const handle = {
  crumbs: [
    { label: 'Admin', to: '/manage' },
    { label: 'Add User', to: '/add-user' },
  ],
}

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireAccess(request, access)
  return userFormChoices(getDb(), viewer, null)
}

export const action = (args: ActionFunctionArgs) => userAction(args, access, 'add')
export const clientAction = clientActionCatchingNetworkErrors

export default function AddUser() {
  const data = useLoaderData<typeof loader>()
  return (
    <>
      <h1>Add User</h1>
      {/* the form alone: a form page's grid keeps its narrow first column for a picker */}
      <UserForm user={null} {...data} />
    </>
  )
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/add-user" />
}
