// /outgoing-mail.csv: the reports of the current filter, date range and sort, streamed. The same rule as the screen.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { outgoingMail } from '#app/lists/outgoing-mail-list.server.ts'
import { exportListCsv } from '#app/lists/list-screen.server.ts'
import { access, CSV_COLUMNS } from './outgoing-mail.tsx'

export { access }

export const loader = (args: LoaderFunctionArgs) => exportListCsv(args, access, outgoingMail, { columns: CSV_COLUMNS, name: 'Outgoing Mail' })
