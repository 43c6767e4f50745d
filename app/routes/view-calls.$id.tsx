// One call, in a modal over Pending Calls. It has its own URL (bookmarkable, and it works without
// JavaScript); closing goes back to the list with the same sort, filter and page.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { requirePermission } from '#app/auth/guard.server.ts'
import { Modal } from '#app/components/modal.tsx'
import { formatDate } from '#app/domain/formats.ts'
import { getDb } from '#db/client.server.ts'
import { callInDetail } from '#db/queries/call-ins.ts'

export const meta: MetaFunction = () => [{ title: 'Call In Details' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'api.view_callin')
  const id = Number(params.id)
  const call = Number.isSafeInteger(id) && id > 0 ? await callInDetail(getDb(), id) : undefined
  if (!call) throw new Response('Not Found', { status: 404 })
  return { call }
}

export default function CallModal() {
  const { call } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  return (
    <Modal title="Call In Details" closeTo={`/view-calls${search}`}>
      <dl className="detail-list">
        <dt>Date</dt>
        <dd>{formatDate(call.call_in_date)}</dd>
        <dt>Company</dt>
        <dd>{call.company_name}</dd>
        <dt>Storage</dt>
        <dd>{call.storage_name}</dd>
        <dt>Job</dt>
        <dd>{call.job_name ?? 'None'}</dd>
        <dt>Requested by</dt>
        <dd>{call.requested_by}</dd>
        <dt>Created by</dt>
        <dd>{call.created_by_name}</dd>
        <dt>Reason for Service</dt>
        <dd>{call.description}</dd>
        <dt>I got it</dt>
        <dd>{call.got_it ? 'Yes' : 'No'}</dd>
      </dl>
    </Modal>
  )
}
