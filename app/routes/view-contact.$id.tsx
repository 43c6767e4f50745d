// Company Contacts (/view-contact/{id}): a grower's contacts on the list screen kit (see
// view-calls.tsx), the catch-all 'Other' hidden (app/lists/contact-list.server.ts). A row leads to
// the notes written with that contact (Company Interactions, filtered by the contact's name).
// Beyond the spec (issue 23): a Reports column, whether the contact receives the grower's reports
// by e-mail, switched there by users who may add contacts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import type { Column } from '#app/lists/columns.ts'
import { ListErrorBoundary, ListScreen, type CardLayout } from '#app/components/list/list-screen.tsx'
import { companyContacts, type ContactListRow } from '#app/lists/contact-list.server.ts'
import { readListScreen } from '#app/lists/list-screen.server.ts'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import type { FormResult } from '#app/components/form/form-result.ts'
import { ReportsSwitch } from '#app/features/grower-report/reports-switch.tsx'
import { submitCommand } from '#app/command-answer.server.ts'
import { requireId } from '#app/records.server.ts'
import { setContactReports } from '#commands/contacts.ts'
import { hasPermission } from '#core/permissions.ts'
import { formatPhone } from '#core/schemas/contact.ts'

export const access = ACCESS['/view-contact']
export const meta: MetaFunction = () => [{ title: 'Company Contacts' }]

export async function loader(args: LoaderFunctionArgs) {
  const {
    user,
    data: { list, about: company },
  } = await readListScreen(args, access, companyContacts)
  // a submission id per row's Reports button, for those who may switch it
  const switchKeys = hasPermission(user, 'api.add_contact') ? Object.fromEntries(list.rows.map((r) => [r.id, crypto.randomUUID()])) : null
  return { list, company: company!, switchKeys }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAccess(request, access)
  const url = new URL(request.url)
  return submitCommand({ request, form: await readForm(request), command: setContactReports, actor: user, fixed: { company_id: requireId(params) }, redirectTo: `${url.pathname}${url.search}` })
}

type Row = ContactListRow

export const COLUMNS: Column<Row>[] = [
  { key: 'name', label: 'Name' },
  { key: 'role', label: 'Role' },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone', text: (r) => formatPhone(r.phone), sortable: false, className: 'cell-nowrap' },
  { key: 'active', label: 'Active', text: (r) => (r.active ? 'Yes' : 'No') },
  { key: 'receives_reports', label: 'Reports', text: (r) => (r.receives_reports ? 'Yes' : 'No') },
]

/** The Reports column with its switch, for users who may change it. */
function withSwitch(keys: Record<string, string> | null): Column<Row>[] {
  if (!keys) return COLUMNS
  return COLUMNS.map((c) => (c.key === 'receives_reports' ? { ...c, text: c.text!, cell: (r: Row) => <ReportsSwitch contact={r} submissionId={keys[r.id] ?? null} /> } : c))
}

const CARD: CardLayout<Row> = {
  title: (r) => r.name,
  fields: [
    { label: 'Role', value: (r) => r.role || '—' },
    { label: 'Email', value: (r) => r.email },
    { label: 'Phone', value: (r) => (r.phone ? formatPhone(r.phone) : '—') },
    { label: 'Active', value: (r) => (r.active ? 'Yes' : 'No') },
    { label: 'Reports', value: (r) => (r.receives_reports ? 'Yes' : 'No') },
  ],
}

const FILTERS = [
  { key: 'name', label: 'Name' },
  { key: 'role', label: 'Role' },
  { key: 'email', label: 'Email' },
]

export default function CompanyContacts() {
  const { list, company, switchKeys } = useLoaderData<typeof loader>()
  const refused = useActionData<FormResult>()
  const columns = withSwitch(switchKeys)
  const card = switchKeys
    ? { ...CARD, fields: CARD.fields.map((f) => (f.label === 'Reports' ? { ...f, value: (r: Row) => <ReportsSwitch contact={r} submissionId={switchKeys[r.id] ?? null} /> } : f)) }
    : CARD
  return (
    <>
      {refused?.error ? (
        <p className="notice notice-error" role="alert">
          {Object.values(refused.error).flat().join(' ') || 'Nothing was changed.'}
        </p>
      ) : null}
      <ListScreen
        title={`Company Contacts – ${company.name}`}
        list={list}
        columns={columns}
        card={card}
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
