// POST /convert/{id}/?type=pretreat (spec §7): the pre-treat sheet's PDF for the light box of the
// completed lists, with the X-CSRF-Token header. Answers (docs/decisions/0040):
//   200 { pdf_url }  a signed inline URL (10 minutes), the file named after the pre-treat number
//   503 { error: 'PDF not ready — try again' }   not rendered in time (or failed: logged)
//   400 type missing or not 'pretreat' · 401 signed out · 403 no PDF permission or bad CSRF ·
//   404 no such pre-treat · 405 not a POST
// With or without the trailing slash. The no-JavaScript way to the same PDF is GET /pretreats/{id}/pdf.
import type { ActionFunctionArgs } from '@remix-run/node'
import { refusalResponse } from '#app/command-answer.server.ts'
import { ACCESS, mayOpen } from '#app/access.ts'
import { getUser, verifyCsrfHeader } from '#app/auth/guard.server.ts'
import { settlePdf } from '#app/documents/pdf-answer.server.ts'
import { askPretreatPdf } from '#app/features/pretreat-pdf/pretreat-pdf.server.ts'
import { getDb } from '#db/client.server.ts'
import { parseId } from '#core/ids.ts'

export const access = ACCESS['/convert/:id']

const json = (status: number, body: unknown) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } })
const error = (status: number, message: string) => json(status, { error: message })

export async function loader() {
  return error(405, 'Use POST /convert/{id}/?type=pretreat.')
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return error(405, 'Use POST /convert/{id}/?type=pretreat.')
  const user = await getUser(request)
  if (!user) return error(401, 'Authentication required.')
  // the permission before the record: whether a pre-treat exists is not told to those who may not see its PDF
  if (!mayOpen(user, access)) return error(403, 'You do not have permission to see pre-treat PDFs.')
  try {
    await verifyCsrfHeader(request)
  } catch {
    return error(403, 'Your page has expired. Reload it and try again.')
  }
  const type = new URL(request.url).searchParams.get('type')
  if (type !== 'pretreat') return error(400, "type must be 'pretreat': POST /convert/{id}/?type=pretreat.")
  const id = parseId(params.id)
  if (id === null) return error(404, 'Pre-treat not found.')
  const db = getDb()
  let asked
  try {
    asked = await askPretreatPdf(db, id)
  } catch (e) {
    return refusalResponse(e) // not found: 404 { error }
  }
  const { state, number } = asked
  const answer = await settlePdf(db, state, number)
  return answer.ready ? json(200, { pdf_url: answer.url }) : error(503, answer.message)
}
