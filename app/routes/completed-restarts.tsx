// Completed Restarts (/completed-restarts; docs/decisions/0041) on the list engine, on the Pre-Treats section's
// 'Reviews & Restarts' tab. A row opens the restart in a modal with its own URL (completed-restarts.$id.tsx).
// completed-restarts[.]csv.ts exports the current filter and sort with these columns.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { ListErrorBoundary } from '#app/components/list/list-screen.tsx'
import { RestartListScreen } from '#app/features/restarts/restart-list.tsx'
import { completedRestarts } from '#app/lists/restart-lists.server.ts'
import { loadListScreen } from '#app/lists/list-screen.server.ts'

export const access = ACCESS['/completed-restarts']
export const meta: MetaFunction = () => [{ title: 'Completed Restarts' }]
export const handle = {
  crumbs: [
    { label: 'Pre-Treats', to: '/pretreats' },
    { label: 'Completed Restarts', to: '/completed-restarts' },
  ],
}

export const loader = (args: LoaderFunctionArgs) => loadListScreen(args, access, completedRestarts)

export default function CompletedRestarts() {
  const { list, choices } = useLoaderData<typeof loader>()
  return <RestartListScreen completed={true} list={list} choices={choices} />
}

export const ErrorBoundary = () => <ListErrorBoundary message="Error fetching restarts" />
