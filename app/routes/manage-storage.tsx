// Manage Storages: the storage picker in manage mode (storages-and-pretreats.md §2): a card opens
// the storage form (/edit-storage/{id}), and Add Storage opens a new one for the chosen grower.
// A saved storage form leads back here, to its grower's storages.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { StoragePickerPage } from '#app/features/storage-picker/storage-cards.tsx'
import { loadStoragePicker } from '#app/features/storage-picker/storage-picker.server.ts'

export const access = ACCESS['/manage-storage']
export const meta: MetaFunction = () => [{ title: 'Manage Storages' }]
export const handle = {
  crumbs: [
    { label: 'Admin', to: '/manage' },
    { label: 'Manage Storages', to: '/manage-storage' },
  ],
}

export const loader = (args: LoaderFunctionArgs) => loadStoragePicker(args, access, 'manage')

export default function ManageStorages() {
  return <StoragePickerPage data={useLoaderData<typeof loader>()} path="/manage-storage" title="Manage Storages: choose a grower, then the storage to change." />
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/manage-storage" />
}
