// /view-service.csv: Completed Service Sheets (or one storage's, ?i=) as a CSV download: the
// current filter, date range and sort, every column, streamed. The same rule as the screen.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { exportListCsv } from '#app/lists/list-screen.server.ts'
import { completedSheets } from '#app/lists/service-sheet-list.server.ts'
import { access, COLUMNS } from './view-service.tsx'

export { access }

export const loader = (args: LoaderFunctionArgs) => exportListCsv(args, access, completedSheets, { columns: COLUMNS, name: 'Completed Service Sheets' })
