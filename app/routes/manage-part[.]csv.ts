// /manage-part.csv: Parts as a CSV download (the current filter, date range and sort), streamed.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { parts } from '#app/lists/part-list.server.ts'
import { exportListCsv } from '#app/lists/list-screen.server.ts'
import { access, COLUMNS } from './manage-part.tsx'

export { access }

export const loader = (args: LoaderFunctionArgs) => exportListCsv(args, access, parts, { columns: COLUMNS, name: 'Parts' })
