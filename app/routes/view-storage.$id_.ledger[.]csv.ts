// /view-storage/{id}/ledger.csv?season=2025: the storage's season ledger as a CSV download, every
// line of the Ledger tab (void pre-treats last, marked), the same cells (season-ledger-table.ts).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { ACCESS } from '#app/access.ts'
import { CSV_HEADER, ledgerCsvRows } from '#app/documents/season-ledger-table.ts'
import { readLedger } from '#app/features/storage-detail/ledger.server.ts'
import { csvLine } from '#app/lists/csv.ts'

export const access = ACCESS['/view-storage/:id']

export async function loader({ request, params }: LoaderFunctionArgs) {
  const read = await readLedger(request, params)
  if (read.error !== null) return new Response(read.error, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  const body = `\uFEFF${csvLine([...CSV_HEADER])}${ledgerCsvRows(read.ledger)
    .map((row) => csvLine(row))
    .join('')}`
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="ledger-storage-${read.storageId}-${read.ledger.season.year}.csv"`,
      'Cache-Control': 'no-store',
    },
  })
}
