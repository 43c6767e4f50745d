// The sort control above the phone cards (the table's headers sort on a desk; cards have none).
// A GET form like the toolbar: it works without JavaScript (the Sort button), keeps the filter,
// the date range and the page size, and starts again at page 1; with JavaScript a change sorts at once.
import { Form, useLocation, useSubmit } from '@remix-run/react'
import { DEFAULT_PAGE_SIZE, PARAM, type ListState } from '#app/lists/list-params.ts'
import { sortableColumns, type Column } from '#app/lists/columns.ts'
import { KeptParams } from './list-toolbar.tsx'

export interface CardSortProps<Row> {
  /** the list's state as the loader read it (`list.state`) */
  state: ListState
  /** the table's columns: the sortable ones are offered */
  columns: readonly Column<Row>[]
  idPrefix?: string
}

export function CardSort<Row>(props: CardSortProps<Row>) {
  const { search } = useLocation()
  // keyed by the URL so the chosen options follow every navigation
  return <CardSortForm key={search} {...props} />
}

function CardSortForm<Row>({ state, columns, idPrefix = 'list' }: CardSortProps<Row>) {
  const submit = useSubmit()
  const options = sortableColumns(columns)
  if (options.length === 0) return null
  const id = (name: string) => `${idPrefix}-card-${name}`
  const sortNow = (form: HTMLFormElement | null) => submit(form, { preventScrollReset: true })
  return (
    <Form method="get" className="list-card-sort" aria-label="Sort the cards" preventScrollReset>
      <KeptParams state={state} />
      {state.filterBy ? <input type="hidden" name={PARAM.filterBy} value={state.filterBy} /> : null}
      {state.filterBy ? <input type="hidden" name={PARAM.filterValue} value={state.filterValue} /> : null}
      {state.startDate ? <input type="hidden" name={PARAM.startDate} value={state.startDate} /> : null}
      {state.endDate ? <input type="hidden" name={PARAM.endDate} value={state.endDate} /> : null}
      {state.pageSize !== DEFAULT_PAGE_SIZE ? <input type="hidden" name={PARAM.pageSize} value={state.pageSize} /> : null}
      <div className="list-toolbar-field">
        <label htmlFor={id('sort-by')}>Sort by</label>
        <select id={id('sort-by')} name={PARAM.sortBy} defaultValue={state.sortBy} onChange={(e) => sortNow(e.currentTarget.form)}>
          {options.map((c) => (
            <option key={c.key} value={c.key}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <div className="list-toolbar-field">
        <label htmlFor={id('order')}>Order</label>
        <select id={id('order')} name={PARAM.order} defaultValue={state.order} onChange={(e) => sortNow(e.currentTarget.form)}>
          <option value="asc">Ascending</option>
          <option value="desc">Descending</option>
        </select>
      </div>
      <button type="submit" className="button button-secondary">
        Sort
      </button>
    </Form>
  )
}
