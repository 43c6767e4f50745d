// Scheduled Pre-Treats (/scheduled-pre-treat), one of the four pre-treat lists (docs/decisions/0036): the
// list screen in app/features/pretreat-lists/, its rows' Stage / Schedule and Assign forms posting
// here; scheduled-pre-treat[.]csv.ts exports the current filter and sort.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { ListErrorBoundary } from '#app/components/list/list-screen.tsx'
import { loadPretreatList, pretreatListAction } from '#app/features/pretreat-lists/list-data.server.ts'
import listCss from '#app/features/pretreat-lists/pretreat-lists.css?url'
import { pretreatListHandle, PretreatListScreen } from '#app/features/pretreat-lists/pretreat-list.tsx'

export const access = ACCESS['/scheduled-pre-treat']
export const meta: MetaFunction = () => [{ title: 'Scheduled Pre-Treats' }]
export const links = () => [{ rel: 'stylesheet', href: listCss }]
export const handle = pretreatListHandle('scheduled')

export const loader = (args: LoaderFunctionArgs) => loadPretreatList(args, access, 'scheduled')
export const action = pretreatListAction(access)

export default function ScheduledPretreats() {
  return <PretreatListScreen list="scheduled" data={useLoaderData<typeof loader>()} />
}

export const ErrorBoundary = () => <ListErrorBoundary message="Error fetching pre-treats" />
