// Completed Service Sheets: every submitted sheet, on the list screen kit (see view-calls.tsx).
// A row opens the sheet in a modal with its own URL (view-service.$id.tsx). With ?i={storage id}
// (spec §7: plain or base64) it is one storage's list: the storage is named in the heading and the
// company and storage columns are left out (the CSV keeps them: the file leaves the screen).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import type { Column } from '#app/lists/columns.ts'
import { ListErrorBoundary, ListScreen, type CardLayout } from '#app/components/list/list-screen.tsx'
import { serviceText } from '#app/components/service-sheet-detail.tsx'
import { loadListScreen } from '#app/lists/list-screen.server.ts'
import { MineSubtitle } from '#app/components/list/mine-subtitle.tsx'
import { completedSheets, type ServiceSheetListRow } from '#app/lists/service-sheet-list.server.ts'
import { formatDate } from '#core/formats.ts'

export const access = ACCESS['/view-service']
export const meta: MetaFunction = () => [{ title: 'Completed Service Sheets' }]
export const handle = {
  crumbs: [
    { label: 'Service', to: '/service' },
    { label: 'Completed Service Sheets', to: '/view-service' },
  ],
}

export async function loader(args: LoaderFunctionArgs) {
  const { list, choices, about: storage } = await loadListScreen(args, access, completedSheets)
  const mine = new URL(args.request.url).searchParams.get('mine')
  return { list, choices, storage, mine: mine === 'sent-back' || mine === 'changed' ? (mine as 'sent-back' | 'changed') : null }
}

type Row = ServiceSheetListRow
/** the columns one storage's list leaves out */
const STORAGE_WIDE = new Set(['company', 'storage'])

export const COLUMNS: Column<Row>[] = [
  { key: 'service_date', label: 'Date', text: (r) => formatDate(r.service_date), firstOrder: 'desc', className: 'cell-nowrap' },
  { key: 'service_sheet_number', label: 'Sheet #', firstOrder: 'desc' },
  { key: 'company', label: 'Company', text: (r) => r.company_name },
  { key: 'storage', label: 'Storage', text: (r) => r.storage_name },
  { key: 'job', label: 'Job', text: (r) => r.job_name, className: 'cell-nowrap' },
  { key: 'tech', label: 'Tech', text: (r) => r.created_by_name, sortable: false },
  { key: 'service', label: 'Service', text: (r) => serviceText(r), sortable: false },
]

const FILTERS = [
  { key: 'company', label: 'Company' },
  { key: 'storage', label: 'Storage' },
  { key: 'job', label: 'Job' },
  { key: 'service_sheet_number', label: 'Sheet #' },
]

const card = (forStorage: boolean): CardLayout<Row> => ({
  title: (r) => `${formatDate(r.service_date)} · #${r.service_sheet_number}`,
  fields: [
    ...(forStorage ? [] : [{ label: 'Company', value: (r: Row) => `${r.company_name}, ${r.storage_name}` }]),
    { label: 'Job', value: (r) => r.job_name ?? '—' },
    { label: 'Tech', value: (r) => r.created_by_name },
    { label: 'Service', value: (r) => serviceText(r) || '—' },
  ],
})

export default function CompletedServiceSheets() {
  const { list, choices, storage, mine } = useLoaderData<typeof loader>()
  const shown = <T extends { key: string }>(items: T[]) => (storage ? items.filter((c) => !STORAGE_WIDE.has(c.key)) : items)
  return (
    <ListScreen
      title={storage ? `Completed Service Sheets – ${storage.name}` : 'Completed Service Sheets'}
      subtitle={mine ? <MineSubtitle mine={mine} showAll="/view-service" /> : storage?.company_name}
      list={list}
      columns={shown(COLUMNS)}
      card={card(Boolean(storage))}
      filters={shown(FILTERS)}
      choices={choices}
      empty="No service sheets available."
      rowHref={(r, search) => `/view-service/${r.id}${search}`}
      exportTo="/view-service.csv"
    />
  )
}

export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching service sheets" />
}
