// The Service Calls tab: Completed Service Sheets for one storage (operations.md: the list "can be
// embedded for a single storage, hiding the company and storage columns"), on the list screen kit
// with the /view-service list's columns. A row opens the sheet's modal over that storage's list.
import type { Column } from '#app/lists/columns.ts'
import { ListScreen, type CardLayout, type ListView } from '#app/components/list/list-screen.tsx'
import { serviceText } from '#app/components/service-sheet-detail.tsx'
import { formatDate } from '#core/formats.ts'

export interface StorageSheetRow {
  id: number
  service_date: string
  service_sheet_number: number
  job_id: number | null
  job_name: string | null
  created_by_name: string
  service_rendered: readonly string[]
  other_service: string
}

const COLUMNS: Column<StorageSheetRow>[] = [
  { key: 'service_date', label: 'Date', text: (r) => formatDate(r.service_date), firstOrder: 'desc', className: 'cell-nowrap' },
  { key: 'service_sheet_number', label: 'Sheet #', firstOrder: 'desc' },
  { key: 'job', label: 'Job', text: (r) => r.job_name, className: 'cell-nowrap' },
  { key: 'tech', label: 'Tech', text: (r) => r.created_by_name, sortable: false },
  { key: 'service', label: 'Service', text: (r) => serviceText(r), sortable: false },
]

const FILTERS = [
  { key: 'job', label: 'Job' },
  { key: 'service_sheet_number', label: 'Sheet #' },
]

const CARD: CardLayout<StorageSheetRow> = {
  title: (r) => `${formatDate(r.service_date)} · #${r.service_sheet_number}`,
  fields: [
    { label: 'Job', value: (r) => r.job_name ?? '—' },
    { label: 'Tech', value: (r) => r.created_by_name },
    { label: 'Service', value: (r) => serviceText(r) || '—' },
  ],
}

export function StorageSheetList({ list, storageId }: { list: ListView<StorageSheetRow>; storageId: number }) {
  return <ListScreen title="Service Calls" list={list} columns={COLUMNS} card={CARD} filters={FILTERS} empty="No service sheets available." rowHref={(r) => `/view-service/${r.id}?i=${storageId}`} />
}
