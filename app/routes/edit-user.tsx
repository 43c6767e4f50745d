// Edit User, its user step: /edit-user asks for a username (a GET form: ?user=name goes on to
// /edit-user/{id}, so it works without JavaScript; with it, an exact name goes on at once, as the
// CompanyPicker does); /edit-user/{id} is the child route (edit-user.$id.tsx), the user form.
import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Outlet, useLoaderData, useNavigate } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { Combobox } from '#app/components/form/combobox-field.tsx'
import { useHydrated } from '#app/components/use-hydrated.ts'
import { USER_MESSAGES } from '#core/schemas/user.ts'
import { getDb } from '#db/client.server.ts'
import { userByUsername, userOptions } from '#db/queries/users.ts'

export const access = ACCESS['/edit-user']
export const meta: MetaFunction = () => [{ title: 'Edit User' }]
export const handle = { crumbs: [{ label: 'Admin', to: '/manage' }, { label: 'Edit User', to: '/edit-user' }] }

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  if (params.id !== undefined) return { picker: null }
  const db = getDb()
  const text = (new URL(request.url).searchParams.get('user') ?? '').trim()
  const chosen = text ? await userByUsername(db, text) : undefined
  if (chosen) throw redirect(`/edit-user/${chosen.id}`)
  return { picker: { users: await userOptions(db), text: text.slice(0, 200), problem: text ? USER_MESSAGES.user : undefined } }
}

export default function EditUserStep() {
  const { picker } = useLoaderData<typeof loader>()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const [text, setText] = useState(picker?.text ?? '')
  useEffect(() => setText(picker?.text ?? ''), [picker?.text])
  if (!picker) return <Outlet />
  const choose = (value: string) => {
    setText(value)
    const user = picker.users.find((u) => u.name.toLowerCase() === value.trim().toLowerCase())
    if (user) navigate(`/edit-user/${user.id}`)
  }
  return (
    <>
      <h1>Edit User</h1>
      <div className="form-page">
        <Form method="get" action="/edit-user" className="form company-picker" aria-label="Choose a user">
          <fieldset className="stage">
            <legend>Choose a user</legend>
            <Combobox id="user" label="Username" name="user" options={picker.users.map((u) => ({ id: u.id, value: u.name }))} value={text} onChange={choose} problem={picker.problem} hint="Type a username from the list." />
            {hydrated ? null : (
              <div className="form-actions">
                <button type="submit" className="button button-secondary">
                  Continue
                </button>
              </div>
            )}
          </fieldset>
        </Form>
      </div>
    </>
  )
}
