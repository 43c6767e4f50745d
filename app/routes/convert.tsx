// The print summary's call (spec §2/§6/§7: assigners, the scheduled list): the scheduled list's
// pre-treats for its filter, date range and sort, on one PDF (app/documents/pretreat-summary.server.tsx).
//   POST /convert/?type=pt-summary&<list params> with X-CSRF-Token (the light box):
//     200 { pdf_url } · 503 { error: 'PDF not ready — try again' } · 400 bad type · 401 · 403
//   POST the same as a form (no JavaScript): 303 to GET /convert/summary?<list params>
//     (convert_.summary.tsx), which redirects to the PDF or shows "PDF not ready — try again"
//     (post, redirect, get: a reload or "Try again" asks again without sending a form twice)
// With or without the trailing slash. A resource route: its JSON is the answer, never a page.
import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { ACCESS, mayOpen } from '#app/access.ts'
import { CSRF_HEADER } from '#app/auth/csrf.server.ts'
import { getUser, readForm, requireAccess, verifyCsrfHeader } from '#app/auth/guard.server.ts'
import { settlePdf } from '#app/documents/pdf-answer.server.ts'
import { queuePretreatSummary, summaryListParams, summaryPageUrl } from '#app/documents/pretreat-summary.server.tsx'
import { SUMMARY_TITLE } from '#app/documents/titles.ts'
import { getDb } from '#db/client.server.ts'

export const access = ACCESS['/convert']

const TYPE_MESSAGE = "type must be 'pt-summary': POST /convert/?type=pt-summary (or /convert/{id}/?type=pretreat for one pre-treat)."
const jsonError = (status: number, error: string) => Response.json({ error }, { status, headers: { 'Cache-Control': 'no-store' } })

export async function loader() {
  return jsonError(405, 'Use POST /convert/?type=pt-summary, or open /convert/summary.')
}

export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url)
  if (!request.headers.has(CSRF_HEADER)) {
    // a plain form: checked as every form is, then on to the page that answers with the PDF
    await requireAccess(request, access)
    await readForm(request)
    if (url.searchParams.get('type') !== 'pt-summary') throw new Response(TYPE_MESSAGE, { status: 400 })
    throw redirect(summaryPageUrl(summaryListParams(url)), 303)
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
  const answer = await settlePdf(db, await queuePretreatSummary(db, summaryListParams(url)), SUMMARY_TITLE)
  return answer.ready ? Response.json({ pdf_url: answer.url }, { headers: { 'Cache-Control': 'no-store' } }) : jsonError(503, answer.message)
}
