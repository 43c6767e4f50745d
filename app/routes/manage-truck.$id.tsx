// One truck, read-only, in a modal over Trucks: what a row opens for those who may see trucks but
// not edit them (those who may edit go to /edit-truck/{id}).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { RecordModal } from '#app/components/modal.tsx'
import { loadRecord } from '#app/records.server.ts'
import { getDb } from '#db/client.server.ts'
import { truckForEdit } from '#db/queries/registry.ts'

export const access = ACCESS['/manage-truck']
export const meta: MetaFunction = () => [{ title: 'Truck' }]

export const loader = async (args: LoaderFunctionArgs) => ({ truck: await loadRecord(args, access, (id) => truckForEdit(getDb(), id)) })

export default function TruckModal() {
  const { truck } = useLoaderData<typeof loader>()
  return (
    <RecordModal title="Truck">
      <dl className="detail-list">
        <dt>Number</dt>
        <dd>{truck.number}</dd>
        <dt>Make</dt>
        <dd>{truck.make}</dd>
        <dt>Model</dt>
        <dd>{truck.model}</dd>
        <dt>Active</dt>
        <dd>{truck.active ? 'Yes' : 'No'}</dd>
      </dl>
    </RecordModal>
  )
}
