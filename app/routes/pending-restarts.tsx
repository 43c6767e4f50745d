// Pending Restarts (/pending-restarts; docs/decisions/0041) on the list engine, on the Pre-Treats section's
// 'Reviews & Restarts' tab. A row opens the restart form (/restarts/{id}).
// pending-restarts[.]csv.ts exports the current filter and sort with these columns.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { ListErrorBoundary } from '#app/components/list/list-screen.tsx'
import { RestartListScreen } from '#app/features/restarts/restart-list.tsx'
import { pendingRestarts } from '#app/lists/restart-lists.server.ts'
import { loadListScreen } from '#app/lists/list-screen.server.ts'

export const access = ACCESS['/pending-restarts']
export const meta: MetaFunction = () => [{ title: 'Pending Restarts' }]
export const handle = {
  crumbs: [
    { label: 'Pre-Treats', to: '/pretreats' },
    { label: 'Pending Restarts', to: '/pending-restarts' },
  ],
}

export const loader = (args: LoaderFunctionArgs) => loadListScreen(args, access, pendingRestarts)

export default function PendingRestarts() {
  const { list, choices } = useLoaderData<typeof loader>()
  return <RestartListScreen completed={false} list={list} choices={choices} />
}

export const ErrorBoundary = () => <ListErrorBoundary message="Error fetching restarts" />
