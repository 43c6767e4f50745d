// Pending Calls (Call In Details): the list engine over call_ins. Everything is in the URL (sort,
// filter, date range, page size, page), so it works without JavaScript and can be bookmarked.
// A row opens the call in a modal with its own URL (routes/view-calls.$id.tsx) over the list.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ACCESS } from '#app/access.ts'
import { Outlet, useLoaderData, useLocation } from '@remix-run/react'
import { readWithAccess } from '#app/auth/guard.server.ts'
import { FlashNotice } from '#app/components/form/flash-notice.tsx'
import { DataTable, type Column } from '#app/components/list/data-table.tsx'
import { DateRangeModal } from '#app/components/list/date-range-modal.tsx'
import { EmptyState } from '#app/components/list/empty-state.tsx'
import { ListCards } from '#app/components/list/list-cards.tsx'
import { ListToolbar } from '#app/components/list/list-toolbar.tsx'
import { Pager } from '#app/components/list/pager.tsx'
import { formatDate } from '#core/formats.ts'
import { callInList, type CallInListRow } from '#app/lists/call-in-list.server.ts'
import { cachedFilterChoices } from '#app/lists/filter-choices.server.ts'
import { getDb } from '#db/client.server.ts'

export const access = ACCESS['/view-calls']
export const meta: MetaFunction = () => [{ title: 'Pending Calls' }]
export const handle = { crumbs: [{ label: 'Service', to: '/service' }, { label: 'Pending Calls', to: '/view-calls' }] }

const callInFilterChoices = cachedFilterChoices(callInList, ['company', 'storage', 'job'])

export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb()
  const { data } = await readWithAccess(request, access, () =>
    Promise.all([callInList.load(db, new URL(request.url).searchParams), callInFilterChoices(db)]),
  )
  const [list, choices] = data
  return { list, choices }
}

type Row = Pick<CallInListRow, 'id' | 'call_in_date' | 'company_name' | 'storage_name' | 'job_name' | 'description' | 'created_by_name'>

const COLUMNS: Column<Row>[] = [
  { key: 'call_in_date', label: 'Date', cell: (r) => formatDate(r.call_in_date) },
  { key: 'company', label: 'Company', cell: (r) => r.company_name },
  { key: 'storage', label: 'Storage', cell: (r) => r.storage_name },
  { key: 'job', label: 'Job', cell: (r) => r.job_name ?? '' },
  { key: 'description', label: 'Description', cell: (r) => r.description, className: 'cell-text' },
]

const FILTER_COLUMNS = [
  { key: 'company', label: 'Company' },
  { key: 'storage', label: 'Storage' },
  { key: 'job', label: 'Job' },
  { key: 'description', label: 'Description' },
]

export default function PendingCalls() {
  const { list, choices } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  const rowHref = (row: Row) => `/view-calls/${row.id}${search}`
  return (
    <>
      <FlashNotice />
      <h1>Pending Calls</h1>
      <ListToolbar state={list.state} filterColumns={FILTER_COLUMNS} choices={choices} errors={list.errors} />
      {list.rows.length === 0 ? (
        <EmptyState message="No service calls available." />
      ) : (
        <>
          <DataTable rows={list.rows} columns={COLUMNS} state={list.state} rowHref={rowHref} rowKey={(r) => r.id} caption="Call In Details" />
          <ListCards
            rows={list.rows}
            rowKey={(r) => r.id}
            rowHref={rowHref}
            title={(r) => formatDate(r.call_in_date)}
            fields={[
              { label: 'Job', value: (r) => r.job_name ?? '—' },
              { label: 'Created by', value: (r) => r.created_by_name },
              { label: 'Service', value: (r) => r.description },
            ]}
            label="Call In Details"
          />
        </>
      )}
      <Pager state={list.state} totalPages={list.totalPages} total={list.total} />
      <DateRangeModal state={list.state} errors={list.errors} />
      <Outlet />
    </>
  )
}
