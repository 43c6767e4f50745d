// Restart Follow-Ups (/follow-ups; issue 24, decision 0070), for assigners, on the list engine: the
// open follow-ups (the bell's count opens it), or the closed ones with ?state=closed (Open and
// Closed are links, so the switch works without JavaScript). A row opens the follow-up in a modal
// (follow-ups.$id.tsx), where an assigner closes it with a note; follow-ups[.]csv.ts exports the
// current list, filter and sort with these columns.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { ListErrorBoundary, ListScreen } from '#app/components/list/list-screen.tsx'
import { CLOSED_FOLLOW_UP_COLUMNS, followUpCard, OPEN_FOLLOW_UP_COLUMNS } from '#app/features/restart-follow-ups/follow-ups.tsx'
import { FOLLOW_UP_SCREENS, followUpStateOf } from '#app/lists/follow-up-list.server.ts'
import { loadListScreen } from '#app/lists/list-screen.server.ts'

export const access = ACCESS['/follow-ups']
export const meta: MetaFunction = () => [{ title: 'Restart Follow-Ups' }]
export const handle = {
  crumbs: [
    { label: 'Pre-Treats', to: '/pretreats' },
    { label: 'Restart Follow-Ups', to: '/follow-ups' },
  ],
}

export async function loader(args: LoaderFunctionArgs) {
  const state = followUpStateOf(new URL(args.request.url).searchParams)
  const { list, choices } = await loadListScreen(args, access, FOLLOW_UP_SCREENS[state])
  return { state, list, choices }
}

const FILTERS = [{ key: 'storage', label: 'Storage' }]
/** Which follow-ups to show: links, so the switch works without JavaScript. */
const STATES = [
  { state: 'open', label: 'Open', to: '/follow-ups' },
  { state: 'closed', label: 'Closed', to: '/follow-ups?state=closed' },
] as const

export default function FollowUps() {
  const { state, list, choices } = useLoaderData<typeof loader>()
  const closed = state === 'closed'
  return (
    <ListScreen
      title="Restart Follow-Ups"
      actions={
        <nav className="tabs" aria-label="Follow-ups to show">
          {STATES.map((s) => (
            <Link key={s.state} to={s.to} aria-current={s.state === state ? 'page' : undefined}>
              {s.label}
            </Link>
          ))}
        </nav>
      }
      list={list}
      columns={closed ? CLOSED_FOLLOW_UP_COLUMNS : OPEN_FOLLOW_UP_COLUMNS}
      card={followUpCard(closed)}
      filters={FILTERS}
      choices={choices}
      empty={closed ? 'No closed follow-ups.' : 'No open follow-ups.'}
      rowHref={(r, search) => `/follow-ups/${r.id}${search}`}
      exportTo="/follow-ups.csv"
    />
  )
}

export const ErrorBoundary = () => <ListErrorBoundary message="Error fetching follow-ups" />
