// The service lists' screens: Completed Service Sheets (also for one storage) and the two review
// lists, with the error boundary that tells a list's load failure in its own words.
import { isRouteErrorResponse, useRouteError } from '@remix-run/react'
import { DataTable, type Column } from '#app/components/list/data-table.tsx'
import { DateRangeModal } from '#app/components/list/date-range-modal.tsx'
import { EmptyState } from '#app/components/list/empty-state.tsx'
import { ListCards } from '#app/components/list/list-cards.tsx'
import { ListToolbar } from '#app/components/list/list-toolbar.tsx'
import { Pager } from '#app/components/list/pager.tsx'
import { formatDate } from '#core/formats.ts'
import type { ListParamErrors, ListState } from '#app/lists/list-params.ts'
import { oneLine, serviceText } from './service-sheet-detail.tsx'

export interface ServiceSheetListRowView {
  id: number
  service_date: string
  service_sheet_number: number
  company_name: string
  storage_name: string
  job_id: number | null
  job_name: string | null
  created_by_name: string
  service_rendered: string[]
  other_service: string
}

/** What the list components need of a loaded list page. */
export interface ListView<Row> {
  rows: Row[]
  state: ListState
  errors: ListParamErrors
  total: number
  totalPages: number
}

export interface ServiceSheetListProps {
  list: ListView<ServiceSheetListRowView>
  /** the detail URL of a row (keep the list's search in it) */
  rowHref: (row: ServiceSheetListRowView) => string
  /** one storage's list: no company and storage columns or filters */
  forStorage?: boolean
  choices?: Partial<Record<string, readonly string[]>>
}

const COLUMNS: (Column<ServiceSheetListRowView> & { storageWide?: true })[] = [
  { key: 'service_date', label: 'Date', cell: (r) => oneLine(formatDate(r.service_date)), firstOrder: 'desc' },
  { key: 'service_sheet_number', label: 'Sheet #', firstOrder: 'desc' },
  { key: 'company', label: 'Company', cell: (r) => r.company_name, storageWide: true },
  { key: 'storage', label: 'Storage', cell: (r) => r.storage_name, storageWide: true },
  { key: 'job', label: 'Job', cell: (r) => oneLine(r.job_name ?? '') },
  { key: 'tech', label: 'Tech', cell: (r) => r.created_by_name, sortable: false },
  { key: 'service', label: 'Service', cell: (r) => serviceText(r), sortable: false, className: 'cell-text' },
]

const FILTERS: { key: string; label: string; storageWide?: true }[] = [
  { key: 'company', label: 'Company', storageWide: true },
  { key: 'storage', label: 'Storage', storageWide: true },
  { key: 'job', label: 'Job' },
  { key: 'service_sheet_number', label: 'Sheet #' },
]

export function ServiceSheetList({ list, rowHref, forStorage = false, choices }: ServiceSheetListProps) {
  const shown = <T extends { storageWide?: true }>(items: T[]): T[] => (forStorage ? items.filter((c) => !c.storageWide) : items)
  return (
    <>
      <ListToolbar state={list.state} filterColumns={shown(FILTERS)} choices={choices} errors={list.errors} />
      {list.rows.length === 0 ? (
        <EmptyState message="No service sheets available." />
      ) : (
        <>
          <DataTable rows={list.rows} columns={shown(COLUMNS)} state={list.state} rowHref={rowHref} rowKey={(r) => r.id} caption="Completed Service Sheets" />
          <ListCards
            rows={list.rows}
            rowKey={(r) => r.id}
            rowHref={rowHref}
            title={(r) => `${formatDate(r.service_date)} · #${r.service_sheet_number}`}
            fields={[
              ...(forStorage ? [] : [{ label: 'Company', value: (r: ServiceSheetListRowView) => `${r.company_name}, ${r.storage_name}` }]),
              { label: 'Job', value: (r) => r.job_name ?? '—' },
              { label: 'Tech', value: (r) => r.created_by_name },
              { label: 'Service', value: (r) => serviceText(r) || '—' },
            ]}
            label="Completed Service Sheets"
          />
        </>
      )}
      <Pager state={list.state} totalPages={list.totalPages} total={list.total} />
      <DateRangeModal state={list.state} errors={list.errors} />
    </>
  )
}

// ---- the review lists ------------------------------------------------------------------------------

export interface ReviewListRowView {
  id: number
  service_date: string
  review_level: number
  company_name: string
  storage_name: string
  job_name: string | null
}

const REVIEW_COLUMNS: Column<ReviewListRowView>[] = [
  { key: 'service_date', label: 'Date', cell: (r) => oneLine(formatDate(r.service_date)), firstOrder: 'desc' },
  { key: 'review_level', label: 'Level' },
  { key: 'company', label: 'Company', cell: (r) => r.company_name },
  { key: 'storage', label: 'Storage', cell: (r) => r.storage_name },
  { key: 'job', label: 'Job', cell: (r) => oneLine(r.job_name ?? '') },
]

const REVIEW_FILTERS = [
  { key: 'company', label: 'Company' },
  { key: 'storage', label: 'Storage' },
  { key: 'job', label: 'Job' },
]

/** A review list; a row opens the review editor (a page of its own, not a modal). */
export function ReviewList({ heading, list, choices }: { heading: string; list: ListView<ReviewListRowView>; choices?: ServiceSheetListProps['choices'] }) {
  const rowHref = (r: ReviewListRowView) => `/review-editor/${r.id}`
  return (
    <>
      <h1>{heading}</h1>
      <ListToolbar state={list.state} filterColumns={REVIEW_FILTERS} choices={choices} errors={list.errors} />
      {list.rows.length === 0 ? (
        <EmptyState message="No reviews available." />
      ) : (
        <>
          <DataTable rows={list.rows} columns={REVIEW_COLUMNS} state={list.state} rowHref={rowHref} rowKey={(r) => r.id} caption={heading} />
          <ListCards
            rows={list.rows}
            rowKey={(r) => r.id}
            rowHref={rowHref}
            title={(r) => `${formatDate(r.service_date)} · Level ${r.review_level}`}
            fields={[
              { label: 'Company', value: (r) => r.company_name },
              { label: 'Storage', value: (r) => r.storage_name },
              { label: 'Job', value: (r) => r.job_name ?? '—' },
            ]}
            label={heading}
          />
        </>
      )}
      <Pager state={list.state} totalPages={list.totalPages} total={list.total} />
      <DateRangeModal state={list.state} errors={list.errors} />
    </>
  )
}

/**
 * A list route's error boundary: a refusal or a missing page says so as the app does elsewhere;
 * anything else is the list failing to load, told in the list's own words ('Error fetching reviews').
 */
export function ListErrorBoundary({ message }: { message: string }) {
  const error = useRouteError()
  const refused = isRouteErrorResponse(error) && error.status < 500
  if (!refused) console.error(error)
  const title = !refused ? message : error.status === 403 ? 'Not allowed' : error.status === 404 ? 'Not found' : 'Bad request'
  const text = !refused ? 'Please try again. If it keeps happening, tell the office.' : error.status === 403 ? 'You do not have permission to view this page.' : 'There is nothing at this address.'
  return (
    <section className="error-page" role="alert" aria-labelledby="error-title">
      <h1 id="error-title">{title}</h1>
      <p>{text}</p>
    </section>
  )
}
