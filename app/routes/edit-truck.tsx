// Edit Truck, first step: pick a truck by its number (active or not), then its form at /edit-truck/{id}
// (edit-truck_.$id.tsx). The choice is a GET (?name=…), so it works without JavaScript.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { REGISTRIES, registryHandle, RegistryPickerPage } from '#app/components/admin/registry.tsx'
import { loadRecordPicker } from '#app/components/admin/record-picker.server.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { getDb } from '#db/client.server.ts'

export const access = ACCESS['/edit-truck']
export const meta: MetaFunction = () => [{ title: 'Edit Truck' }]
export const handle = registryHandle(REGISTRIES.truck, 'Edit')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  return { picker: await loadRecordPicker(getDb(), new URL(request.url), 'truck') }
}

export default function EditTruckPicker() {
  const { picker } = useLoaderData<typeof loader>()
  return <RegistryPickerPage registry={REGISTRIES.truck} picker={picker} label="Truck Number" />
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/edit-truck" />
}
