// /manage-job.csv: Jobs as a CSV download (the current filter, date range and sort), streamed.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { jobs } from '#app/lists/job-list.server.ts'
import { exportListCsv } from '#app/lists/list-screen.server.ts'
import { access, COLUMNS } from './manage-job.tsx'

export { access }

export const loader = (args: LoaderFunctionArgs) => exportListCsv(args, access, jobs, { columns: COLUMNS, name: 'Jobs' })
