// The storage check list's columns, card and filters, and the list itself as one component, so
// any page can show it: /view-storage-check shows every check, or one storage's (?i=); a storage's
// detail page (issue 10) embeds it for that storage with `forStorage` (its heading says which
// storage, so the company and storage columns are left out):
//   loader:    checks: await loadStorageCheckList(db, url.searchParams, { storageId })
//   component: <StorageCheckList list={checks} title="Storage Checks" forStorage />
// Rows open the check's detail modal, a child route of /view-storage-check (view-storage-check.$id.tsx).
import type { Column } from '#app/lists/columns.ts'
import { ListScreen, type CardLayout, type ListView } from '#app/components/list/list-screen.tsx'
import { DeletedTag } from '#app/components/record-corrections.tsx'
import { SHOW_DELETED } from '#app/lists/show-deleted.ts'
import { formatDate } from '#core/formats.ts'

export interface StorageCheckRowView {
  id: number
  date_inspected: string
  company_name: string
  storage_name: string
  inspector_name: string
  variety: string
  fill_status: string
  /** carries the delete mark (shown only when the list is asked: Show deleted) */
  deleted?: boolean
}

export const EMPTY_CHECKS = 'No storage checks available.'

export const STORAGE_CHECK_COLUMNS: Column<StorageCheckRowView>[] = [
  {
    key: 'date_inspected',
    label: 'Date',
    text: (r) => formatDate(r.date_inspected),
    cell: (r) => (
      <>
        {formatDate(r.date_inspected)}
        <DeletedTag deleted={r.deleted} />
      </>
    ),
    firstOrder: 'desc',
    className: 'cell-nowrap',
  },
  { key: 'company', label: 'Company', text: (r) => r.company_name },
  { key: 'storage', label: 'Storage', text: (r) => r.storage_name },
  { key: 'inspector', label: 'Inspector', text: (r) => r.inspector_name },
  { key: 'variety', label: 'Variety' },
  { key: 'fill_status', label: 'Fill', className: 'cell-nowrap' },
]

const FILTERS = [
  { key: 'company', label: 'Company' },
  { key: 'storage', label: 'Storage' },
  { key: 'inspector', label: 'Inspector' },
  { key: 'variety', label: 'Variety' },
  { key: 'fill_status', label: 'Fill' },
]

/** the columns and filters a list for one storage leaves out */
const STORAGE_WIDE = new Set(['company', 'storage'])

const card = (forStorage: boolean): CardLayout<StorageCheckRowView> => ({
  title: (r) => (
    <>
      {formatDate(r.date_inspected)} · {r.fill_status}
      <DeletedTag deleted={r.deleted} />
    </>
  ),
  fields: [
    ...(forStorage ? [] : [{ label: 'Storage', value: (r: StorageCheckRowView) => `${r.company_name}, ${r.storage_name}` }]),
    { label: 'Inspector', value: (r) => r.inspector_name },
    { label: 'Variety', value: (r) => r.variety },
  ],
})

export function StorageCheckList({
  list,
  title,
  subtitle,
  choices,
  forStorage = false,
  exportTo,
  rowHref = (r, search) => `/view-storage-check/${r.id}${search}`,
}: {
  list: ListView<StorageCheckRowView>
  title: string
  subtitle?: string
  choices?: Partial<Record<string, readonly string[]>>
  /** one storage's checks: the company and storage columns are left out */
  forStorage?: boolean
  exportTo?: string
  /** where a row opens (default: its modal over this list) */
  rowHref?: (row: StorageCheckRowView, search: string) => string
}) {
  const shown = <T extends { key: string }>(items: T[]) => (forStorage ? items.filter((c) => !STORAGE_WIDE.has(c.key)) : items)
  return (
    <ListScreen
      title={title}
      subtitle={subtitle}
      list={list}
      columns={shown(STORAGE_CHECK_COLUMNS)}
      card={card(forStorage)}
      filters={shown(FILTERS)}
      choices={choices}
      empty={EMPTY_CHECKS}
      rowHref={rowHref}
      exportTo={exportTo}
      toggles={forStorage ? undefined : [SHOW_DELETED]}
    />
  )
}
