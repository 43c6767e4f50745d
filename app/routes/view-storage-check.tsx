// Storage checks: every check, on the list screen kit (see view-calls.tsx). A row opens the check
// in a modal with its own URL (view-storage-check.$id.tsx). With ?i={storage id} (spec §7: plain
// or base64) it is one storage's checks: the storage is named in the heading and the company and
// storage columns are left out (the CSV keeps them: the file leaves the screen).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { StorageCheckList } from '#app/components/storage-checks.tsx'
import { ListErrorBoundary } from '#app/components/list/list-screen.tsx'
import { loadListScreen } from '#app/lists/list-screen.server.ts'
import { storageChecks } from '#app/lists/storage-check-list.server.ts'

export const access = ACCESS['/view-storage-check']
export const meta: MetaFunction = () => [{ title: 'Storage Checks' }]
export const handle = {
  crumbs: [
    { label: 'Storage Checks', to: '/checks' },
    { label: 'View Storage Checks', to: '/view-storage-check' },
  ],
}

export async function loader(args: LoaderFunctionArgs) {
  const { list, choices, about: storage } = await loadListScreen(args, access, storageChecks)
  return { list, choices, storage }
}

export default function StorageChecks() {
  const { list, choices, storage } = useLoaderData<typeof loader>()
  return (
    <StorageCheckList
      title={storage ? `Storage Checks – ${storage.name}` : 'Storage Checks'}
      subtitle={storage?.company_name}
      list={list}
      choices={choices}
      forStorage={Boolean(storage)}
      exportTo="/view-storage-check.csv"
    />
  )
}

export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching storage checks" />
}
