// GET /season-summary/pdf?season=2025: the season summary as a PDF (decision 0042), through settlePdf:
// a 303 to the signed inline URL, or "PDF not ready — try again" with a link to ask again.
import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireAccess } from '#app/auth/guard.server.ts'
import { PdfPage } from '#app/components/pdf-not-ready.tsx'
import { queueSeasonSummaryPdf } from '#app/documents/application-record-pdf-season.server.tsx'
import { summaryTable } from '#app/documents/application-record-pdf-summary.ts'
import { settlePdf } from '#app/documents/pdf-answer.server.ts'
import { getDb } from '#db/client.server.ts'
import { seasonTotals } from '#db/queries/application-records.ts'
import { access, seasonFromUrl } from './season-summary.tsx'

export { access }
export const meta: MetaFunction = () => [{ title: 'Season Summary PDF' }]
export const handle = {
  crumbs: [
    { label: 'Pre-Treats', to: '/pretreats' },
    { label: 'Season Summary', to: '/season-summary' },
  ],
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  const { season, error } = seasonFromUrl(new URL(request.url))
  // a season the URL gets wrong is refused before any PDF is asked for (no render for a typo)
  if (error) return json({ message: error, retryTo: null, backTo: '/season-summary' }, { status: 400 })
  const db = getDb()
  const table = summaryTable(await seasonTotals(db, season.year))
  const answer = await settlePdf(db, await queueSeasonSummaryPdf(db, season, table), `season-summary-${season.year}`)
  if (answer.ready) return redirect(answer.url, 303)
  return json({ message: answer.message, retryTo: `/season-summary/pdf?season=${season.year}`, backTo: `/season-summary?season=${season.year}` })
}

export default function SeasonSummaryPdf() {
  const { message, retryTo, backTo } = useLoaderData<typeof loader>()
  return <PdfPage title="Season Summary" message={message} retryTo={retryTo} backTo={backTo} backLabel="Back to Season Summary" />
}
