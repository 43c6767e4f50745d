// One call, in a modal over Pending Calls: a record route with its own URL (bookmarkable, and it
// works without JavaScript); Close goes back to the list with the same sort, filter and page.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { RecordModal } from '#app/components/modal.tsx'
import { loadRecord } from '#app/records.server.ts'
import { formatDate } from '#core/formats.ts'
import { hasPermission } from '#core/permissions.ts'
import { getDb } from '#db/client.server.ts'
import { callInDetail } from '#db/queries/call-ins.ts'
import { callForSheet } from '#db/queries/service-sheets.ts'

export const access = ACCESS['/view-calls']
export const meta: MetaFunction = () => [{ title: 'Call In Details' }]

export const loader = (args: LoaderFunctionArgs) =>
  loadRecord(args, access, async (id, user) => {
    const [call, forSheet] = await Promise.all([callInDetail(getDb(), id), callForSheet(getDb(), id)])
    // A call makes at most one sheet: its number once made, else the link for those who may make it.
    return call && { call, sheetNumber: forSheet?.sheet_number ?? null, canCreateSheet: hasPermission(user, 'api.add_servicesheet') }
  })

export default function CallModal() {
  const { call, sheetNumber, canCreateSheet } = useLoaderData<typeof loader>()
  return (
    <RecordModal title="Call In Details">
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
    </RecordModal>
  )
}
