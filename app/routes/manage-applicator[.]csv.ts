// /manage-applicator.csv: Applicators as a CSV download, the current filter, date range (the
// expiration) and sort, with the screen's columns, streamed. The same rule as the screen.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { applicators } from '#app/lists/applicator-list.server.ts'
import { exportListCsv } from '#app/lists/list-screen.server.ts'
import { access, COLUMNS } from './manage-applicator.tsx'

export { access }

export const loader = (args: LoaderFunctionArgs) => exportListCsv(args, access, applicators, { columns: COLUMNS, name: 'Applicators' })
