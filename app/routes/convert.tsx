// The print summary (spec §2/§6/§7: assigners, the scheduled list): the scheduled list's pre-treats
// for its filter, date range and sort, on one PDF (app/documents/pretreat-summary.server.tsx).
//   POST /convert/?type=pt-summary&<list params> with X-CSRF-Token (the light box):
//     200 { pdf_url } · 503 { error: 'PDF not ready — try again' } · 400 bad type · 401 · 403
//   POST the same as a form (no JavaScript): 303 to the GET below (post, redirect, get: a reload
//     or "Try again" asks again without sending a form twice)
//   GET /convert/?type=pt-summary&<list params>: 303 to the PDF, or "PDF not ready — try again" (503)
// With or without the trailing slash. A GET may fill the PDF cache (docs/decisions/0025, 0040).
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS, mayOpen } from '#app/access.ts'
import { CSRF_HEADER } from '#app/auth/csrf.server.ts'
import { getUser, readForm, requireAccess, verifyCsrfHeader } from '#app/auth/guard.server.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { PdfNotReady } from '#app/components/pdf-not-ready.tsx'
import { settlePdf } from '#app/documents/pdf-answer.server.ts'
import { queuePretreatSummary, SUMMARY_TITLE } from '#app/documents/pretreat-summary.server.tsx'
import { getDb } from '#db/client.server.ts'

export const access = ACCESS['/convert']
export const meta: MetaFunction = () => [{ title: SUMMARY_TITLE }]
export const handle = { crumbs: [{ label: 'Pre-Treats', to: '/pretreats' }, { label: 'Scheduled', to: '/scheduled-pre-treat' }] }

const TYPE_MESSAGE = "type must be 'pt-summary': POST /convert/?type=pt-summary (or /convert/{id}/?type=pretreat for one pre-treat)."

/** The list's parameters (the scheduled list's filter, date range, sort), without ours. */
function listParams(url: URL): URLSearchParams {
  const params = new URLSearchParams(url.search)
  params.delete('type')
  params.delete('index')
  return params
}

const summaryUrl = (params: URLSearchParams) => `/convert/?${new URLSearchParams([['type', 'pt-summary'], ...params])}`

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  const url = new URL(request.url)
  if (url.searchParams.get('type') !== 'pt-summary') throw new Response(TYPE_MESSAGE, { status: 400 })
  const params = listParams(url)
  const db = getDb()
  const answer = await settlePdf(db, await queuePretreatSummary(db, params), SUMMARY_TITLE)
  if (answer.ready) throw redirect(answer.url, 303)
  const list = params.size ? `/scheduled-pre-treat?${params}` : '/scheduled-pre-treat'
  return json({ message: answer.message, retryTo: summaryUrl(params), backTo: list }, { status: 503, headers: { 'Cache-Control': 'no-store' } })
}

const jsonError = (status: number, error: string) => Response.json({ error }, { status, headers: { 'Cache-Control': 'no-store' } })

export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url)
  if (!request.headers.has(CSRF_HEADER)) {
    // a plain form: checked as every form is, then on to the GET that answers with the PDF
    await requireAccess(request, access)
    await readForm(request)
    if (url.searchParams.get('type') !== 'pt-summary') throw new Response(TYPE_MESSAGE, { status: 400 })
    throw redirect(summaryUrl(listParams(url)), 303)
  }
  const user = await getUser(request)
  if (!user) return jsonError(401, 'Authentication required.')
  if (!mayOpen(user, access)) return jsonError(403, 'Only assigners may print the summary.')
  try {
    await verifyCsrfHeader(request)
  } catch {
    return jsonError(403, 'Your page has expired. Reload it and try again.')
  }
  if (url.searchParams.get('type') !== 'pt-summary') return jsonError(400, TYPE_MESSAGE)
  const db = getDb()
  const answer = await settlePdf(db, await queuePretreatSummary(db, listParams(url)), SUMMARY_TITLE)
  return answer.ready ? Response.json({ pdf_url: answer.url }, { headers: { 'Cache-Control': 'no-store' } }) : jsonError(503, answer.message)
}

export default function PrintSummaryNotReady() {
  const { message, retryTo, backTo } = useLoaderData<typeof loader>()
  return (
    <>
      <h1>{SUMMARY_TITLE}</h1>
      <PdfNotReady message={message} retryTo={retryTo} backTo={backTo} backLabel="Back to Scheduled Pre-Treats" />
    </>
  )
}

export function ErrorBoundary() {
  return <FormErrorBoundary />
}
