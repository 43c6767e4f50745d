import { Link } from '@remix-run/react'
import { MINE_TEXT } from '#app/alerts.ts'

/** A list narrowed to the user's own rows by `?mine=` (decision 0069): what it shows, and the way back to all. */
export function MineSubtitle({ mine, showAll }: { mine: keyof typeof MINE_TEXT; showAll: string }) {
  return (
    <>
      {MINE_TEXT[mine]} · <Link to={showAll}>Show all</Link>
    </>
  )
}
