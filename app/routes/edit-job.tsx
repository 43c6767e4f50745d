// Edit Job, first step: pick a job by its name (active or not), then its form at /edit-job/{id}
// (edit-job_.$id.tsx). The choice is a GET (?name=…), so it works without JavaScript.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { REGISTRIES, registryHandle, RegistryPickerPage } from '#app/components/admin/registry.tsx'
import { loadRecordPicker } from '#app/components/admin/record-picker.server.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { getDb } from '#db/client.server.ts'

export const access = ACCESS['/edit-job']
export const meta: MetaFunction = () => [{ title: 'Edit Job' }]
export const handle = registryHandle(REGISTRIES.job, 'Edit')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  return { picker: await loadRecordPicker(getDb(), new URL(request.url), 'job') }
}

export default function EditJobPicker() {
  const { picker } = useLoaderData<typeof loader>()
  return <RegistryPickerPage registry={REGISTRIES.job} picker={picker} label="Job" />
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/edit-job" />
}
