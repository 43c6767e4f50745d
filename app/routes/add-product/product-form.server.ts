// The one save of Add Product and Edit Product: the product form's action. Edit takes the product
// from its path (/edit-product/{id}), never from the form.
import type { ActionFunctionArgs } from '@remix-run/node'
import type { Access } from '#app/access.ts'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import { submitForm } from '#app/forms.server.ts'
import { requireId } from '#app/records.server.ts'
import { ProductSchema } from '#core/schemas/product.ts'
import { getDb } from '#db/client.server.ts'
import { saveProduct } from '#db/queries/products.ts'

/** Where a saved product leads. */
export const AFTER_PRODUCT_SAVE = '/manage-product'

export async function productAction({ request, params }: ActionFunctionArgs, access: Access, mode: 'add' | 'edit') {
  await requireAccess(request, access)
  const productId = mode === 'edit' ? requireId(params) : null
  const form = await readForm(request)
  form.delete('product_id')
  if (productId !== null) form.set('product_id', String(productId))
  return submitForm({
    form,
    schema: ProductSchema,
    save: async (value) => {
      await saveProduct(getDb(), value)
    },
    redirectTo: AFTER_PRODUCT_SAVE,
  })
}
