// Pre-Written Messages (/manage-message): the restart instructions the pre-treat form offers
// (active ones, in this order). One screen: add, edit, reorder and (de)activate, each a plain POST
// (app/components/admin/short-list.tsx).
import type { LinksFunction, MetaFunction } from '@remix-run/node'
import { ACCESS } from '#app/access.ts'
import { ShortListScreen } from '#app/components/admin/short-list.tsx'
import { shortListActionOf, shortListLoader, type ShortListScreenConfig } from '#app/components/admin/short-list.server.ts'
import { ListErrorBoundary } from '#app/components/list/list-screen.tsx'
import adminCss from '#app/styles/admin.css?url'

export const access = ACCESS['/manage-message']
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: adminCss }]
export const meta: MetaFunction = () => [{ title: 'Pre-Written Messages' }]
export const handle = {
  crumbs: [
    { label: 'Admin', to: '/manage' },
    { label: 'Pre-Written Messages', to: '/manage-message' },
  ],
}

const CHANGE = { permissions: ['api.change_pretreatmessage'] } as const
const CONFIG: ShortListScreenConfig = { list: 'pretreat_messages', access, change: CHANGE, path: '/manage-message' }

export const loader = shortListLoader(CONFIG)
export const action = shortListActionOf(CONFIG)

export default function PreWrittenMessages() {
  return (
    <ShortListScreen
      change={CHANGE}
      multiLine
      texts={{
        title: 'Pre-Written Messages',
        label: 'Message',
        empty: 'No pre-written messages available.',
        intro: 'The pre-treat form offers the active messages in this order. A message already copied into a pre-treat stays as it was.',
      }}
    />
  )
}

export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching pre-written messages" />
}
