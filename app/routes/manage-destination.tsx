// Destinations (/manage-destination): the customers a pre-treat's potatoes go to, the list the
// pre-treat form offers (active ones, in this order). One screen: add, rename, reorder and
// (de)activate, each a plain POST (app/components/admin/short-list.tsx).
import type { LinksFunction, MetaFunction } from '@remix-run/node'
import { ACCESS } from '#app/access.ts'
import { ShortListScreen } from '#app/components/admin/short-list.tsx'
import { shortListActionOf, shortListLoader, type ShortListScreenConfig } from '#app/components/admin/short-list.server.ts'
import { ListErrorBoundary } from '#app/components/list/list-screen.tsx'
import adminCss from '#app/styles/admin.css?url'

export const access = ACCESS['/manage-destination']
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: adminCss }]
export const meta: MetaFunction = () => [{ title: 'Destinations' }]
export const handle = {
  crumbs: [
    { label: 'Admin', to: '/manage' },
    { label: 'Destinations', to: '/manage-destination' },
  ],
}

const CHANGE = { permissions: ['api.change_destination'] } as const
const CONFIG: ShortListScreenConfig = { list: 'destinations', access, change: CHANGE, path: '/manage-destination' }

export const loader = shortListLoader(CONFIG)
export const action = shortListActionOf(CONFIG)

export default function Destinations() {
  return (
    <ShortListScreen
      change={CHANGE}
      texts={{
        title: 'Destinations',
        label: 'Destination',
        empty: 'No destinations available.',
        intro: 'The pre-treat form offers the active destinations in this order. A destination used by a pre-treat stays on it when renamed or deactivated.',
      }}
    />
  )
}

export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching destinations" />
}
