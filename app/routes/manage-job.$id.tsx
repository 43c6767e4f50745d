// One job, read-only, in a modal over Jobs: what a row opens for those who may see jobs but not
// edit them (those who may edit go to /edit-job/{id}).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { RecordModal } from '#app/components/modal.tsx'
import { loadRecord } from '#app/records.server.ts'
import { getDb } from '#db/client.server.ts'
import { jobForEdit } from '#db/queries/registry.ts'

export const access = ACCESS['/manage-job']
export const meta: MetaFunction = () => [{ title: 'Job' }]

export const loader = async (args: LoaderFunctionArgs) => ({ job: await loadRecord(args, access, (id) => jobForEdit(getDb(), id)) })

export default function JobModal() {
  const { job } = useLoaderData<typeof loader>()
  return (
    <RecordModal title="Job">
      <dl className="detail-list">
        <dt>Job</dt>
        <dd>{job.name}</dd>
        <dt>Company</dt>
        <dd>{job.company_name}</dd>
        <dt>Storage</dt>
        <dd>{job.storage_name}</dd>
        <dt>Notes</dt>
        <dd>{job.notes || '—'}</dd>
        <dt>Active</dt>
        <dd>{job.active ? 'Yes' : 'No'}</dd>
      </dl>
    </RecordModal>
  )
}
