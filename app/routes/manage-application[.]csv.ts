// /manage-application.csv: Applications as a CSV download, the current filter and sort, with the
// screen's columns, streamed. The same rule as the screen.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { applications } from '#app/lists/application-list.server.ts'
import { exportListCsv } from '#app/lists/list-screen.server.ts'
import { access, COLUMNS } from './manage-application.tsx'

export { access }

export const loader = (args: LoaderFunctionArgs) => exportListCsv(args, access, applications, { columns: COLUMNS, name: 'Applications' })
