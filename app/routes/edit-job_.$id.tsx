// Edit Job: the job the URL names in the Add Job form, its customer and storage chosen; Active
// unticked deactivates it (it stays on the calls and sheets that name it and is no longer offered).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { REGISTRIES, registryHandle } from '#app/components/admin/registry.tsx'
import { clientActionCatchingNetworkErrors } from '#app/components/form/app-form.tsx'
import { keepPageAfterFailedSubmit } from '#app/components/form/form-result.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { JobForm } from './add-job/job-form.tsx'
import { jobAction, loadJobForm } from './add-job/job-form.server.ts'

export const access = ACCESS['/edit-job']
export const meta: MetaFunction = () => [{ title: 'Edit Job' }]
export const handle = registryHandle(REGISTRIES.job, 'Edit')

export const loader = (args: LoaderFunctionArgs) => loadJobForm(args, access, 'edit')
export const action = (args: ActionFunctionArgs) => jobAction(args, access, 'edit')
export const clientAction = clientActionCatchingNetworkErrors
export const shouldRevalidate = keepPageAfterFailedSubmit

export default function EditJob() {
  const data = useLoaderData<typeof loader>()
  return (
    <>
      <h1>Edit Job</h1>
      <JobForm key={data.job?.id} data={data} />
    </>
  )
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/edit-job" />
}
