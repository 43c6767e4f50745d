// /season-summary.csv?season=2025: the season summary's table as a CSV download (the page's columns).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireAccess } from '#app/auth/guard.server.ts'
import { SUMMARY_HEADER, summaryTable } from '#app/documents/application-record-pdf-summary.ts'
import { csvLine } from '#app/lists/csv.ts'
import { getDb } from '#db/client.server.ts'
import { seasonTotals } from '#db/queries/application-records.ts'
import { access, seasonFromUrl } from './season-summary.tsx'

export { access }

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  const { season } = seasonFromUrl(new URL(request.url))
  const table = summaryTable(await seasonTotals(getDb(), season.year))
  const body = `\uFEFF${csvLine([...SUMMARY_HEADER])}${table.rows.map((row) => csvLine(row)).join('')}`
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="season-summary-${season.year}.csv"`,
      'Cache-Control': 'no-store',
    },
  })
}
