// /application-records.csv: the records of the current filter, date range and sort, with every
// item of the record (CSV_COLUMNS, more than the screen shows), streamed. The same rule as the screen.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { applicationRecords } from '#app/lists/application-record-list.server.ts'
import { exportListCsv } from '#app/lists/list-screen.server.ts'
import { access, CSV_COLUMNS } from './application-records.tsx'

export { access }

export const loader = (args: LoaderFunctionArgs) => exportListCsv(args, access, applicationRecords, { columns: CSV_COLUMNS, name: 'Application Records' })
