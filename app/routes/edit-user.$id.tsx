// Edit User (/edit-user/{id}): the Add User form with the account's values. A superuser's account
// is a superuser's to change (anyone else gets a 403: they could otherwise set its password).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { clientActionCatchingNetworkErrors } from '#app/components/form/app-form.tsx'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { forbidden, notFound } from '#app/http-errors.server.ts'
import { getDb } from '#db/client.server.ts'
import { userForEdit } from '#db/queries/users.ts'
import { UserForm } from './add-user/user-form.tsx'
import { userAction, userFormChoices } from './add-user/user-form.server.ts'
import { parseId } from '#core/ids.ts'

export const access = ACCESS['/edit-user']
export const meta: MetaFunction = () => [{ title: 'Edit User' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireAccess(request, access)
  const db = getDb()
  const id = parseId(params.id)
  const user = id === null ? undefined : await userForEdit(db, id)
  if (!user) throw notFound('No such user.')
  if (user.is_superuser && !viewer.is_superuser) throw forbidden('Only a superuser can change a superuser’s account.')
  return { user, ...(await userFormChoices(db, viewer, user)) }
}

export const action = (args: ActionFunctionArgs) => userAction(args, access, 'edit')
export const clientAction = clientActionCatchingNetworkErrors

export default function EditUser() {
  const data = useLoaderData<typeof loader>()
  return (
    <>
      <h1>Edit User</h1>
      <p className="subtitle">{data.user.username}</p>
      {/* the form alone: a form page's grid keeps its narrow first column for a picker */}
      <UserForm key={data.user.id} {...data} />
    </>
  )
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/edit-user" />
}
