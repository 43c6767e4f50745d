// The one save of Add Applicator and Edit Applicator. Edit takes the applicator from its path
// (/edit-applicator/{id}) and never changes its user; Add takes the chosen user.
import type { ActionFunctionArgs } from '@remix-run/node'
import type { Access } from '#app/access.ts'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import { submitCommand } from '#app/command-answer.server.ts'
import { saveApplicator } from '#commands/applicators.ts'
import { requireId } from '#app/records.server.ts'

/** Where a saved applicator leads. */
export const AFTER_APPLICATOR_SAVE = '/manage-applicator'

export async function applicatorAction({ request, params }: ActionFunctionArgs, access: Access, mode: 'add' | 'edit') {
  const user = await requireAccess(request, access)
  const applicatorId = mode === 'edit' ? requireId(params) : null
  const form = await readForm(request)
  // an edit keeps its user: what the form says of it is never taken
  const fixed: Record<string, number | null> = applicatorId === null ? { applicator_id: null } : { applicator_id: applicatorId, user_id: null }
  return submitCommand({ request, form, command: saveApplicator, actor: user, fixed, redirectTo: AFTER_APPLICATOR_SAVE })
}
