// The list as a table (600 px and wider; list-cards.tsx below that). Header cells sort by their
// column (sort-header.tsx). Each row's first cell holds a real link to the row's detail; with
// JavaScript a click anywhere on the row follows it.
import { Link, useNavigate } from '@remix-run/react'
import type { MouseEvent } from 'react'
import { useHydrated } from '../use-hydrated.ts'
import type { ListState } from '#app/lists/list-params.ts'
import { columnText, type Column } from '#app/lists/columns.ts'
import { SortHeader } from './sort-header.tsx'

export type { Column } from '#app/lists/columns.ts'

export interface DataTableProps<Row> {
  rows: readonly Row[]
  columns: readonly Column<Row>[]
  /** the list's state as the loader read it (`list.state`) */
  state: ListState
  /** the detail URL of a row (keep the list's search in it, so closing the detail comes back here); null: the row opens nothing for this user */
  rowHref: (row: Row) => string | null
  rowKey: (row: Row) => string | number
  /** a caption for screen readers (visually hidden) */
  caption?: string
}

export function DataTable<Row>({ rows, columns, state, rowHref, rowKey, caption }: DataTableProps<Row>) {
  const navigate = useNavigate()
  const hydrated = useHydrated()

  function onRowClick(event: MouseEvent<HTMLTableRowElement>, href: string) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    if ((event.target as Element).closest('a, button, input, select, textarea, label, summary')) return
    if (window.getSelection()?.toString()) return // selecting text is not a click on the row
    navigate(href)
  }

  return (
    <div className="list-table-wrap">
      <table className={hydrated && rows.some((row) => rowHref(row) !== null) ? 'list-table is-clickable' : 'list-table'}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) => (
              <SortHeader key={column.key} column={column} state={state} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const href = rowHref(row)
            return (
              <tr key={rowKey(row)} onClick={hydrated && href !== null ? (e) => onRowClick(e, href) : undefined}>
                {columns.map((column, i) => {
                  const content = column.cell ? column.cell(row) : columnText(column, row)
                  return (
                    <td key={column.key} className={column.className}>
                      {i === 0 && href !== null ? (
                        <Link to={href} className="list-row-link" preventScrollReset>
                          {content}
                        </Link>
                      ) : (
                        content
                      )}
                    </td>
                  )
                })}
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
