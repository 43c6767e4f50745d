// The one save of Add Grower and Edit Grower: the grower form's action.
import type { ActionFunctionArgs } from '@remix-run/node'
import type { Access } from '#app/access.ts'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import { submitCommand } from '#app/command-answer.server.ts'
import { saveGrower } from '#commands/growers.ts'

/** Where a saved grower leads: the growers' tab of the contacts menu, with the next things to do. */
export const AFTER_GROWER_SAVE = '/contacts?tab=growers'

export async function growerAction({ request }: ActionFunctionArgs, access: Access, mode: 'add' | 'edit') {
  const user = await requireAccess(request, access)
  const form = await readForm(request)
  return submitCommand({ request, form, command: saveGrower, actor: user, fixed: { mode }, redirectTo: AFTER_GROWER_SAVE })
}
