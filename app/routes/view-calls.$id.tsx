// One call, in a modal over Pending Calls. It has its own URL (bookmarkable, and it works without
// JavaScript); closing goes back to the list with the same sort, filter and page.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ACCESS } from '#app/access.ts'
import { Link, useLoaderData, useLocation } from '@remix-run/react'
import { requireAccess } from '#app/auth/guard.server.ts'
import { requireId, requireRecord } from '#app/records.server.ts'
import { Modal } from '#app/components/modal.tsx'
import { formatDate } from '#core/formats.ts'
import { getDb } from '#db/client.server.ts'
import { callInDetail } from '#db/queries/call-ins.ts'
import { callForSheet } from '#db/queries/service-sheets.ts'
import { hasPermission } from '#core/permissions.ts'

export const access = ACCESS['/view-calls']
export const meta: MetaFunction = () => [{ title: 'Call In Details' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAccess(request, access)
  const id = requireId(params)
  const [found, forSheet] = await Promise.all([callInDetail(getDb(), id), callForSheet(getDb(), id)])
  const call = requireRecord(found)
  // A call makes at most one sheet: its number once made, else the link for those who may make it.
  return { call, sheetNumber: forSheet?.sheet_number ?? null, canCreateSheet: hasPermission(user, 'api.add_servicesheet') }
}

export default function CallModal() {
  const { call, sheetNumber, canCreateSheet } = useLoaderData<typeof loader>()
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
        {sheetNumber !== null ? (
          <>
            <dt>Service Sheet</dt>
            <dd>#{sheetNumber}</dd>
          </>
        ) : null}
      </dl>
      {sheetNumber === null && canCreateSheet ? (
        <p className="form-actions">
          <Link to={`/service-form?call=${call.id}`} className="button">
            Create Service Sheet
          </Link>
        </p>
      ) : null}
    </Modal>
  )
}
