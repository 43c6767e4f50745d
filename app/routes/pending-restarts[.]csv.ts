// /pending-restarts.csv: Pending Restarts as a CSV download, the current filter, date range and sort (not just
// the page), with the screen's columns, streamed. The same rule as the screen.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { PENDING_RESTART_COLUMNS } from '#app/features/restarts/restart-list.tsx'
import { pendingRestarts } from '#app/lists/restart-lists.server.ts'
import { exportListCsv } from '#app/lists/list-screen.server.ts'
import { access } from './pending-restarts.tsx'

export { access }

export const loader = (args: LoaderFunctionArgs) => exportListCsv(args, access, pendingRestarts, { columns: PENDING_RESTART_COLUMNS, name: 'Pending Restarts' })
