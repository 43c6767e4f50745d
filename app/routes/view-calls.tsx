// Pending Calls (Call In Details): the model list screen, copy it for a new list
// (docs/decisions/0017-list-screen-kit.md). A list screen is its access rule, its list (defineList
// + listScreen in app/lists/call-in-list.server.ts), its columns, card, filters and texts on the
// shared ListScreen; everything is in the URL, so it works without JavaScript and can be bookmarked.
// A row opens the call in a modal with its own URL (view-calls.$id.tsx); view-calls[.]csv.ts
// exports the current filter and sort with these columns.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import type { Column } from '#app/lists/columns.ts'
import { ListErrorBoundary, ListScreen, type CardLayout } from '#app/components/list/list-screen.tsx'
import { pendingCalls, type CallInListRow } from '#app/lists/call-in-list.server.ts'
import { loadListScreen } from '#app/lists/list-screen.server.ts'
import { formatDate } from '#core/formats.ts'

export const access = ACCESS['/view-calls']
export const meta: MetaFunction = () => [{ title: 'Pending Calls' }]
export const handle = {
  crumbs: [
    { label: 'Service', to: '/service' },
    { label: 'Pending Calls', to: '/view-calls' },
  ],
}

export const loader = (args: LoaderFunctionArgs) => loadListScreen(args, access, pendingCalls)

type Row = Pick<CallInListRow, 'id' | 'call_in_date' | 'company_name' | 'storage_name' | 'job_name' | 'description' | 'created_by_name'>

export const COLUMNS: Column<Row>[] = [
  { key: 'call_in_date', label: 'Date', text: (r) => formatDate(r.call_in_date), firstOrder: 'desc', className: 'cell-nowrap' },
  { key: 'company', label: 'Company', text: (r) => r.company_name },
  { key: 'storage', label: 'Storage', text: (r) => r.storage_name },
  { key: 'job', label: 'Job', text: (r) => r.job_name },
  { key: 'description', label: 'Description' },
]

const CARD: CardLayout<Row> = {
  title: (r) => formatDate(r.call_in_date),
  fields: [
    { label: 'Job', value: (r) => r.job_name ?? '—' },
    { label: 'Created by', value: (r) => r.created_by_name },
    { label: 'Service', value: (r) => r.description },
  ],
}

const FILTERS = [
  { key: 'company', label: 'Company' },
  { key: 'storage', label: 'Storage' },
  { key: 'job', label: 'Job' },
  { key: 'description', label: 'Description' },
]

export default function PendingCalls() {
  const { list, choices } = useLoaderData<typeof loader>()
  return (
    <ListScreen
      title="Pending Calls"
      list={list}
      columns={COLUMNS}
      card={CARD}
      filters={FILTERS}
      choices={choices}
      empty="No service calls available."
      rowHref={(r, search) => `/view-calls/${r.id}${search}`}
      exportTo="/view-calls.csv"
    />
  )
}

export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching service calls" />
}
