// Applicators (/manage-applicator): every applicator with the license and its expiration, on the
// list kit (copied from view-calls.tsx; decision 0017). The License column says Expired after the
// expiration day and Expires soon within 30 days (core/schemas/applicator.ts, counted on the
// server's today). The date range is the expiration. A row opens /edit-applicator/{id} for those
// who may edit (for the others it opens nothing); Add Applicator shows to those who may add.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import type { Column } from '#app/lists/columns.ts'
import { ListErrorBoundary, type CardLayout } from '#app/components/list/list-screen.tsx'
import { activeText, REGISTRIES, registryHandle, RegistryList } from '#app/components/admin/registry.tsx'
import { applicators, type ApplicatorListRow } from '#app/lists/applicator-list.server.ts'
import { loadListScreen } from '#app/lists/list-screen.server.ts'
import { licenseStatus, localToday } from '#core/licence.ts'

export const access = ACCESS['/manage-applicator']
export const meta: MetaFunction = () => [{ title: 'Applicators' }]
export const handle = registryHandle(REGISTRIES.applicator)

export async function loader(args: LoaderFunctionArgs) {
  const data = await loadListScreen(args, access, applicators)
  const today = localToday()
  // the status is the server's reading of its own day, so the page and its CSV agree
  return { ...data, list: { ...data.list, rows: data.list.rows.map((r) => ({ ...r, status: licenseStatus(r.expiration, today) })) } }
}

type Row = ApplicatorListRow & { status?: string }

const statusOf = (r: Row) => r.status ?? licenseStatus(r.expiration, localToday())

export const COLUMNS: Column<Row>[] = [
  { key: 'name', label: 'Applicator', text: (r) => r.name },
  { key: 'username', label: 'Username', text: (r) => r.username, sortable: false },
  { key: 'license', label: 'License Number', text: (r) => r.license },
  { key: 'expiration', label: 'Expiration', text: (r) => r.expiration ?? '', className: 'cell-nowrap' },
  { key: 'status', label: 'License', text: statusOf, sortable: false },
  { key: 'active', label: 'Status', text: activeText },
]

const CARD: CardLayout<Row> = {
  title: (r) => r.name,
  fields: [
    { label: 'License Number', value: (r) => r.license || '—' },
    { label: 'Expiration', value: (r) => `${r.expiration ?? '—'} (${statusOf(r)})` },
    { label: 'Status', value: activeText },
  ],
}

const FILTERS = [
  { key: 'name', label: 'Applicator' },
  { key: 'license', label: 'License Number' },
]

export default function Applicators() {
  const { list } = useLoaderData<typeof loader>()
  return <RegistryList registry={REGISTRIES.applicator} add={ACCESS['/add-applicator']} edit={ACCESS['/edit-applicator']} list={list} columns={COLUMNS} card={CARD} filters={FILTERS} />
}

export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching applicators" />
}
