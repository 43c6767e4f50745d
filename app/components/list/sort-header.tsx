// A sortable column's header cell: a link that sorts by the column (again: the other way), marked
// with aria-sort. Shared by the list kit's table and the drive's table.
import { Link } from '@remix-run/react'
import { toSearch, type ListState, type SortOrder } from '#app/lists/list-params.ts'

export interface SortHeaderColumn {
  key: string
  label: string
  className?: string
  /** false: a plain header (default true) */
  sortable?: boolean
  /** the order of the first click (default 'asc') */
  firstOrder?: SortOrder
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const

export function SortHeader({ column, state }: { column: SortHeaderColumn; state: ListState }) {
  const sortable = column.sortable !== false
  const active = sortable && state.sortBy === column.key
  const next: SortOrder = active ? (state.order === 'asc' ? 'desc' : 'asc') : (column.firstOrder ?? 'asc')
  return (
    <th scope="col" className={column.className} aria-sort={active ? ARIA_SORT[state.order] : sortable ? 'none' : undefined}>
      {sortable ? (
        <Link to={toSearch(state, { sortBy: column.key, order: next, currentPage: 1 })} className="list-sort" preventScrollReset>
          {column.label}
          <span className="list-sort-icon" aria-hidden="true">
            {active ? (state.order === 'asc' ? '▲' : '▼') : '↕'}
          </span>
        </Link>
      ) : (
        column.label
      )}
    </th>
  )
}
