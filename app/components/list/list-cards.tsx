// The list as cards: what phones see (under 600 px; lists.css decides, both are in the page).
// Each card's title is a link to the row's detail, stretched over the whole card by CSS.
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'

export interface CardField<Row> {
  label: string
  value: (row: Row) => ReactNode
}

export interface ListCardsProps<Row> {
  rows: readonly Row[]
  rowKey: (row: Row) => string | number
  /** null: the row opens nothing for this user (the title is plain text) */
  rowHref: (row: Row) => string | null
  /** the card's heading, which is its link */
  title: (row: Row) => ReactNode
  fields: readonly CardField<Row>[]
  /** names the list for screen readers */
  label?: string
}

export function ListCards<Row>({ rows, rowKey, rowHref, title, fields, label }: ListCardsProps<Row>) {
  return (
    <ul className="list-cards" aria-label={label}>
      {rows.map((row) => {
        const href = rowHref(row)
        return (
          <li key={rowKey(row)} className="list-card">
            <h2 className="list-card-title">
              {href === null ? (
                title(row)
              ) : (
                <Link to={href} className="list-card-link" preventScrollReset>
                  {title(row)}
                </Link>
              )}
            </h2>
            <dl className="list-card-fields">
              {fields.map((field) => (
                <div key={field.label} className="list-card-field">
                  <dt>{field.label}</dt>
                  <dd>{field.value(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        )
      })}
    </ul>
  )
}
