// Service Sheet Tracker: where each sheet stands (reviews 1–3, submitted). The spec gives two paths
// for it, /sheet-status and /service-status; service-status.tsx re-exports this module. A row opens
// the sheet and its review levels in a modal under the same path ({path}/{sheet id}).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ACCESS } from '#app/access.ts'
import { Outlet, useLoaderData, useLocation } from '@remix-run/react'
import { readWithAccess } from '#app/auth/guard.server.ts'
import { DataTable, type Column } from '#app/components/list/data-table.tsx'
import { DateRangeModal } from '#app/components/list/date-range-modal.tsx'
import { EmptyState } from '#app/components/list/empty-state.tsx'
import { ListCards } from '#app/components/list/list-cards.tsx'
import { ListToolbar } from '#app/components/list/list-toolbar.tsx'
import { Pager } from '#app/components/list/pager.tsx'
import { DoneMark, oneLine } from '#app/components/service-sheet-detail.tsx'
import { formatDate } from '#core/formats.ts'
import { serviceStatusList } from '#app/lists/service-status-list.server.ts'
import { getDb } from '#db/client.server.ts'

export const access = ACCESS['/sheet-status']
export const meta: MetaFunction = () => [{ title: 'Service Sheet Tracker' }]
export const handle = { crumbs: [{ label: 'Service', to: '/service' }, { label: 'Service Sheet Tracker', to: '/sheet-status' }] }

export async function loader({ request }: LoaderFunctionArgs) {
  const { data: list } = await readWithAccess(request, access, () =>
    serviceStatusList.load(getDb(), new URL(request.url).searchParams),
  )
  return { list }
}

interface Row {
  id: number
  service_sheet_id: number
  service_sheet_number: number
  /** the call's date; null for a sheet made without a call (formatDate shows 'No Date Available') */
  called_in_at: Date | string | null
  review_1_completed: boolean
  review_2_completed: boolean
  review_3_completed: boolean
  submitted_completed: boolean
  submitted_at: Date | string | null
}

const COLUMNS: Column<Row>[] = [
  { key: 'service_sheet_number', label: 'Sheet #', firstOrder: 'desc' },
  { key: 'called_in_at', label: 'Call-in Date', cell: (r) => oneLine(formatDate(r.called_in_at)), firstOrder: 'desc' },
  { key: 'r1', label: 'R1', cell: (r) => <DoneMark done={r.review_1_completed} />, sortable: false },
  { key: 'r2', label: 'R2', cell: (r) => <DoneMark done={r.review_2_completed} />, sortable: false },
  { key: 'r3', label: 'R3', cell: (r) => <DoneMark done={r.review_3_completed} />, sortable: false },
  { key: 'submitted', label: 'Submitted', cell: (r) => <DoneMark done={r.submitted_completed} />, sortable: false },
  { key: 'submitted_at', label: 'Date', cell: (r) => oneLine(formatDate(r.submitted_at)), firstOrder: 'desc' },
]

const FILTERS = [{ key: 'service_sheet_number', label: 'Sheet #' }]

export default function ServiceSheetTracker() {
  const { list } = useLoaderData<typeof loader>()
  const { pathname, search } = useLocation()
  const base = `/${pathname.split('/')[1]}` // /sheet-status or /service-status, whichever was opened
  const rowHref = (r: Row) => `${base}/${r.service_sheet_id}${search}`
  const rows = list.rows as Row[]
  return (
    <>
      <h1>Service Sheet Tracker</h1>
      <ListToolbar state={list.state} filterColumns={FILTERS} errors={list.errors} />
      {rows.length === 0 ? (
        <EmptyState message="No service sheets available." />
      ) : (
        <>
          <DataTable rows={rows} columns={COLUMNS} state={list.state} rowHref={rowHref} rowKey={(r) => r.id} caption="Service Sheet Tracker" />
          <ListCards
            rows={rows}
            rowKey={(r) => r.id}
            rowHref={rowHref}
            title={(r) => `Sheet #${r.service_sheet_number}`}
            fields={[
              { label: 'Call-in date', value: (r) => formatDate(r.called_in_at) },
              {
                label: 'Reviews',
                value: (r) => (
                  <>
                    R1 <DoneMark done={r.review_1_completed} /> R2 <DoneMark done={r.review_2_completed} /> R3 <DoneMark done={r.review_3_completed} />
                  </>
                ),
              },
              { label: 'Submitted', value: (r) => <>{<DoneMark done={r.submitted_completed} />} {formatDate(r.submitted_at)}</> },
            ]}
            label="Service Sheet Tracker"
          />
        </>
      )}
      <Pager state={list.state} totalPages={list.totalPages} total={list.total} />
      <DateRangeModal state={list.state} errors={list.errors} />
      <Outlet />
    </>
  )
}
