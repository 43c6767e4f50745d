// Edit Storage, its picker step (storages-and-pretreats.md §2: "company then storage picker"):
// /edit-storage chooses a grower, then one of its storages, whose card opens /edit-storage/{id}
// (edit-storage.$id.tsx, the child route, rendered in its place).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { FormErrorBoundary } from '#app/components/form/form-error-boundary.tsx'
import { StoragePickerPage } from '#app/features/storage-picker/storage-cards.tsx'
import { loadStoragePicker } from '#app/features/storage-picker/storage-picker.server.ts'

export const access = ACCESS['/edit-storage']
export const meta: MetaFunction = () => [{ title: 'Edit Storage' }]
export const handle = {
  crumbs: [
    { label: 'Admin', to: '/manage' },
    { label: 'Edit Storage', to: '/edit-storage' },
  ],
}

export async function loader(args: LoaderFunctionArgs) {
  // under /edit-storage/{id} the child reads the storage and checks the same rule
  if (args.params.id !== undefined) {
    await requireAccess(args.request, access)
    return null
  }
  return loadStoragePicker(args, access, 'edit')
}

export default function EditStoragePicker() {
  const data = useLoaderData<typeof loader>()
  if (!data) return <Outlet />
  return <StoragePickerPage data={data} path="/edit-storage" title="Edit Storage: choose a grower, then the storage to change." />
}

export function ErrorBoundary() {
  return <FormErrorBoundary retryTo="/edit-storage" />
}
