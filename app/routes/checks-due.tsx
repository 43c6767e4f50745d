// Checks due (beyond the spec): the storages whose last check is older than their grower's
// storage_check_interval, most overdue first, on the list screen kit (see view-calls.tsx). Who is
// due and how a storage never checked counts: db/queries/storage-checks.ts checksDue. A row opens
// the storage check form with that storage chosen. The alerts bell counts the same rows.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import type { Column } from '#app/lists/columns.ts'
import { ListErrorBoundary, ListScreen, type CardLayout } from '#app/components/list/list-screen.tsx'
import { checksDueScreen, type ChecksDueRow } from '#app/lists/checks-due-list.server.ts'
import { loadListScreen } from '#app/lists/list-screen.server.ts'
import { formatDate } from '#core/formats.ts'

export const access = ACCESS['/checks-due']
export const meta: MetaFunction = () => [{ title: 'Checks Due' }]
export const handle = {
  crumbs: [
    { label: 'Storage Checks', to: '/checks' },
    { label: 'Checks Due', to: '/checks-due' },
  ],
}

export const loader = (args: LoaderFunctionArgs) => loadListScreen(args, access, checksDueScreen)

type Row = Pick<ChecksDueRow, 'id' | 'storage_name' | 'owner_id' | 'grower_name' | 'last_check' | 'days_overdue'>

const lastCheck = (r: Row) => (r.last_check ? formatDate(r.last_check) : 'Never')

export const COLUMNS: Column<Row>[] = [
  { key: 'storage', label: 'Storage', text: (r) => r.storage_name },
  { key: 'grower', label: 'Grower', text: (r) => r.grower_name },
  { key: 'last_check', label: 'Last Check', text: lastCheck, firstOrder: 'desc', className: 'cell-nowrap' },
  { key: 'days_overdue', label: 'Days Overdue', text: (r) => String(r.days_overdue), firstOrder: 'desc' },
]

const CARD: CardLayout<Row> = {
  title: (r) => r.storage_name,
  fields: [
    { label: 'Grower', value: (r) => r.grower_name },
    { label: 'Last check', value: lastCheck },
    { label: 'Days overdue', value: (r) => String(r.days_overdue) },
  ],
}

const FILTERS = [
  { key: 'storage', label: 'Storage' },
  { key: 'grower', label: 'Grower' },
]

export default function ChecksDue() {
  const { list, choices } = useLoaderData<typeof loader>()
  return (
    <ListScreen
      title="Checks Due"
      list={list}
      columns={COLUMNS}
      card={CARD}
      filters={FILTERS}
      choices={choices}
      empty="No storage checks are due."
      rowHref={(r) => `/storage-check-form/${r.owner_id}?storage=${r.id}`}
      exportTo="/checks-due.csv"
    />
  )
}

export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching the checks due" />
}
