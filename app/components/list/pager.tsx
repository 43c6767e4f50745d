// Page links (spec: all pages up to 7, else the first three, the last three and the pages around
// the current one), with Previous and Next. The current page is marked aria-current="page".
import { Link } from '@remix-run/react'
import { pageWindow } from '#core/pagination.ts'
import { toSearch, type ListState } from '#app/lists/list-params.ts'

export interface PagerProps {
  /** the list's state as the loader read it (`list.state`, whose currentPage is the page shown) */
  state: ListState
  totalPages: number
  /** when given, 'Showing 11–20 of 57' is written above the links */
  total?: number
  /** the navigation landmark's name */
  label?: string
}

const number = (n: number) => n.toLocaleString('en-US')

export function Pager({ state, totalPages, total, label = 'Pages' }: PagerProps) {
  const page = state.currentPage
  const to = (p: number) => toSearch(state, { currentPage: p })
  const first = (page - 1) * state.pageSize + 1
  const last = total === undefined ? 0 : Math.min(page * state.pageSize, total)
  return (
    <div className="pager">
      {total !== undefined && total > 0 ? (
        <p className="pager-summary">
          Showing {number(first)}–{number(last)} of {number(total)}
        </p>
      ) : null}
      {totalPages > 1 ? (
        <nav aria-label={label}>
          <ul className="pager-list">
            <li>
              {page > 1 ? (
                <Link to={to(page - 1)} rel="prev" className="pager-step">
                  Previous
                </Link>
              ) : (
                <span className="pager-step" aria-disabled="true">
                  Previous
                </span>
              )}
            </li>
            {pageWindow(page, totalPages).map((item, i) =>
              item === 'gap' ? (
                <li key={`gap-${i}`} className="pager-gap" aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={item}>
                  <Link to={to(item)} className="pager-page" aria-current={item === page ? 'page' : undefined}>
                    <span className="visually-hidden">Page </span>
                    {number(item)}
                  </Link>
                </li>
              ),
            )}
            <li>
              {page < totalPages ? (
                <Link to={to(page + 1)} rel="next" className="pager-step">
                  Next
                </Link>
              ) : (
                <span className="pager-step" aria-disabled="true">
                  Next
                </span>
              )}
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  )
}
