// /checks-due.csv: the storages due for a check as a CSV download (the current filter and sort), streamed.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { checksDueScreen } from '#app/lists/checks-due-list.server.ts'
import { exportListCsv } from '#app/lists/list-screen.server.ts'
import { access, COLUMNS } from './checks-due.tsx'

export { access }

export const loader = (args: LoaderFunctionArgs) => exportListCsv(args, access, checksDueScreen, { columns: COLUMNS, name: 'Checks Due' })
