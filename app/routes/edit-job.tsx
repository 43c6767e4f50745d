// Edit Job, first step: pick a job by its name (active or not), then its form at /edit-job/{id}
// (edit-job_.$id.tsx). The choice is a GET (?name=…), so it works without JavaScript.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { RecordPicker } from '#app/components/admin/record-picker.tsx'
import { loadRecordPicker } from '#app/components/admin/record-picker.server.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { getDb } from '#db/client.server.ts'

export const access = ACCESS['/edit-job']
export const meta: MetaFunction = () => [{ title: 'Edit Job' }]
export const handle = {
  crumbs: [
    { label: 'Admin', to: '/manage' },
    { label: 'Jobs', to: '/manage-job' },
    { label: 'Edit Job', to: '/edit-job' },
  ],
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  return { picker: await loadRecordPicker(getDb(), new URL(request.url), 'job') }
}

export default function EditJobPicker() {
  const { picker } = useLoaderData<typeof loader>()
  return (
    <>
      <h1>Edit Job</h1>
      <div className="form-page">
        <RecordPicker picker={picker} action="/edit-job" label="Job" legend="Choose a job" />
      </div>
    </>
  )
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/edit-job" />
}
