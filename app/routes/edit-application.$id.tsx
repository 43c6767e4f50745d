// Edit Application (/edit-application/{id}), opened from a row of the applications list: Add
// Application's form with its values and chemicals. Unchecking Active deactivates it (applications
// are never deleted: pre-treats refer to them). A deactivated product stays on it until removed.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { REGISTRIES, registryHandle } from '#app/components/admin/registry.tsx'
import { clientActionCatchingNetworkErrors } from '#app/components/form/app-form.tsx'
import { keepPageAfterFailedSubmit } from '#app/components/form/form-result.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { loadRecord } from '#app/records.server.ts'
import { getDb } from '#db/client.server.ts'
import { applicationForEdit, productOptions } from '#db/queries/products.ts'
import { ApplicationForm } from './add-application/application-form.tsx'
import { applicationAction } from './add-application/application-form.server.ts'

export const access = ACCESS['/edit-application/:id']
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Edit ${data.application.name}` : 'Edit Application' }]
export const handle = registryHandle(REGISTRIES.application)

export async function loader(args: LoaderFunctionArgs) {
  const application = await loadRecord(args, access, (id) => applicationForEdit(getDb(), id))
  return { application, products: await productOptions(getDb(), { activeOnly: false }), submissionId: crypto.randomUUID() }
}

export const action = (args: ActionFunctionArgs) => applicationAction(args, access, 'edit')
export const clientAction = clientActionCatchingNetworkErrors
export const shouldRevalidate = keepPageAfterFailedSubmit

export default function EditApplication() {
  const data = useLoaderData<typeof loader>()
  return (
    <>
      <h1>Edit Application</h1>
      <p className="muted">
        {data.application.name}
        {data.application.active ? '' : ' (inactive)'} · <Link to="/manage-application">Back to the applications</Link>
      </p>
      <div className="form-page">
        <ApplicationForm key={data.application.id} application={data.application} products={data.products} submissionId={data.submissionId} />
      </div>
    </>
  )
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/manage-application" notFoundText="There is no such application." />
}
