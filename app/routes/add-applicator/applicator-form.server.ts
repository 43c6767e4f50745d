// The one save of Add Applicator and Edit Applicator. Edit takes the applicator from its path
// (/edit-applicator/{id}) and never changes its user; Add takes the chosen user.
import type { ActionFunctionArgs } from '@remix-run/node'
import type { Access } from '#app/access.ts'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import { submitForm } from '#app/forms.server.ts'
import { requireId } from '#app/records.server.ts'
import { ApplicatorSchema } from '#core/schemas/applicator.ts'
import { getDb } from '#db/client.server.ts'
import { saveApplicator } from '#db/queries/applicators.ts'

/** Where a saved applicator leads. */
export const AFTER_APPLICATOR_SAVE = '/manage-applicator'

export async function applicatorAction({ request, params }: ActionFunctionArgs, access: Access, mode: 'add' | 'edit') {
  await requireAccess(request, access)
  const applicatorId = mode === 'edit' ? requireId(params) : null
  const form = await readForm(request)
  form.delete('applicator_id')
  if (applicatorId !== null) {
    form.set('applicator_id', String(applicatorId))
    form.delete('user_id')
  }
  return submitForm({
    form,
    schema: ApplicatorSchema,
    save: async (value) => {
      await saveApplicator(getDb(), value)
    },
    redirectTo: AFTER_APPLICATOR_SAVE,
  })
}
