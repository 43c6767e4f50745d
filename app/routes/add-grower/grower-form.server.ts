// The one save of Add Grower and Edit Grower: the grower form's action.
import type { ActionFunctionArgs } from '@remix-run/node'
import type { Access } from '#app/access.ts'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import { submitForm } from '#app/forms.server.ts'
import { ConflictError, ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import { GrowerSchema } from '#core/schemas/grower.ts'
import { getDb } from '#db/client.server.ts'
import { saveGrower } from '#db/queries/companies.ts'

/** Where a saved grower leads: the growers' tab of the contacts menu, with the next things to do. */
export const AFTER_GROWER_SAVE = '/contacts?tab=growers'

/** Spec §8: a grower save failure raises this internal message (and shows the general Error modal). */
const NOT_SAVED = 'Company Data was not saved. Plese try again.'

export async function growerAction({ request }: ActionFunctionArgs, access: Access, mode: 'add' | 'edit') {
  await requireAccess(request, access)
  const form = await readForm(request)
  return submitForm({
    form,
    schema: GrowerSchema,
    save: async (value) => {
      // each screen does its own: Add Grower never edits, Edit Grower never adds
      if ((mode === 'edit') !== (value.company_id !== undefined)) throw new InputError({ company_id: 'Choose a grower from the list.' })
      try {
        await saveGrower(getDb(), value)
      } catch (error) {
        if (error instanceof InputError || error instanceof ConflictError || error instanceof NotFoundError || error instanceof ForbiddenError) throw error
        throw new Error(NOT_SAVED, { cause: error })
      }
    },
    redirectTo: AFTER_GROWER_SAVE,
  })
}
