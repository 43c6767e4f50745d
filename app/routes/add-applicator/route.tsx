// Add Applicator: a user becomes a licensed applicator. The form and its save are Edit
// Applicator's too (applicator-form.tsx, applicator-form.server.ts); a saved applicator leads to
// the applicators list.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { REGISTRIES, registryHandle } from '#app/components/admin/registry.tsx'
import { requireAccess } from '#app/auth/guard.server.ts'
import { clientActionCatchingNetworkErrors } from '#app/components/form/app-form.tsx'
import { keepPageAfterFailedSubmit } from '#app/components/form/form-result.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { getDb } from '#db/client.server.ts'
import { applicatorCandidates } from '#db/queries/applicators.ts'
import { ApplicatorForm } from './applicator-form.tsx'
import { applicatorAction } from './applicator-form.server.ts'

export const access = ACCESS['/add-applicator']
export const meta: MetaFunction = () => [{ title: 'Add Applicator' }]
export const handle = registryHandle(REGISTRIES.applicator, 'Add')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  return { users: await applicatorCandidates(getDb()), submissionId: crypto.randomUUID() }
}

export const action = (args: ActionFunctionArgs) => applicatorAction(args, access, 'add')
export const clientAction = clientActionCatchingNetworkErrors
export const shouldRevalidate = keepPageAfterFailedSubmit

export default function AddApplicator() {
  const data = useLoaderData<typeof loader>()
  return (
    <>
      <h1>Add Applicator</h1>
      <div className="form-page">
        <ApplicatorForm applicator={null} users={data.users} submissionId={data.submissionId} />
      </div>
    </>
  )
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/add-applicator" />
}
