// /manage-user.csv: Users as a CSV download, the current filter, date range and sort (not just the
// page), with the screen's columns, streamed. The same rule as the screen.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { users } from '#app/lists/user-list.server.ts'
import { exportListCsv } from '#app/lists/list-screen.server.ts'
import { access, COLUMNS } from './manage-user.tsx'

export { access }

export const loader = (args: LoaderFunctionArgs) => exportListCsv(args, access, users, { columns: COLUMNS, name: 'Users' })
