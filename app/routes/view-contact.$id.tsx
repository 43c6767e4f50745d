// Company Contacts (/view-contact/{id}): a grower's contacts on the list screen kit (see
// view-calls.tsx), the catch-all 'Other' hidden (app/lists/contact-list.server.ts). A row leads to
// the notes written with that contact (Company Interactions, filtered by the contact's name).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import type { Column } from '#app/lists/columns.ts'
import { ListErrorBoundary, ListScreen, type CardLayout } from '#app/components/list/list-screen.tsx'
import { companyContacts, type ContactListRow } from '#app/lists/contact-list.server.ts'
import { loadListScreen } from '#app/lists/list-screen.server.ts'
import { formatPhone } from '#core/schemas/contact.ts'

export const access = ACCESS['/view-contact']
export const meta: MetaFunction = () => [{ title: 'Company Contacts' }]

export async function loader(args: LoaderFunctionArgs) {
  const { list, about: company } = await loadListScreen(args, access, companyContacts)
  return { list, company: company! }
}

type Row = ContactListRow

export const COLUMNS: Column<Row>[] = [
  { key: 'name', label: 'Name' },
  { key: 'role', label: 'Role' },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone', text: (r) => formatPhone(r.phone), sortable: false, className: 'cell-nowrap' },
  { key: 'active', label: 'Active', text: (r) => (r.active ? 'Yes' : 'No') },
]

const CARD: CardLayout<Row> = {
  title: (r) => r.name,
  fields: [
    { label: 'Role', value: (r) => r.role || '—' },
    { label: 'Email', value: (r) => r.email },
    { label: 'Phone', value: (r) => (r.phone ? formatPhone(r.phone) : '—') },
    { label: 'Active', value: (r) => (r.active ? 'Yes' : 'No') },
  ],
}

const FILTERS = [
  { key: 'name', label: 'Name' },
  { key: 'role', label: 'Role' },
  { key: 'email', label: 'Email' },
]

export default function CompanyContacts() {
  const { list, company } = useLoaderData<typeof loader>()
  return (
    <>
      <ListScreen
        title={`Company Contacts – ${company.name}`}
        list={list}
        columns={COLUMNS}
        card={CARD}
        filters={FILTERS}
        empty="No grower contacts available."
        rowHref={(r) => `/view-interaction/${company.id}?${new URLSearchParams({ filter_by: 'contact', filter_value: r.name })}`}
      />
      <p>
        <Link to="/view-contact">Choose another company</Link>
      </p>
    </>
  )
}

export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching contacts" />
}
