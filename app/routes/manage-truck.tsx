// Trucks (/manage-truck): the registry's truck list on the list engine (copy of manage-job.tsx). A
// row opens the truck's edit form for those who may edit trucks, else a read-only modal
// (manage-truck.$id.tsx); Add Truck shows to those who may add. manage-truck[.]csv.ts exports.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import type { Column } from '#app/lists/columns.ts'
import { ListErrorBoundary, type CardLayout } from '#app/components/list/list-screen.tsx'
import { REGISTRIES, registryHandle, RegistryList, yesNo } from '#app/components/admin/registry.tsx'
import { loadListScreen } from '#app/lists/list-screen.server.ts'
import { trucks, type TruckListRow } from '#app/lists/truck-list.server.ts'
import { formatDate } from '#core/formats.ts'

export const access = ACCESS['/manage-truck']
export const meta: MetaFunction = () => [{ title: 'Trucks' }]
export const handle = registryHandle(REGISTRIES.truck)

export const loader = (args: LoaderFunctionArgs) => loadListScreen(args, access, trucks)

type Row = Pick<TruckListRow, 'id' | 'number' | 'make' | 'model' | 'active'> & { created_at: string | Date }

export const COLUMNS: Column<Row>[] = [
  { key: 'number', label: 'Number' },
  { key: 'make', label: 'Make' },
  { key: 'model', label: 'Model' },
  { key: 'active', label: 'Active', text: (r) => yesNo(r.active) },
  { key: 'created_at', label: 'Added', text: (r) => formatDate(r.created_at), firstOrder: 'desc', className: 'cell-nowrap' },
]

const CARD: CardLayout<Row> = {
  title: (r) => r.number,
  fields: [
    { label: 'Make', value: (r) => r.make },
    { label: 'Model', value: (r) => r.model },
    { label: 'Active', value: (r) => yesNo(r.active) },
  ],
}

const FILTERS = [
  { key: 'number', label: 'Number' },
  { key: 'make', label: 'Make' },
  { key: 'model', label: 'Model' },
  { key: 'active', label: 'Active' },
]

export default function Trucks() {
  const { list, choices } = useLoaderData<typeof loader>()
  return (
    <RegistryList registry={REGISTRIES.truck} add={ACCESS['/add-truck']} edit={ACCESS['/edit-truck']} readOnlyModal list={list} columns={COLUMNS} card={CARD} filters={FILTERS} choices={choices} />
  )
}

export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching trucks" />
}
