// Edit User, its user step: /edit-user asks for a username (the admin RecordPicker: ?name= goes on
// to /edit-user/{id}); /edit-user/{id} is the child route (edit-user.$id.tsx), the user form.
import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { pickRecord, RecordPicker } from '#app/components/admin/record-picker.tsx'
import { USER_MESSAGES } from '#core/schemas/user.ts'
import { getDb } from '#db/client.server.ts'
import { userOptions } from '#db/queries/users.ts'

export const access = ACCESS['/edit-user']
export const meta: MetaFunction = () => [{ title: 'Edit User' }]
export const handle = {
  crumbs: [
    { label: 'Admin', to: '/manage' },
    { label: 'Edit User', to: '/edit-user' },
  ],
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  if (params.id !== undefined) return { picker: null }
  const step = pickRecord(await userOptions(getDb()), new URL(request.url).searchParams.get('name') ?? '', USER_MESSAGES.user)
  if ('chosen' in step) throw redirect(`/edit-user/${step.chosen}`)
  return { picker: step.picker }
}

export default function EditUserStep() {
  const { picker } = useLoaderData<typeof loader>()
  if (!picker) return <Outlet />
  return (
    <>
      <h1>Edit User</h1>
      <div className="form-page">
        <RecordPicker picker={picker} action="/edit-user" label="Username" legend="Choose a user" />
      </div>
    </>
  )
}
