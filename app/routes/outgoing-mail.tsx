// Outgoing Mail (/outgoing-mail, issue 23, decision 0065): the grower's reports asked for, on the
// list engine (copied from application-records.tsx). Without a mail server (SMTP_URL unset) each
// message is a .eml file in the file store: its row links to it (outgoing-mail_.$id[.]eml.ts).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import type { Column } from '#app/lists/columns.ts'
import { ListErrorBoundary, ListScreen, type CardLayout } from '#app/components/list/list-screen.tsx'
import { reportText } from '#app/features/grower-report/grower-report-log.tsx'
import { outgoingMail, type OutgoingMailRow } from '#app/lists/outgoing-mail-list.server.ts'
import { loadListScreen } from '#app/lists/list-screen.server.ts'
import { formatDateTime } from '#core/formats.ts'

export const access = ACCESS['/outgoing-mail']
export const meta: MetaFunction = () => [{ title: 'Outgoing Mail' }]
export const handle = {
  crumbs: [
    { label: 'Manage', to: '/manage' },
    { label: 'Outgoing Mail', to: '/outgoing-mail' },
  ],
}

export const loader = (args: LoaderFunctionArgs) => loadListScreen(args, access, outgoingMail)

type Row = OutgoingMailRow

const why = (r: Row) => (r.reason === 'completed' ? 'At completion' : `Sent again by ${r.requested_by_name ?? 'someone'}`)
const outcome = (r: Row) => `${reportText(r)}${r.error ? ` — ${r.error}` : ''}`
const emlLink = (r: Row) => (r.eml_file ? <a href={`/outgoing-mail/${r.id}.eml`}>{r.eml_file}</a> : '—')

export const COLUMNS: Column<Row>[] = [
  { key: 'requested_at', label: 'Asked For', text: (r) => formatDateTime(r.requested_at), firstOrder: 'desc', className: 'cell-nowrap' },
  { key: 'pretreat', label: 'Pre-Treat #', text: (r) => r.pre_treat_number, className: 'cell-nowrap' },
  { key: 'grower', label: 'Grower', sortable: false, text: (r) => r.grower_name },
  { key: 'reason', label: 'Why', sortable: false, text: why },
  { key: 'status', label: 'Status', text: outcome },
  { key: 'eml_file', label: 'Message File', sortable: false, text: (r) => r.eml_file, cell: emlLink },
]

/** The CSV: the screen's columns, with the recipients and any error apart. */
export const CSV_COLUMNS: Column<Row>[] = [
  ...COLUMNS.filter((c) => c.key !== 'status'),
  { key: 'status', label: 'Status', text: (r) => r.status },
  { key: 'sent_at', label: 'Sent', text: (r) => (r.sent_at ? formatDateTime(r.sent_at) : '') },
  { key: 'recipients', label: 'To' },
  { key: 'error', label: 'Error' },
]

const CARD: CardLayout<Row> = {
  title: (r) => `${formatDateTime(r.requested_at)} · ${r.pre_treat_number}`,
  fields: [
    { label: 'Grower', value: (r) => r.grower_name },
    { label: 'Why', value: why },
    { label: 'Status', value: outcome },
    { label: 'Message File', value: emlLink },
  ],
}

const FILTERS = [
  { key: 'pretreat', label: 'Pre-Treat #' },
  { key: 'status', label: 'Status' },
]

export default function OutgoingMail() {
  const { list, choices } = useLoaderData<typeof loader>()
  return (
    <ListScreen
      title="Outgoing Mail"
      subtitle="The grower’s reports: one when a pre-treat is completed, and each one sent again. Without a mail server they are written as .eml files, linked here."
      list={list}
      columns={COLUMNS}
      card={CARD}
      filters={FILTERS}
      choices={choices}
      empty="No reports have been asked for yet."
      rowHref={(r) => (r.record_id === null ? null : `/application-records/${r.record_id}`)}
      exportTo="/outgoing-mail.csv"
    />
  )
}

export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching outgoing mail" />
}
