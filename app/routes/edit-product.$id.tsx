// Edit Product (/edit-product/{id}): Add Product's form with the product's values; unchecking
// Active deactivates it (products are never deleted: pre-treats and applications refer to them).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { clientActionCatchingNetworkErrors } from '#app/components/form/app-form.tsx'
import { keepPageAfterFailedSubmit } from '#app/components/form/form-result.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { loadRecord } from '#app/records.server.ts'
import { getDb } from '#db/client.server.ts'
import { productForEdit } from '#db/queries/products.ts'
import { ProductForm } from './add-product/product-form.tsx'
import { productAction } from './add-product/product-form.server.ts'

export const access = ACCESS['/edit-product']
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Edit ${data.product.product_name}` : 'Edit Product' }]

export async function loader(args: LoaderFunctionArgs) {
  const product = await loadRecord(args, access, (id) => productForEdit(getDb(), id))
  return { product, submissionId: crypto.randomUUID() }
}

export const action = (args: ActionFunctionArgs) => productAction(args, access, 'edit')
export const clientAction = clientActionCatchingNetworkErrors
export const shouldRevalidate = keepPageAfterFailedSubmit

export default function EditProduct() {
  const data = useLoaderData<typeof loader>()
  return (
    <>
      <h1>Edit Product</h1>
      <p className="muted">
        {data.product.product_name}
        {data.product.active ? '' : ' (inactive)'} · <Link to="/edit-product">Choose another product</Link>
      </p>
      <div className="form-page">
        <ProductForm key={data.product.id} product={data.product} submissionId={data.submissionId} />
      </div>
    </>
  )
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/edit-product" notFoundText="There is no such product." />
}
