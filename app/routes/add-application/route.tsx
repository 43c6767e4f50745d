// Add Application: a new treatment with its base price and chemicals. The form and its save are
// Edit Application's too (application-form.tsx, application-form.server.ts); a saved application
// leads to the applications list.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { REGISTRIES, registryHandle } from '#app/components/admin/registry.tsx'
import { requireAccess } from '#app/auth/guard.server.ts'
import { clientActionCatchingNetworkErrors } from '#app/components/form/app-form.tsx'
import { keepPageAfterFailedSubmit } from '#app/components/form/form-result.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { getDb } from '#db/client.server.ts'
import { productOptions } from '#db/queries/products.ts'
import { ApplicationForm } from './application-form.tsx'
import { applicationAction } from './application-form.server.ts'

export const access = ACCESS['/add-application']
export const meta: MetaFunction = () => [{ title: 'Add Application' }]
export const handle = registryHandle(REGISTRIES.application, 'Add')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  return { products: await productOptions(getDb(), { activeOnly: true }), submissionId: crypto.randomUUID() }
}

export const action = (args: ActionFunctionArgs) => applicationAction(args, access, 'add')
export const clientAction = clientActionCatchingNetworkErrors
export const shouldRevalidate = keepPageAfterFailedSubmit

export default function AddApplication() {
  const data = useLoaderData<typeof loader>()
  return (
    <>
      <h1>Add Application</h1>
      <div className="form-page">
        <ApplicationForm application={null} products={data.products} submissionId={data.submissionId} />
      </div>
    </>
  )
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/add-application" />
}
