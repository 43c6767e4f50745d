// The list screen every list route renders (docs/decisions/0017-list-screen-kit.md): the heading,
// the toolbar (page size, filter, date range, Clear Filters, Export CSV), the table on a desk and
// sortable cards on a phone, the list's empty text, the pager, the date-range modal, and the outlet
// where a row's detail modal opens. Everything is a link or a GET form, so it all works without
// JavaScript. A route gives it what its loader read (loadListScreen) and its own columns, card,
// filters and texts; copy app/routes/view-calls.tsx.
import { isRouteErrorResponse, Outlet, useLocation, useRouteError } from '@remix-run/react'
import type { ReactNode } from 'react'
import { FLASH_PARAM, FlashNotice } from '#app/components/form/flash-notice.tsx'
import type { ListParamErrors, ListState } from '#app/lists/list-params.ts'
import { CardSort } from './card-sort.tsx'
import type { Column } from '#app/lists/columns.ts'
import { DataTable } from './data-table.tsx'
import { DateRangeModal } from './date-range-modal.tsx'
import { EmptyState } from './empty-state.tsx'
import { ListCards, type CardField } from './list-cards.tsx'
import { ListToolbar, type FilterColumn, type Toggle } from './list-toolbar.tsx'
import { Pager } from './pager.tsx'

/** What the screen needs of a loaded list page (`ListPage` from the engine has it all). */
export interface ListView<Row> {
  rows: readonly Row[]
  state: ListState
  errors: ListParamErrors
  total: number
  totalPages: number
  /** false: the list has no date column, so no Date Range (the engine's `dates`) */
  dates?: boolean
}

/** A row as a phone card: its title (the link to the row) and its fields. */
export interface CardLayout<Row> {
  title: (row: Row) => ReactNode
  fields: readonly CardField<Row>[]
}

export interface ListScreenProps<Row extends { id: number | string }> {
  /** the heading; also names the table and the cards for screen readers */
  title: string
  /** a line under the heading (e.g. the grower of one storage's list) */
  subtitle?: ReactNode
  list: ListView<Row>
  columns: readonly Column<Row>[]
  card: CardLayout<Row>
  /** the filterable columns, in the order to offer them */
  filters?: readonly FilterColumn[]
  /** suggested names per filter column (loadListScreen reads them) */
  choices?: Partial<Record<string, readonly string[]>>
  /** the spec's text for an empty list, e.g. 'No service calls available.' */
  empty: string
  /**
   * Where a row opens. A detail modal is a child route of the list: pass the list's `search` on, so
   * the modal's Close comes back to the same page, sort and filter. A page of its own needs no search.
   */
  rowHref: (row: Row, search: string) => string | null
  /** links beside the heading, e.g. an admin list's 'Add Product' for those who may add */
  actions?: ReactNode
  /** the list's CSV route, e.g. '/view-calls.csv' (a `[.]csv.ts` route beside the list's) */
  exportTo?: string
  /** checkboxes of the toolbar's form, e.g. Show deleted */
  toggles?: readonly Toggle[]
}

export function ListScreen<Row extends { id: number | string }>({ title, subtitle, list, columns, card, filters = [], choices, empty, rowHref, actions, exportTo, toggles }: ListScreenProps<Row>) {
  const search = withoutFlash(useLocation().search)
  const href = (row: Row) => rowHref(row, search)
  const key = (row: Row) => row.id
  return (
    <>
      <FlashNotice />
      <h1>{title}</h1>
      {subtitle ? <p className="muted">{subtitle}</p> : null}
      {actions ? <div className="list-actions">{actions}</div> : null}
      <ListToolbar state={list.state} filterColumns={filters} choices={choices} errors={list.errors} exportTo={exportTo} dates={list.dates !== false} toggles={toggles} />
      {list.rows.length === 0 ? (
        <EmptyState message={empty} />
      ) : (
        <>
          <DataTable rows={list.rows} columns={columns} state={list.state} rowHref={href} rowKey={key} caption={title} />
          <CardSort state={list.state} columns={columns} />
          <ListCards rows={list.rows} rowKey={key} rowHref={href} title={card.title} fields={card.fields} label={title} />
        </>
      )}
      <Pager state={list.state} totalPages={list.totalPages} total={list.total} />
      {list.dates === false ? null : <DateRangeModal state={list.state} errors={list.errors} />}
      <Outlet />
    </>
  )
}

/** The list's search without its flash: the notice is said once, on the list, not again by a row's modal over it. */
function withoutFlash(search: string): string {
  const params = new URLSearchParams(search)
  if (!params.has(FLASH_PARAM)) return search
  params.delete(FLASH_PARAM)
  const rest = params.toString()
  return rest ? `?${rest}` : ''
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
