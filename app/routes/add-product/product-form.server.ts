// The one save of Add Product and Edit Product: the product form's action. Edit takes the product
// from its path (/edit-product/{id}), never from the form.
import type { ActionFunctionArgs } from '@remix-run/node'
import type { Access } from '#app/access.ts'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import { submitCommand } from '#app/command-answer.server.ts'
import { saveProduct } from '#commands/products.ts'
import { requireId } from '#app/records.server.ts'

/** Where a saved product leads. */
export const AFTER_PRODUCT_SAVE = '/manage-product'

export async function productAction({ request, params }: ActionFunctionArgs, access: Access, mode: 'add' | 'edit') {
  const user = await requireAccess(request, access)
  const productId = mode === 'edit' ? requireId(params) : null
  const form = await readForm(request)
  return submitCommand({ request, form, command: saveProduct, actor: user, fixed: { product_id: productId }, redirectTo: AFTER_PRODUCT_SAVE })
}
