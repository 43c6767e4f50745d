// /view-receipt.csv: Receipts as a CSV download, the current filter, date range and sort (not just
// the page), with the screen's columns, streamed. The same rule as the screen.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { exportListCsv } from '#app/lists/list-screen.server.ts'
import { receipts } from '#app/lists/receipt-list.server.ts'
import { access, COLUMNS } from './view-receipt.tsx'

export { access }

export const loader = (args: LoaderFunctionArgs) => exportListCsv(args, access, receipts, { columns: COLUMNS, name: 'Receipts' })
