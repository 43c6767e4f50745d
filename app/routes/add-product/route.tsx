// Add Product: a new chemical. The form and its save are Edit Product's too (product-form.tsx,
// product-form.server.ts); a saved product leads to the products list.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { REGISTRIES, registryHandle } from '#app/components/admin/registry.tsx'
import { requireAccess } from '#app/auth/guard.server.ts'
import { clientActionCatchingNetworkErrors } from '#app/components/form/app-form.tsx'
import { keepPageAfterFailedSubmit } from '#app/components/form/form-result.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { ProductForm } from './product-form.tsx'
import { productAction } from './product-form.server.ts'

export const access = ACCESS['/add-product']
export const meta: MetaFunction = () => [{ title: 'Add Product' }]
export const handle = registryHandle(REGISTRIES.product, 'Add')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  return { submissionId: crypto.randomUUID() }
}

export const action = (args: ActionFunctionArgs) => productAction(args, access, 'add')
export const clientAction = clientActionCatchingNetworkErrors
export const shouldRevalidate = keepPageAfterFailedSubmit

export default function AddProduct() {
  const data = useLoaderData<typeof loader>()
  return (
    <>
      <h1>Add Product</h1>
      <div className="form-page">
        <ProductForm product={null} submissionId={data.submissionId} />
      </div>
    </>
  )
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/add-product" />
}
