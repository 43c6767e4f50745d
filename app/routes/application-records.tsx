// Application Records (issue 12, "Beyond the spec"; decision 0042): the record IDAPA 02.03.03 asks
// an applicator to keep, one per applied pre-treat, on the list engine (copied from view-calls.tsx).
// A row opens the record in a modal (application-records.$id.tsx) with its one-page PDF
// (application-records_.$id.pdf.tsx); the CSV
// (application-records[.]csv.ts) has every item of the record. Void records stay in the list, marked.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import type { Column } from '#app/lists/columns.ts'
import { ListErrorBoundary, ListScreen, type CardLayout } from '#app/components/list/list-screen.tsx'
import { applicationRecords, type ApplicationRecordRow } from '#app/lists/application-record-list.server.ts'
import { loadListScreen } from '#app/lists/list-screen.server.ts'
import { formatCwt } from '#core/pretreat-quantities.ts'
import { formatDate } from '#core/formats.ts'

export const access = ACCESS['/application-records']
export const meta: MetaFunction = () => [{ title: 'Application Records' }]
export const handle = {
  crumbs: [
    { label: 'Pre-Treats', to: '/pretreats' },
    { label: 'Application Records', to: '/application-records' },
  ],
}

export const loader = (args: LoaderFunctionArgs) => loadListScreen(args, access, applicationRecords)

type Row = ApplicationRecordRow

const STATE_TEXT: Record<Row['state'], string> = { completed: 'Completed', void: 'Void', pending: 'In review' }
const cwtText = (r: Pick<Row, 'cwt'>) => (r.cwt === null ? '' : formatCwt(Number(r.cwt)))
const marked = (r: Row, text: string) =>
  r.state === 'completed' ? (
    text
  ) : (
    <>
      {text} <strong>{STATE_TEXT[r.state]}</strong>
    </>
  )

export const COLUMNS: Column<Row>[] = [
  { key: 'application_date', label: 'Date', text: (r) => formatDate(r.application_date), firstOrder: 'desc', className: 'cell-nowrap' },
  { key: 'grower', label: 'Grower', text: (r) => r.grower_name },
  { key: 'storage', label: 'Storage', text: (r) => r.storage_name },
  { key: 'product', label: 'Product', text: (r) => r.products },
  { key: 'applicator', label: 'Applicator', text: (r) => r.applicator_name },
  { key: 'cwt', label: 'Amount (cwt)', text: cwtText, className: 'cell-number' },
  { key: 'state', label: 'Record', sortable: false, text: (r) => (r.state === 'void' ? `Void: ${r.void_reason}` : STATE_TEXT[r.state]), cell: (r) => marked(r, r.pre_treat_number) },
]

/** The CSV: every item of the record, in the rule's order (decision 0042). */
export const CSV_COLUMNS: Column<Row>[] = [
  { key: 'pre_treat_number', label: 'Pre-Treat', text: (r) => r.pre_treat_number },
  { key: 'state', label: 'Record', text: (r) => STATE_TEXT[r.state] },
  { key: 'void_reason', label: 'Void reason', text: (r) => r.void_reason },
  { key: 'grower_name', label: 'Grower' },
  { key: 'grower_address', label: 'Grower address' },
  { key: 'storage_name', label: 'Storage' },
  { key: 'site', label: 'Site (address or GPS)' },
  { key: 'commodity', label: 'Commodity' },
  { key: 'variety', label: 'Variety' },
  { key: 'cwt', label: 'Amount treated (cwt)', text: (r) => r.cwt },
  { key: 'products', label: 'Product' },
  { key: 'epa_registrations', label: 'EPA registration number' },
  { key: 'amounts', label: 'Total amount applied' },
  { key: 'rates', label: 'Rate' },
  { key: 'application_date', label: 'Application date', text: (r) => r.application_date ?? '' },
  { key: 'start_time', label: 'Start time', text: (r) => r.start_time?.slice(0, 5) ?? '' },
  { key: 'stop_time', label: 'Stop time', text: (r) => r.stop_time?.slice(0, 5) ?? '' },
  { key: 'wind_speed', label: 'Wind speed (mph)', text: (r) => r.wind_speed },
  { key: 'wind_direction', label: 'Wind direction', text: (r) => r.wind_direction ?? '' },
  { key: 'recommended_by_name', label: 'Recommended by' },
  { key: 'applicator_name', label: 'Applicator' },
  { key: 'applicator_licence', label: 'Applicator licence number' },
  { key: 'gaps', label: 'Missing items' },
]

const CARD: CardLayout<Row> = {
  title: (r) => `${formatDate(r.application_date)} · ${r.pre_treat_number}`,
  fields: [
    { label: 'Grower', value: (r) => r.grower_name },
    { label: 'Storage', value: (r) => r.storage_name },
    { label: 'Product', value: (r) => r.products },
    { label: 'Applicator', value: (r) => r.applicator_name },
    { label: 'Amount', value: (r) => `${cwtText(r)} cwt` },
    { label: 'Record', value: (r) => (r.state === 'void' ? `Void: ${r.void_reason}` : STATE_TEXT[r.state]) },
  ],
}

const FILTERS = [
  { key: 'grower', label: 'Grower' },
  { key: 'storage', label: 'Storage' },
  { key: 'product', label: 'Product' },
  { key: 'applicator', label: 'Applicator' },
]

export default function ApplicationRecords() {
  const { list, choices } = useLoaderData<typeof loader>()
  return (
    <ListScreen
      title="Application Records"
      subtitle="One record per application, kept as it was when completed; a row opens it, with its PDF. Void records stay listed, marked, with their reason."
      list={list}
      columns={COLUMNS}
      card={CARD}
      filters={FILTERS}
      choices={choices}
      empty="No application records yet."
      rowHref={(r, search) => `/application-records/${r.id}${search}`}
      actions={<Link to="/season-summary">Season Summary</Link>}
      exportTo="/application-records.csv"
    />
  )
}

export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching application records" />
}
