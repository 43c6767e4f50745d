// POST /notices/seen: Mark as seen (decision 0069). The banner of a record's page posts the record
// it shows and the last notice it showed; the user's own unseen notices on that record stop
// counting, and the page comes back. Any signed-in user marks only their own; a GET changes nothing.
import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { readForm, requireUser } from '#app/auth/guard.server.ts'
import { submitCommand } from '#app/command-answer.server.ts'
import { markNoticeSeen } from '#commands/notices.ts'
import { stepKey } from '#commands/step-key.ts'

/** Back to the page the form was on: a path of this site only. */
function backTo(value: FormDataEntryValue | null): string {
  return typeof value === 'string' && /^\/(?![/\\])[^\s]{0,500}$/.test(value) ? value : '/'
}

export const loader = () => redirect('/')

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const form = await readForm(request)
  const shown = String(form.get('shown') ?? '').slice(0, 100)
  const press = `${String(form.get('entity') ?? '').slice(0, 40)}-${String(form.get('record_id') ?? '').slice(0, 20)}`
  return submitCommand({
    request,
    form,
    command: markNoticeSeen,
    actor: user,
    fixed: { submission_id: stepKey(press, 'seen', shown, user.id) },
    redirectTo: backTo(form.get('back')),
    successFlash: 'seen',
  })
}
