// The one save of Add Truck and Edit Truck (/edit-truck/{id}). A saved truck leads back to the list.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { Access } from '#app/access.ts'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import { submitCommand } from '#app/command-answer.server.ts'
import { requireId, requireRecord } from '#app/records.server.ts'
import { getDb } from '#db/client.server.ts'
import { truckForEdit } from '#db/queries/registry.ts'
import { saveTruck } from '#commands/registry.ts'

/** The form's page: when editing, the truck the URL names (404 when none). */
export async function loadTruckForm({ request, params }: LoaderFunctionArgs, access: Access, mode: 'add' | 'edit') {
  await requireAccess(request, access)
  const truck = mode === 'edit' ? requireRecord(await truckForEdit(getDb(), requireId(params))) : null
  return { truck, submissionId: crypto.randomUUID() }
}

export async function truckAction({ request, params }: ActionFunctionArgs, access: Access, mode: 'add' | 'edit') {
  const user = await requireAccess(request, access)
  const id = mode === 'edit' ? requireId(params) : null
  const form = await readForm(request)
  return submitCommand({ request, form, command: saveTruck, actor: user, fixed: { record_id: id }, redirectTo: '/manage-truck' })
}
