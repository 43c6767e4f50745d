// Edit Applicator (/edit-applicator/{id}): the license and its expiration; unchecking Active
// deactivates the applicator (never deleted: pre-treats refer to it). The user stays.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { clientActionCatchingNetworkErrors } from '#app/components/form/app-form.tsx'
import { keepPageAfterFailedSubmit } from '#app/components/form/form-result.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { loadRecord } from '#app/records.server.ts'
import { licenseStatus, localToday } from '#core/schemas/applicator.ts'
import { getDb } from '#db/client.server.ts'
import { applicatorForEdit } from '#db/queries/applicators.ts'
import { ApplicatorForm } from './add-applicator/applicator-form.tsx'
import { applicatorAction } from './add-applicator/applicator-form.server.ts'

export const access = ACCESS['/edit-applicator']
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Edit ${data.applicator.name}` : 'Edit Applicator' }]

export async function loader(args: LoaderFunctionArgs) {
  const applicator = await loadRecord(args, access, (id) => applicatorForEdit(getDb(), id))
  return { applicator, status: licenseStatus(applicator.expiration, localToday()), submissionId: crypto.randomUUID() }
}

export const action = (args: ActionFunctionArgs) => applicatorAction(args, access, 'edit')
export const clientAction = clientActionCatchingNetworkErrors
export const shouldRevalidate = keepPageAfterFailedSubmit

export default function EditApplicator() {
  const data = useLoaderData<typeof loader>()
  return (
    <>
      <h1>Edit Applicator</h1>
      <p className="muted">
        {data.applicator.name} · License: {data.status}
        {data.applicator.active ? '' : ' (inactive)'} · <Link to="/edit-applicator">Choose another applicator</Link>
      </p>
      <div className="form-page">
        <ApplicatorForm key={data.applicator.id} applicator={data.applicator} users={[]} submissionId={data.submissionId} />
      </div>
    </>
  )
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/edit-applicator" notFoundText="There is no such applicator." />
}
