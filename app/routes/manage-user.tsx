// Users: the list of every account (the list screen kit, a copy of view-calls.tsx). A row opens
// the account in Edit User for those who may edit it (a superuser's account only for superusers);
// manage-user[.]csv.ts exports the current filter and sort.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { useMayOpen } from '#app/components/admin/may-open.ts'
import { useRootData } from '#app/components/shell/root-data.ts'
import type { Column } from '#app/lists/columns.ts'
import { ListErrorBoundary, ListScreen, type CardLayout } from '#app/components/list/list-screen.tsx'
import { loadListScreen } from '#app/lists/list-screen.server.ts'
import { users, type UserListRow } from '#app/lists/user-list.server.ts'

export const access = ACCESS['/manage-user']
export const meta: MetaFunction = () => [{ title: 'Users' }]
export const handle = {
  crumbs: [
    { label: 'Admin', to: '/manage' },
    { label: 'Users', to: '/manage-user' },
  ],
}

export const loader = (args: LoaderFunctionArgs) => loadListScreen(args, access, users)

type Row = Pick<UserListRow, 'id' | 'username' | 'name' | 'email' | 'company_name' | 'is_staff' | 'is_superuser' | 'is_active'>

const yesNo = (value: boolean) => (value ? 'Yes' : 'No')

export const COLUMNS: Column<Row>[] = [
  { key: 'username', label: 'Username' },
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'company', label: 'Company', text: (r) => r.company_name },
  { key: 'staff', label: 'Staff', text: (r) => yesNo(r.is_staff) },
  { key: 'superuser', label: 'Superuser', text: (r) => yesNo(r.is_superuser) },
  { key: 'active', label: 'Active', text: (r) => yesNo(r.is_active) },
]

const CARD: CardLayout<Row> = {
  title: (r) => r.username,
  fields: [
    { label: 'Name', value: (r) => r.name || '—' },
    { label: 'Company', value: (r) => r.company_name ?? '—' },
    { label: 'Staff', value: (r) => yesNo(r.is_staff) },
    { label: 'Active', value: (r) => yesNo(r.is_active) },
  ],
}

const FILTERS = [
  { key: 'username', label: 'Username' },
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'company', label: 'Company' },
  { key: 'staff', label: 'Staff' },
  { key: 'superuser', label: 'Superuser' },
  { key: 'active', label: 'Active' },
]

export default function Users() {
  const { list, choices } = useLoaderData<typeof loader>()
  const mayAdd = useMayOpen(ACCESS['/add-user'])
  const mayEdit = useMayOpen(ACCESS['/edit-user'])
  const superuser = !!useRootData()?.user?.is_superuser
  return (
    <ListScreen
      title="Users"
      list={list}
      columns={COLUMNS}
      card={CARD}
      filters={FILTERS}
      choices={choices}
      empty="No users available."
      rowHref={(r) => (mayEdit && (superuser || !r.is_superuser) ? `/edit-user/${r.id}` : null)}
      actions={
        mayAdd ? (
          <Link to="/add-user" className="button">
            Add User
          </Link>
        ) : null
      }
      exportTo="/manage-user.csv"
    />
  )
}

export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching users" />
}
