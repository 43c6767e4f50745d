// Parts (/manage-part): the registry's parts list on the list engine (copy of manage-job.tsx). A
// row opens the part's edit form for those who may edit parts, else a read-only modal
// (manage-part.$id.tsx); Add Part shows to those who may add. manage-part[.]csv.ts exports.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import type { Column } from '#app/lists/columns.ts'
import { ListErrorBoundary, type CardLayout } from '#app/components/list/list-screen.tsx'
import { REGISTRIES, registryHandle, RegistryList, yesNo } from '#app/components/admin/registry.tsx'
import { loadListScreen } from '#app/lists/list-screen.server.ts'
import { parts, type PartListRow } from '#app/lists/part-list.server.ts'
import { formatDate } from '#core/formats.ts'

export const access = ACCESS['/manage-part']
export const meta: MetaFunction = () => [{ title: 'Parts' }]
export const handle = registryHandle(REGISTRIES.part)

export const loader = (args: LoaderFunctionArgs) => loadListScreen(args, access, parts)

type Row = Pick<PartListRow, 'id' | 'part_number' | 'description' | 'is_special' | 'active'> & { created_at: string | Date }

export const COLUMNS: Column<Row>[] = [
  { key: 'part_number', label: 'Part Number' },
  { key: 'description', label: 'Description' },
  { key: 'is_special', label: 'Special', text: (r) => yesNo(r.is_special) },
  { key: 'active', label: 'Active', text: (r) => yesNo(r.active) },
  { key: 'created_at', label: 'Added', text: (r) => formatDate(r.created_at), firstOrder: 'desc', className: 'cell-nowrap' },
]

const CARD: CardLayout<Row> = {
  title: (r) => r.part_number,
  fields: [
    { label: 'Description', value: (r) => r.description },
    { label: 'Special', value: (r) => yesNo(r.is_special) },
    { label: 'Active', value: (r) => yesNo(r.active) },
  ],
}

const FILTERS = [
  { key: 'part_number', label: 'Part Number' },
  { key: 'description', label: 'Description' },
  { key: 'is_special', label: 'Special' },
  { key: 'active', label: 'Active' },
]

export default function Parts() {
  const { list, choices } = useLoaderData<typeof loader>()
  return <RegistryList registry={REGISTRIES.part} add={ACCESS['/add-part']} edit={ACCESS['/edit-part']} readOnlyModal list={list} columns={COLUMNS} card={CARD} filters={FILTERS} choices={choices} />
}

export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching parts" />
}
