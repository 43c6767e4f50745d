// The application sheet's JSON API, for the offline sync (app/offline/outbox.ts): POST the same
// FormData as the page's forms (intent = save | checklist | submit, version, fields), with the
// X-CSRF-Token header (or the csrf field). Same access rule and per-record rule as the page. It
// answers a SheetAnswer (app/command-answer.ts), made by app/command-answer.server.ts:
//   200 { ok: true, redirectTo: '/pretreats/{id}', saved: { version, savedAt } }   save, checklist
//   200 { ok: true, redirectTo: '/pretreats' }                                    submit (also a repeated submit id)
//   409 { ok: false, error, conflict: { version, server: { name: text } } }       the posted version is older
//   400 { ok: false, error, fieldErrors: { name: [message] }, missing: [name] }   refused input (error: the toast;
//       missing: the inputs a submit or the checklist still needs)
//   403 / 404 / 409 / 500 { ok: false, error }
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { ACCESS, mayOpen } from '#app/access.ts'
import { assertCsrf, CSRF_FIELD, CSRF_HEADER } from '#app/auth/csrf.server.ts'
import { requireApiUser } from '#app/auth/guard.server.ts'
import type { CommandRefused } from '#app/command-answer.ts'
import { sheetApiAnswer } from '#app/command-answer.server.ts'
import { runSheetIntent } from '#app/features/pretreat-sheet/sheet-intent.server.ts'
import { idOf } from '#app/records.server.ts'

export const access = ACCESS['/pretreats/:id']

const refuse = (status: number, error: string) => Response.json({ ok: false, error } satisfies CommandRefused, { status, headers: { 'Cache-Control': 'no-store' } })

export async function loader(_: LoaderFunctionArgs) {
  return refuse(405, 'Use POST.')
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return refuse(405, 'Use POST.')
  const user = await requireApiUser(request)
  if (!mayOpen(user, access)) return refuse(403, 'You do not have permission to do that.')
  const id = idOf(params)
  if (id === null) return refuse(404, 'No such pre-treat.')
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return refuse(400, 'The form could not be read.')
  }
  try {
    assertCsrf(request, request.headers.get(CSRF_HEADER) ?? form.get(CSRF_FIELD))
  } catch {
    return refuse(403, 'Your form has expired. Please reload the page and try again.')
  }
  return sheetApiAnswer(await runSheetIntent(form, id, user), { redirectTo: '/pretreats', sheetAt: `/pretreats/${id}` })
}
