// The two restart lists' screen (docs/decisions/0041): the same columns, card and filters, with the
// pending list's Opened or the completed list's Completed and Completed By. A void pre-treat's
// restart stays on the list, its number marked Void (the storage was still shut down).
import type { Column } from '#app/lists/columns.ts'
import { ListScreen, type CardLayout, type ListView } from '#app/components/list/list-screen.tsx'
import { formatDate } from '#core/formats.ts'

/** A row as the loader sends it (dates as text). */
export interface RestartRow {
  id: number
  pretreat_id: number
  created_at: string | Date
  completed_at: string | Date | null
  pre_treat_number: string
  void: boolean
  company_name: string
  storage_name: string
  application_date: string | null
  applicator_name: string | null
  completed_by_name: string | null
}

const numberText = (r: RestartRow) => (r.void ? `${r.pre_treat_number} (Void)` : r.pre_treat_number)

const SHARED: Column<RestartRow>[] = [
  { key: 'pre_treat_number', label: 'Pre-Treat #', text: numberText, className: 'cell-nowrap' },
  { key: 'company', label: 'Owner', text: (r) => r.company_name },
  { key: 'storage', label: 'Storage', text: (r) => r.storage_name },
  { key: 'application_date', label: 'Application Date', text: (r) => formatDate(r.application_date), sortable: false, className: 'cell-nowrap' },
  { key: 'applicator', label: 'Applicator', text: (r) => r.applicator_name ?? '—', sortable: false },
]

export const PENDING_RESTART_COLUMNS: Column<RestartRow>[] = [...SHARED, { key: 'date', label: 'Opened', text: (r) => formatDate(r.created_at), firstOrder: 'desc', className: 'cell-nowrap' }]

export const COMPLETED_RESTART_COLUMNS: Column<RestartRow>[] = [
  ...SHARED,
  { key: 'date', label: 'Completed', text: (r) => formatDate(r.completed_at), firstOrder: 'desc', className: 'cell-nowrap' },
  { key: 'completed_by', label: 'Completed By', text: (r) => r.completed_by_name ?? '—', sortable: false },
]

const FILTERS = [
  { key: 'pre_treat_number', label: 'Pre-Treat #' },
  { key: 'company', label: 'Owner' },
  { key: 'storage', label: 'Storage' },
]

function cardOf(completed: boolean): CardLayout<RestartRow> {
  return {
    title: numberText,
    fields: [
      { label: 'Owner', value: (r) => r.company_name },
      { label: 'Storage', value: (r) => r.storage_name },
      { label: 'Application Date', value: (r) => formatDate(r.application_date) },
      { label: 'Applicator', value: (r) => r.applicator_name ?? '—' },
      ...(completed
        ? [
            { label: 'Completed', value: (r: RestartRow) => formatDate(r.completed_at) },
            { label: 'Completed By', value: (r: RestartRow) => r.completed_by_name ?? '—' },
          ]
        : [{ label: 'Opened', value: (r: RestartRow) => formatDate(r.created_at) }]),
    ],
  }
}

export function RestartListScreen({ completed, list, choices }: { completed: boolean; list: ListView<RestartRow>; choices?: Partial<Record<string, readonly string[]>> }) {
  return (
    <ListScreen
      title={completed ? 'Completed Restarts' : 'Pending Restarts'}
      list={list}
      columns={completed ? COMPLETED_RESTART_COLUMNS : PENDING_RESTART_COLUMNS}
      card={cardOf(completed)}
      filters={FILTERS}
      choices={choices}
      empty={completed ? 'No completed restarts available.' : 'No pending restarts available.'}
      rowHref={(r, search) => (completed ? `/completed-restarts/${r.id}${search}` : `/restarts/${r.id}`)}
      exportTo={completed ? '/completed-restarts.csv' : '/pending-restarts.csv'}
    />
  )
}
