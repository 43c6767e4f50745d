// Applications (/manage-application): every application with its base price and chemicals, on the
// list kit (copied from view-calls.tsx; decision 0017). A row opens /edit-application/{id} for those
// who may edit (for the others it opens nothing); Add Application shows to those who may add.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import type { Column } from '#app/lists/columns.ts'
import { ListErrorBoundary, type CardLayout } from '#app/components/list/list-screen.tsx'
import { activeText, REGISTRIES, registryHandle, RegistryList } from '#app/components/admin/registry.tsx'
import { applications, type ApplicationListRow } from '#app/lists/application-list.server.ts'
import { loadListScreen } from '#app/lists/list-screen.server.ts'

export const access = ACCESS['/manage-application']
export const meta: MetaFunction = () => [{ title: 'Applications' }]
export const handle = registryHandle(REGISTRIES.application)

export const loader = (args: LoaderFunctionArgs) => loadListScreen(args, access, applications)

type Row = ApplicationListRow

export const COLUMNS: Column<Row>[] = [
  { key: 'name', label: 'Application', text: (r) => r.name },
  { key: 'base_price', label: 'Base Price', text: (r) => r.base_price, className: 'cell-nowrap' },
  { key: 'chemical', label: 'Chemicals', text: (r) => r.chemicals },
  { key: 'active', label: 'Status', text: activeText },
]

const CARD: CardLayout<Row> = {
  title: (r) => r.name,
  fields: [
    { label: 'Base Price', value: (r) => r.base_price },
    { label: 'Chemicals', value: (r) => r.chemicals || '—' },
    { label: 'Status', value: activeText },
  ],
}

const FILTERS = [
  { key: 'name', label: 'Application' },
  { key: 'chemical', label: 'Chemical' },
]

export default function Applications() {
  const { list, choices } = useLoaderData<typeof loader>()
  return (
    <RegistryList
      registry={REGISTRIES.application}
      add={ACCESS['/add-application']}
      edit={ACCESS['/edit-application/:id']}
      list={list}
      columns={COLUMNS}
      card={CARD}
      filters={FILTERS}
      choices={choices}
    />
  )
}

export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching applications" />
}
