// Add Job: a new job number for a customer's storage. The form and its save are Edit Job's too
// (job-form.tsx, job-form.server.ts); a saved job leads to the jobs list.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { REGISTRIES, registryHandle } from '#app/components/admin/registry.tsx'
import { clientActionCatchingNetworkErrors } from '#app/components/form/app-form.tsx'
import { keepPageAfterFailedSubmit } from '#app/components/form/form-result.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { JobForm } from './job-form.tsx'
import { jobAction, loadJobForm } from './job-form.server.ts'

export const access = ACCESS['/add-job']
export const meta: MetaFunction = () => [{ title: 'Add Job' }]
export const handle = registryHandle(REGISTRIES.job, 'Add')

export const loader = (args: LoaderFunctionArgs) => loadJobForm(args, access, 'add')
export const action = (args: ActionFunctionArgs) => jobAction(args, access, 'add')
export const clientAction = clientActionCatchingNetworkErrors
export const shouldRevalidate = keepPageAfterFailedSubmit

export default function AddJob() {
  const data = useLoaderData<typeof loader>()
  return (
    <>
      <h1>Add Job</h1>
      <JobForm data={data} />
    </>
  )
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/add-job" />
}
