// The one save of Add Application and Edit Application. Add Chemical and Remove posted without
// JavaScript come back as the same form, the list changed (applyLineIntent), and save nothing.
// Edit takes the application from its path (/edit-application/{id}), never from the form.
import type { ActionFunctionArgs } from '@remix-run/node'
import type { Access } from '#app/access.ts'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import { applyLineIntent } from '#app/components/form/line-items.server.ts'
import { submitCommand } from '#app/command-answer.server.ts'
import { saveApplication } from '#commands/products.ts'
import { requireId } from '#app/records.server.ts'
import { getDb } from '#db/client.server.ts'
import { productOptions } from '#db/queries/products.ts'
import { chemicalLines } from './chemical-lines.ts'

/** Where a saved application leads. */
export const AFTER_APPLICATION_SAVE = '/manage-application'

export async function applicationAction({ request, params }: ActionFunctionArgs, access: Access, mode: 'add' | 'edit') {
  const user = await requireAccess(request, access)
  const applicationId = mode === 'edit' ? requireId(params) : null
  const form = await readForm(request)
  // the lines already on the form: Add refuses a chemical twice, as it does in the page
  const chosen = [...form.entries()].filter(([name]) => /^products\[\d+\]\.product_id$/.test(name)).map(([, value]) => String(value))
  const lines = applyLineIntent(form, { products: chemicalLines(await productOptions(getDb(), { activeOnly: true }), chosen) })
  if (lines) return lines
  return submitCommand({ request, form, command: saveApplication, actor: user, fixed: { application_id: applicationId }, redirectTo: AFTER_APPLICATION_SAVE })
}
