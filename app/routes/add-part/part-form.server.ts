// The one save of Add Part and Edit Part (/edit-part/{id}). A saved part leads back to the list.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { Access } from '#app/access.ts'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import { submitCommand } from '#app/command-answer.server.ts'
import { requireId, requireRecord } from '#app/records.server.ts'
import { getDb } from '#db/client.server.ts'
import { partForEdit } from '#db/queries/registry.ts'
import { savePart } from '#commands/registry.ts'

/** The form's page: when editing, the part the URL names (404 when none). */
export async function loadPartForm({ request, params }: LoaderFunctionArgs, access: Access, mode: 'add' | 'edit') {
  await requireAccess(request, access)
  const part = mode === 'edit' ? requireRecord(await partForEdit(getDb(), requireId(params))) : null
  return { part, submissionId: crypto.randomUUID() }
}

export async function partAction({ request, params }: ActionFunctionArgs, access: Access, mode: 'add' | 'edit') {
  const user = await requireAccess(request, access)
  const id = mode === 'edit' ? requireId(params) : null
  const form = await readForm(request)
  return submitCommand({ request, form, command: savePart, actor: user, fixed: { record_id: id }, redirectTo: '/manage-part' })
}
