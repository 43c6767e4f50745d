// GET /convert/summary?<scheduled list params>: the print summary without JavaScript (the form of
// the scheduled list posts to /convert/?type=pt-summary, which sends the browser here). 303 to the
// PDF, or "PDF not ready — try again" (a page, 200: nothing is broken, the answer is only late)
// with a link to ask again. A GET may fill the PDF cache (docs/decisions/0025, 0040): it changes
// no record.
import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { PdfPage } from '#app/components/pdf-not-ready.tsx'
import { settlePdf } from '#app/documents/pdf-answer.server.ts'
import { queuePretreatSummary, summaryListParams, summaryPageUrl } from '#app/documents/pretreat-summary.server.tsx'
import { SUMMARY_TITLE } from '#app/documents/titles.ts'
import { getDb } from '#db/client.server.ts'

export const access = ACCESS['/convert']
export const meta: MetaFunction = () => [{ title: SUMMARY_TITLE }]
export const handle = {
  crumbs: [
    { label: 'Pre-Treats', to: '/pretreats' },
    { label: 'Scheduled', to: '/scheduled-pre-treat' },
  ],
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  const params = summaryListParams(new URL(request.url))
  const db = getDb()
  const answer = await settlePdf(db, await queuePretreatSummary(db, params), SUMMARY_TITLE)
  if (answer.ready) throw redirect(answer.url, 303)
  const list = params.size ? `/scheduled-pre-treat?${params}` : '/scheduled-pre-treat'
  return json({ message: answer.message, retryTo: summaryPageUrl(params), backTo: list }, { headers: { 'Cache-Control': 'no-store' } })
}

export default function PrintSummaryNotReady() {
  const { message, retryTo, backTo } = useLoaderData<typeof loader>()
  return <PdfPage title={SUMMARY_TITLE} message={message} retryTo={retryTo} backTo={backTo} backLabel="Back to Scheduled Pre-Treats" />
}

export function ErrorBoundary() {
  return <FormErrorBoundary />
}
