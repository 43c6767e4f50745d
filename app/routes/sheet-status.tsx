// Service Sheet Tracker: where each sheet stands (reviews 1–3, submitted), on the list screen kit
// (see view-calls.tsx). The spec gives two paths for it, /sheet-status and /service-status;
// service-status.tsx re-exports this module. A row opens the sheet and its review levels in a modal
// under the same path ({path}/{sheet id}).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import type { Column } from '#app/lists/columns.ts'
import { ListErrorBoundary, ListScreen, type CardLayout } from '#app/components/list/list-screen.tsx'
import { DoneMark } from '#app/components/service-sheet-detail.tsx'
import { loadListScreen } from '#app/lists/list-screen.server.ts'
import { sheetTracker, type ServiceStatusListRow } from '#app/lists/service-status-list.server.ts'
import { formatDate } from '#core/formats.ts'

export const access = ACCESS['/sheet-status']
export const meta: MetaFunction = () => [{ title: 'Service Sheet Tracker' }]
export const handle = {
  crumbs: [
    { label: 'Service', to: '/service' },
    { label: 'Service Sheet Tracker', to: '/sheet-status' },
  ],
}

export const loader = (args: LoaderFunctionArgs) => loadListScreen(args, access, sheetTracker)

/** A tracker row as the page gets it (timestamps arrive as text) */
type Row = Omit<ServiceStatusListRow, 'called_in_at' | 'submitted_at'> & { called_in_at: Date | string | null; submitted_at: Date | string | null }
const done = (value: boolean) => (value ? 'Done' : 'Not done')

export const COLUMNS: Column<Row>[] = [
  { key: 'service_sheet_number', label: 'Sheet #', firstOrder: 'desc' },
  { key: 'called_in_at', label: 'Call-in Date', text: (r) => formatDate(r.called_in_at), firstOrder: 'desc', className: 'cell-nowrap' },
  { key: 'r1', label: 'R1', text: (r) => done(r.review_1_completed), cell: (r) => <DoneMark done={r.review_1_completed} />, sortable: false },
  { key: 'r2', label: 'R2', text: (r) => done(r.review_2_completed), cell: (r) => <DoneMark done={r.review_2_completed} />, sortable: false },
  { key: 'r3', label: 'R3', text: (r) => done(r.review_3_completed), cell: (r) => <DoneMark done={r.review_3_completed} />, sortable: false },
  { key: 'submitted', label: 'Submitted', text: (r) => done(r.submitted_completed), cell: (r) => <DoneMark done={r.submitted_completed} />, sortable: false },
  { key: 'submitted_at', label: 'Date', text: (r) => formatDate(r.submitted_at), firstOrder: 'desc', className: 'cell-nowrap' },
]

const CARD: CardLayout<Row> = {
  title: (r) => `Sheet #${r.service_sheet_number}`,
  fields: [
    { label: 'Call-in date', value: (r) => formatDate(r.called_in_at) },
    {
      label: 'Reviews',
      value: (r) => (
        <>
          R1 <DoneMark done={r.review_1_completed} /> R2 <DoneMark done={r.review_2_completed} /> R3 <DoneMark done={r.review_3_completed} />
        </>
      ),
    },
    {
      label: 'Submitted',
      value: (r) => (
        <>
          {<DoneMark done={r.submitted_completed} />} {formatDate(r.submitted_at)}
        </>
      ),
    },
  ],
}

const FILTERS = [{ key: 'service_sheet_number', label: 'Sheet #' }]

export default function ServiceSheetTracker() {
  const { list } = useLoaderData<typeof loader>()
  const base = `/${useLocation().pathname.split('/')[1]}` // /sheet-status or /service-status, whichever was opened
  return (
    <ListScreen
      title="Service Sheet Tracker"
      list={list}
      columns={COLUMNS}
      card={CARD}
      filters={FILTERS}
      empty="No service sheets available."
      rowHref={(r, search) => `${base}/${r.service_sheet_id}${search}`}
      exportTo={`${base}.csv`}
    />
  )
}

export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching service sheets" />
}
