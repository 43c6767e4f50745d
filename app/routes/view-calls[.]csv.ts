// /view-calls.csv: Pending Calls as a CSV download, the current filter, date range and sort (not
// just the page), with the screen's columns, streamed. The same rule as the screen.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { pendingCalls } from '#app/lists/call-in-list.server.ts'
import { exportListCsv } from '#app/lists/list-screen.server.ts'
import { access, COLUMNS } from './view-calls.tsx'

export { access }

export const loader = (args: LoaderFunctionArgs) => exportListCsv(args, access, pendingCalls, { columns: COLUMNS, name: 'Pending Calls' })
