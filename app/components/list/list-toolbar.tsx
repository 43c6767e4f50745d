// The controls above a list: page size, filter column and value, the date range, Clear Filters, and
// the CSV export of what the filter and the date range select (a plain download link).
// A GET form: it works without JavaScript (the Filter button submits); with JavaScript a new page
// size submits by itself, and the value's suggestions follow the chosen column.
import { Form, Link, useLocation, useSubmit } from '@remix-run/react'
import { useState } from 'react'
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, PARAM, clearedFilters, hasFilters, toSearch, toSearchParams, type ListParamErrors, type ListState } from '#app/lists/list-params.ts'

export interface FilterColumn {
  key: string
  label: string
}

export interface ListToolbarProps {
  /** the list's state as the loader read it (`list.state`) */
  state: ListState
  /** the filterable columns, in the order to offer them */
  filterColumns: readonly FilterColumn[]
  /** suggested values per filter column (from the engine's `choices`), shown as a <datalist> */
  choices?: Partial<Record<string, readonly string[]>>
  /** the loader's field messages; page size, filter and page messages show here, dates in the modal */
  errors?: ListParamErrors
  pageSizes?: readonly number[]
  /** prefix for element ids, when a page holds two lists */
  idPrefix?: string
  /** the list's CSV route (e.g. '/view-calls.csv'): an Export CSV link with the list's sort and filters */
  exportTo?: string
  /** false: the list has no date column, so no Date Range button */
  dates?: boolean
  /** checkboxes that add a kept parameter (=1) when ticked, e.g. Show deleted (app/lists/show-deleted.ts) */
  toggles?: readonly Toggle[]
}

export interface Toggle {
  name: string
  label: string
}

export function ListToolbar(props: ListToolbarProps) {
  const { search } = useLocation()
  // keyed by the URL so the fields (and the chosen filter column) show the new state after every navigation
  return <ToolbarForm key={search} {...props} />
}

function ToolbarForm({ state, filterColumns, choices = {}, errors = {}, pageSizes = PAGE_SIZES, idPrefix = 'list', exportTo, dates = true, toggles = [] }: ListToolbarProps) {
  const [column, setColumn] = useState(state.filterBy ?? filterColumns[0]?.key ?? '')
  const id = (name: string) => `${idPrefix}-${name}`
  const dateLink = toSearchParams(state)
  dateLink.set('modal', 'date-range')
  const messages = [errors.page_size, errors.filter_value, errors.current_page].filter((m): m is string => Boolean(m))
  const range = state.startDate || state.endDate ? `${state.startDate ?? '…'} – ${state.endDate ?? '…'}` : null

  return (
    <Form method="get" className="list-toolbar" role="search" aria-label="List controls">
      <KeptParams state={state} except={toggles.map((t) => t.name)} />
      <input type="hidden" name={PARAM.sortBy} value={state.sortBy} />
      <input type="hidden" name={PARAM.order} value={state.order} />
      {state.startDate ? <input type="hidden" name={PARAM.startDate} value={state.startDate} /> : null}
      {state.endDate ? <input type="hidden" name={PARAM.endDate} value={state.endDate} /> : null}

      <PageSizeField id={id('page-size')} state={state} pageSizes={pageSizes} invalid={!!errors.page_size} />

      {filterColumns.length > 0 ? (
        <>
          <div className="list-toolbar-field">
            <label htmlFor={id('filter-by')}>Filter by</label>
            <select id={id('filter-by')} name={PARAM.filterBy} defaultValue={column} onChange={(e) => setColumn(e.currentTarget.value)}>
              {filterColumns.map((c) => (
                <option key={c.key} value={c.key}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
          <div className="list-toolbar-field list-toolbar-value">
            <label htmlFor={id('filter-value')}>Filter value</label>
            <input
              id={id('filter-value')}
              name={PARAM.filterValue}
              type="search"
              defaultValue={state.filterValue}
              list={choices[column]?.length ? id(`choices-${column}`) : undefined}
              maxLength={200}
              autoComplete="off"
              aria-invalid={errors.filter_value ? true : undefined}
            />
            {filterColumns.map((c) =>
              choices[c.key]?.length ? (
                <datalist key={c.key} id={id(`choices-${c.key}`)}>
                  {choices[c.key]!.map((name) => (
                    <option key={name} value={name} />
                  ))}
                </datalist>
              ) : null,
            )}
          </div>
        </>
      ) : null}

      {toggles.map((t) => (
        <div key={t.name} className="list-toolbar-field list-toolbar-toggle">
          <input id={id(`toggle-${t.name}`)} type="checkbox" name={t.name} value="1" defaultChecked={state.keep?.[t.name] === '1'} />
          <label htmlFor={id(`toggle-${t.name}`)}>{t.label}</label>
        </div>
      ))}

      <div className="list-toolbar-actions">
        <button type="submit" className="button">
          Filter
        </button>
        {dates ? (
          <Link to={`?${dateLink.toString()}`} className="button button-secondary" preventScrollReset>
            Date Range
          </Link>
        ) : null}
        <Link to={toSearch(clearedFilters(state))} className="button button-secondary" aria-disabled={hasFilters(state) ? undefined : true}>
          Clear Filters
        </Link>
        {exportTo ? (
          // a download, not a page: a plain link (no client-side navigation), pages left out
          <a href={`${exportTo}${toSearch(state, { currentPage: 1, pageSize: DEFAULT_PAGE_SIZE })}`} className="button button-secondary" download>
            Export CSV
          </a>
        ) : null}
      </div>
      {range ? (
        <p className="list-toolbar-range">
          <span className="muted">Dates:</span> {range}
        </p>
      ) : null}
      <ToolbarErrors messages={messages} />
    </Form>
  )
}

/** What a list's GET form could not read, one message a line (nothing when all is well). */
export function ToolbarErrors({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null
  return (
    <ul className="list-toolbar-errors" role="alert">
      {messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  )
}

/** 'Rows per page' for a list's GET form: with JavaScript a new size submits the form by itself. */
export function PageSizeField({ id, state, pageSizes = PAGE_SIZES, invalid = false }: { id: string; state: ListState; pageSizes?: readonly number[]; invalid?: boolean }) {
  const submit = useSubmit()
  return (
    <div className="list-toolbar-field">
      <label htmlFor={id}>Rows per page</label>
      <select id={id} name={PARAM.pageSize} defaultValue={String(state.pageSize)} aria-invalid={invalid ? true : undefined} onChange={(e) => submit(e.currentTarget.form)}>
        {pageSizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  )
}

export function KeptParams({ state, except = [] }: { state: ListState; except?: readonly string[] }) {
  return (
    <>
      {Object.entries(state.keep ?? {})
        .filter(([name]) => !except.includes(name))
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
    </>
  )
}
