// /manage-truck.csv: Trucks as a CSV download (the current filter, date range and sort), streamed.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { trucks } from '#app/lists/truck-list.server.ts'
import { exportListCsv } from '#app/lists/list-screen.server.ts'
import { access, COLUMNS } from './manage-truck.tsx'

export { access }

export const loader = (args: LoaderFunctionArgs) => exportListCsv(args, access, trucks, { columns: COLUMNS, name: 'Trucks' })
