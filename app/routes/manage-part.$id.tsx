// One part, read-only, in a modal over Parts: what a row opens for those who may see parts but not
// edit them (those who may edit go to /edit-part/{id}).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { RecordModal } from '#app/components/modal.tsx'
import { loadRecord } from '#app/records.server.ts'
import { getDb } from '#db/client.server.ts'
import { partForEdit } from '#db/queries/registry.ts'

export const access = ACCESS['/manage-part']
export const meta: MetaFunction = () => [{ title: 'Part' }]

export const loader = async (args: LoaderFunctionArgs) => ({ part: await loadRecord(args, access, (id) => partForEdit(getDb(), id)) })

export default function PartModal() {
  const { part } = useLoaderData<typeof loader>()
  return (
    <RecordModal title="Part">
      <dl className="detail-list">
        <dt>Part Number</dt>
        <dd>{part.part_number}</dd>
        <dt>Description</dt>
        <dd>{part.description}</dd>
        <dt>Special</dt>
        <dd>{part.is_special ? 'Yes' : 'No'}</dd>
        <dt>Active</dt>
        <dd>{part.active ? 'Yes' : 'No'}</dd>
      </dl>
    </RecordModal>
  )
}
