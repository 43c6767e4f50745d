// Growers: the storage picker (storages-and-pretreats.md §2). Choose a grower; its storages show as
// cards, each opening the storage's page (/view-storage/{id}). The page is storage-cards.tsx, its
// loader storage-picker.server.ts (shared with the manage mode, /manage-storage and /edit-storage).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { StoragePickerPage } from '#app/features/storage-picker/storage-cards.tsx'
import { loadStoragePicker } from '#app/features/storage-picker/storage-picker.server.ts'

export const access = ACCESS['/storage']
export const meta: MetaFunction = () => [{ title: 'Growers' }]
export const handle = { crumbs: [{ label: 'Growers', to: '/storage' }] }

export const loader = (args: LoaderFunctionArgs) => loadStoragePicker(args, access, 'view')

export default function StoragePicker() {
  return <StoragePickerPage data={useLoaderData<typeof loader>()} path="/storage" />
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/storage" />
}
