// The one save of Add Part and Edit Part (/edit-part/{id}). A saved part leads back to the list.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { Access } from '#app/access.ts'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import { submitForm } from '#app/forms.server.ts'
import { requireId, requireRecord } from '#app/records.server.ts'
import { PartSchema } from '#core/schemas/registry.ts'
import { getDb } from '#db/client.server.ts'
import { partForEdit, savePart } from '#db/queries/registry.ts'

/** The form's page: when editing, the part the URL names (404 when none). */
export async function loadPartForm({ request, params }: LoaderFunctionArgs, access: Access, mode: 'add' | 'edit') {
  await requireAccess(request, access)
  const part = mode === 'edit' ? requireRecord(await partForEdit(getDb(), requireId(params))) : null
  return { part, submissionId: crypto.randomUUID() }
}

export async function partAction({ request, params }: ActionFunctionArgs, access: Access, mode: 'add' | 'edit') {
  await requireAccess(request, access)
  const id = mode === 'edit' ? requireId(params) : undefined
  const form = await readForm(request)
  return submitForm({
    form,
    schema: PartSchema,
    save: async (value) => {
      await savePart(getDb(), value, id)
    },
    redirectTo: '/manage-part',
  })
}
