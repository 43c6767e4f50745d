// The application sheet's JSON API, for the offline sync (app/components/pretreat-sheet): POST the
// same FormData as the page's forms (intent = save | checklist | submit, version, fields), with the
// X-CSRF-Token header (or the csrf field). Same access rule and per-record rule as the page.
//   200 { ok: true, version, savedAt }                                  save, checklist
//   200 { ok: true, submitted: true, redirect: '/pretreats' }           submit (also a repeated submit id)
//   409 { ok: false, conflict: true, version, server: { name: text } }  the posted version is older
//   400 { ok: false, message, errors: { name: message }, missing: [name] } refused input (message: the toast;
//       missing: the inputs a submit or the checklist still needs)
//   403 / 404 / 409 / 500 { ok: false, message }
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { ACCESS, mayOpen } from '#app/access.ts'
import { assertCsrf, CSRF_FIELD, CSRF_HEADER } from '#app/auth/csrf.server.ts'
import { requireApiUser } from '#app/auth/guard.server.ts'
import { runSheetIntent } from '#app/features/pretreat-sheet/sheet-intent.server.ts'
import { idOf } from '#app/records.server.ts'

export const access = ACCESS['/pretreats/:id']

const json = (status: number, body: unknown) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } })

export async function loader(_: LoaderFunctionArgs) {
  return json(405, { ok: false, message: 'Use POST.' })
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json(405, { ok: false, message: 'Use POST.' })
  const user = await requireApiUser(request)
  if (!mayOpen(user, access)) return json(403, { ok: false, message: 'You do not have permission to do that.' })
  const id = idOf(params)
  if (id === null) return json(404, { ok: false, message: 'No such pre-treat.' })
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return json(400, { ok: false, message: 'The form could not be read.', errors: {} })
  }
  try {
    assertCsrf(request, request.headers.get(CSRF_HEADER) ?? form.get(CSRF_FIELD))
  } catch {
    return json(403, { ok: false, message: 'Your form has expired. Please reload the page and try again.' })
  }
  const outcome = await runSheetIntent(form, id, user)
  switch (outcome.kind) {
    case 'saved':
      return json(200, { ok: true, version: outcome.version, savedAt: outcome.savedAt })
    case 'submitted':
      return json(200, { ok: true, submitted: true, redirect: '/pretreats' })
    case 'invalid':
      return json(400, { ok: false, message: outcome.message, errors: outcome.errors, missing: outcome.missing })
    case 'conflict':
      return json(409, { ok: false, conflict: true, message: outcome.message, version: outcome.version, server: outcome.server })
    case 'refused':
      return json(outcome.status, { ok: false, message: outcome.message })
  }
}
