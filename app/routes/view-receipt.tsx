// Receipts: the list of every receipt (copied from view-calls.tsx, the model list screen). A row
// opens the receipt in a modal with its own URL (view-receipt.$id.tsx); view-receipt[.]csv.ts
// exports the current filter and sort with these columns.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import type { Column } from '#app/lists/columns.ts'
import { ListErrorBoundary, ListScreen, type CardLayout } from '#app/components/list/list-screen.tsx'
import { receipts, type ReceiptListRow } from '#app/lists/receipt-list.server.ts'
import { loadListScreen } from '#app/lists/list-screen.server.ts'
import { DeletedTag } from '#app/components/record-corrections.tsx'
import { SHOW_DELETED } from '#app/lists/show-deleted.ts'
import { formatDate } from '#core/formats.ts'

export const access = ACCESS['/view-receipt']
export const meta: MetaFunction = () => [{ title: 'Receipts' }]
export const handle = {
  crumbs: [
    { label: 'Receipts', to: '/receipt' },
    { label: 'View Receipts', to: '/view-receipt' },
  ],
}

export const loader = (args: LoaderFunctionArgs) => loadListScreen(args, access, receipts)

type Row = Pick<ReceiptListRow, 'id' | 'date' | 'type' | 'location' | 'total_amount' | 'truck_number' | 'customer_name' | 'created_by_name' | 'deleted'>

/** Dollars as the receipt shows them; the CSV keeps the plain number. */
const money = (amount: string) => `$${amount}`

export const COLUMNS: Column<Row>[] = [
  {
    key: 'date',
    label: 'Date',
    text: (r) => formatDate(r.date),
    cell: (r) => (
      <>
        {formatDate(r.date)}
        <DeletedTag deleted={r.deleted} />
      </>
    ),
    firstOrder: 'desc',
    className: 'cell-nowrap',
  },
  { key: 'type', label: 'Type' },
  { key: 'location', label: 'Location' },
  { key: 'total_amount', label: 'Total', text: (r) => r.total_amount, cell: (r) => money(r.total_amount), firstOrder: 'desc', className: 'cell-nowrap' },
  { key: 'truck', label: 'Truck', text: (r) => r.truck_number },
  { key: 'customer', label: 'Customer', text: (r) => r.customer_name },
  { key: 'created_by', label: 'Created By', text: (r) => r.created_by_name },
]

const CARD: CardLayout<Row> = {
  title: (r) => (
    <>
      {formatDate(r.date)} · {r.type}
      <DeletedTag deleted={r.deleted} />
    </>
  ),
  fields: [
    { label: 'Location', value: (r) => r.location },
    { label: 'Total', value: (r) => money(r.total_amount) },
    { label: 'Truck or customer', value: (r) => r.truck_number ?? r.customer_name ?? '—' },
    { label: 'Created by', value: (r) => r.created_by_name },
  ],
}

const FILTERS = [
  { key: 'type', label: 'Type' },
  { key: 'location', label: 'Location' },
  { key: 'total_amount', label: 'Total' },
  { key: 'truck', label: 'Truck' },
  { key: 'customer', label: 'Customer' },
  { key: 'created_by', label: 'Created By' },
]

export default function Receipts() {
  const { list, choices } = useLoaderData<typeof loader>()
  return (
    <ListScreen
      title="Receipts"
      list={list}
      columns={COLUMNS}
      card={CARD}
      filters={FILTERS}
      choices={choices}
      empty="No receipts available."
      rowHref={(r, search) => `/view-receipt/${r.id}${search}`}
      exportTo="/view-receipt.csv"
      toggles={[SHOW_DELETED]}
    />
  )
}

/** A list that cannot be read says so in the spec's words. */
export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching receipts" />
}
