// /completed-restarts.csv: Completed Restarts as a CSV download, the current filter, date range and sort (not just
// the page), with the screen's columns, streamed. The same rule as the screen.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { COMPLETED_RESTART_COLUMNS } from '#app/features/restarts/restart-list.tsx'
import { completedRestarts } from '#app/lists/restart-lists.server.ts'
import { exportListCsv } from '#app/lists/list-screen.server.ts'
import { access } from './completed-restarts.tsx'

export { access }

export const loader = (args: LoaderFunctionArgs) => exportListCsv(args, access, completedRestarts, { columns: COMPLETED_RESTART_COLUMNS, name: 'Completed Restarts' })
