// /follow-ups.csv: Restart Follow-Ups as a CSV download (open, or closed with ?state=closed), the
// current filter, date range and sort (not just the page), with the screen's columns, streamed.
// The same rule as the screen.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { CLOSED_FOLLOW_UP_COLUMNS, OPEN_FOLLOW_UP_COLUMNS } from '#app/features/restart-follow-ups/follow-ups.tsx'
import { FOLLOW_UP_SCREENS, followUpStateOf } from '#app/lists/follow-up-list.server.ts'
import { exportListCsv } from '#app/lists/list-screen.server.ts'
import { access } from './follow-ups.tsx'

export { access }

export function loader(args: LoaderFunctionArgs) {
  const state = followUpStateOf(new URL(args.request.url).searchParams)
  const columns = state === 'closed' ? CLOSED_FOLLOW_UP_COLUMNS : OPEN_FOLLOW_UP_COLUMNS
  return exportListCsv(args, access, FOLLOW_UP_SCREENS[state], { columns, name: state === 'closed' ? 'Closed Restart Follow-Ups' : 'Restart Follow-Ups' })
}
