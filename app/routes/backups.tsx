// Backups (/backups, issue 25, decision 0071): when each `npm run backup` finished, where it went
// and what it held; the newest first, so an admin sees at once how old the last one is. On the
// list engine (copied from outgoing-mail.tsx).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import type { Column } from '#app/lists/columns.ts'
import { ListErrorBoundary, ListScreen, type CardLayout } from '#app/components/list/list-screen.tsx'
import { backups, type BackupRow } from '#app/lists/backup-list.server.ts'
import { loadListScreen } from '#app/lists/list-screen.server.ts'
import { formatDateTime, formatFileSize } from '#core/formats.ts'

export const access = ACCESS['/backups']
export const meta: MetaFunction = () => [{ title: 'Backups' }]
export const handle = {
  crumbs: [
    { label: 'Manage', to: '/manage' },
    { label: 'Backups', to: '/backups' },
  ],
}

export const loader = (args: LoaderFunctionArgs) => loadListScreen(args, access, backups)

type Row = BackupRow

const held = (r: Row) =>
  `${r.tables} tables, ${r.rows.toLocaleString('en-US')} rows, ${r.files.toLocaleString('en-US')} files${r.missing_files > 0 ? ` (${r.missing_files} missing from the store)` : ''}`

export const COLUMNS: Column<Row>[] = [
  { key: 'finished_at', label: 'Finished', text: (r) => formatDateTime(r.finished_at), firstOrder: 'desc', className: 'cell-nowrap' },
  { key: 'location', label: 'Where', text: (r) => `${r.location}/${r.name}` },
  { key: 'held', label: 'Holds', sortable: false, text: held },
  { key: 'bytes', label: 'Files’ Size', text: (r) => formatFileSize(r.bytes), className: 'cell-nowrap' },
  { key: 'app_version', label: 'Version', sortable: false, text: (r) => r.app_version },
]

export const CSV_COLUMNS: Column<Row>[] = [
  { key: 'started_at', label: 'Started', text: (r) => r.started_at },
  { key: 'finished_at', label: 'Finished', text: (r) => r.finished_at },
  { key: 'location', label: 'Where' },
  { key: 'name', label: 'Backup' },
  { key: 'tables', label: 'Tables', text: (r) => String(r.tables) },
  { key: 'rows', label: 'Rows', text: (r) => String(r.rows) },
  { key: 'files', label: 'Files', text: (r) => String(r.files) },
  { key: 'bytes', label: 'Bytes', text: (r) => String(r.bytes) },
  { key: 'missing_files', label: 'Missing Files', text: (r) => String(r.missing_files) },
  { key: 'app_version', label: 'Version' },
]

const CARD: CardLayout<Row> = {
  title: (r) => formatDateTime(r.finished_at),
  fields: [
    { label: 'Where', value: (r) => `${r.location}/${r.name}` },
    { label: 'Holds', value: held },
    { label: 'Files’ Size', value: (r) => formatFileSize(r.bytes) },
  ],
}

const FILTERS = [{ key: 'location', label: 'Where' }]

export default function Backups() {
  const { list, choices } = useLoaderData<typeof loader>()
  return (
    <ListScreen
      title="Backups"
      subtitle="Each finished backup of the database and the stored files (npm run backup), newest first. The README says how to schedule them and how to restore one."
      list={list}
      columns={COLUMNS}
      card={CARD}
      filters={FILTERS}
      choices={choices}
      empty="No backup has finished yet."
      rowHref={() => null}
      exportTo="/backups.csv"
    />
  )
}

export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching backups" />
}
