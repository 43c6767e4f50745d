// /sheet-status.csv: the Service Sheet Tracker as a CSV download: the current filter, date range
// and sort, streamed (reviews as Done / Not done). The same rule as the screen.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { exportListCsv } from '#app/lists/list-screen.server.ts'
import { sheetTracker } from '#app/lists/service-status-list.server.ts'
import { access, COLUMNS } from './sheet-status.tsx'

export { access }

export const loader = (args: LoaderFunctionArgs) => exportListCsv(args, access, sheetTracker, { columns: COLUMNS, name: 'Service Sheet Tracker' })
