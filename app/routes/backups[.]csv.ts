// /backups.csv: the backups of the current filter, date range and sort, streamed. The same rule as the screen.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { backups } from '#app/lists/backup-list.server.ts'
import { exportListCsv } from '#app/lists/list-screen.server.ts'
import { access, CSV_COLUMNS } from './backups.tsx'

export { access }

export const loader = (args: LoaderFunctionArgs) => exportListCsv(args, access, backups, { columns: CSV_COLUMNS, name: 'Backups' })
