// /view-storage-check.csv: the storage checks as a CSV download, the current filter, date range,
// sort and storage (?i=), not just the page, with the screen's columns, streamed. The same rule as the screen.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { STORAGE_CHECK_COLUMNS } from '#app/components/storage-checks.tsx'
import { exportListCsv } from '#app/lists/list-screen.server.ts'
import { storageChecks } from '#app/lists/storage-check-list.server.ts'
import { access } from './view-storage-check.tsx'

export { access }

export const loader = (args: LoaderFunctionArgs) => exportListCsv(args, access, storageChecks, { columns: STORAGE_CHECK_COLUMNS, name: 'Storage Checks' })
