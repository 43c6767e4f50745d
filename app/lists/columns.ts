// A list's columns: what the table shows (data-table.tsx), what the phone cards can sort by
// (card-sort.tsx), and what the CSV export writes (app/lists/list-screen.server.ts). One definition
// for all three, so an exported file has the columns the screen shows, in the same words.
import type { ReactNode } from 'react'
import type { SortOrder } from '#app/lists/list-params.ts'

interface ColumnBase {
  /** the list's sort key for this column (list-params `sort_by`) */
  key: string
  label: string
  /** default true; set false for a column the list cannot sort by */
  sortable?: boolean
  /** the order of the first click on this column (default 'asc'; 'desc' suits dates) */
  firstOrder?: SortOrder
  className?: string
}

export type Column<Row> = ColumnBase &
  (
    | {
        /** the value as text: the cell and the CSV field (default: the row's property named `key`) */
        text?: (row: Row) => string | number | null
        cell?: undefined
      }
    | {
        text: (row: Row) => string | number | null
        /** the cell, when it shows more than its text (a mark, a line that must not break); the CSV keeps `text` */
        cell: (row: Row) => ReactNode
      }
  )

/** The column's value as text (for a cell without its own rendering, and for the CSV). */
export function columnText<Row>(column: Column<Row>, row: Row): string | number | null {
  if (column.text) return column.text(row)
  const value = (row as Record<string, unknown>)[column.key]
  return value === null || value === undefined ? null : typeof value === 'number' ? value : String(value)
}

/** The columns the list can be sorted by. */
export function sortableColumns<Row>(columns: readonly Column<Row>[]): Column<Row>[] {
  return columns.filter((c) => c.sortable !== false)
}
