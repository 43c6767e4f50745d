// Edit Part, first step: pick a part by its number (active or not), then its form at /edit-part/{id}
// (edit-part_.$id.tsx). The choice is a GET (?name=…), so it works without JavaScript.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { REGISTRIES, registryHandle, RegistryPickerPage } from '#app/components/admin/registry.tsx'
import { loadRecordPicker } from '#app/components/admin/record-picker.server.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { getDb } from '#db/client.server.ts'

export const access = ACCESS['/edit-part']
export const meta: MetaFunction = () => [{ title: 'Edit Part' }]
export const handle = registryHandle(REGISTRIES.part, 'Edit')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  return { picker: await loadRecordPicker(getDb(), new URL(request.url), 'part') }
}

export default function EditPartPicker() {
  const { picker } = useLoaderData<typeof loader>()
  return <RegistryPickerPage registry={REGISTRIES.part} picker={picker} label="Part Number" />
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/edit-part" />
}
