// The dispatch board (issue 24, decision 0066): the week's scheduled and staged pre-treats, one lane
// per licensed applicator and one Unassigned, a column per day and one for no day. A card moves by
// its small form (works without JavaScript), by drag and drop, or by keys (Space picks it up, the
// arrows choose lane and day, Space or Enter drops it, Escape puts it back; each said through a
// live region). Every move posts the same form to the same action: the command of the lists' Assign
// step. A move that meets a booking or a season warning asks to be confirmed first.
import type { MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { Board } from './board.tsx'
import dispatchCss from './dispatch.css?url'

export { action, loader } from './data.server.ts'

export const access = ACCESS['/dispatch']
export const meta: MetaFunction = () => [{ title: 'Dispatch Board' }]
export const links = () => [{ rel: 'stylesheet', href: dispatchCss }]
export const handle = {
  crumbs: [
    { label: 'Pre-Treats', to: '/pretreats' },
    { label: 'Dispatch Board', to: '/dispatch' },
  ],
}

export default function DispatchBoard() {
  return <Board data={useLoaderData()} result={useActionData()} />
}
