// Jobs (/manage-job): the registry's job list on the list engine (copy of view-calls.tsx). A row
// opens the job's edit form for those who may edit jobs, else a read-only modal (manage-job.$id.tsx);
// Add Job shows to those who may add. manage-job[.]csv.ts exports the current filter.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import type { Column } from '#app/lists/columns.ts'
import { ListErrorBoundary, type CardLayout } from '#app/components/list/list-screen.tsx'
import { REGISTRIES, registryHandle, RegistryList, yesNo } from '#app/components/admin/registry.tsx'
import { jobs, type JobListRow } from '#app/lists/job-list.server.ts'
import { loadListScreen } from '#app/lists/list-screen.server.ts'
import { formatDate } from '#core/formats.ts'

export const access = ACCESS['/manage-job']
export const meta: MetaFunction = () => [{ title: 'Jobs' }]
export const handle = registryHandle(REGISTRIES.job)

export const loader = (args: LoaderFunctionArgs) => loadListScreen(args, access, jobs)

type Row = Pick<JobListRow, 'id' | 'name' | 'company_name' | 'storage_name' | 'active'> & { created_at: string | Date }

export const COLUMNS: Column<Row>[] = [
  { key: 'name', label: 'Job' },
  { key: 'company', label: 'Company', text: (r) => r.company_name },
  { key: 'storage', label: 'Storage', text: (r) => r.storage_name },
  { key: 'active', label: 'Active', text: (r) => yesNo(r.active) },
  { key: 'created_at', label: 'Added', text: (r) => formatDate(r.created_at), firstOrder: 'desc', className: 'cell-nowrap' },
]

const CARD: CardLayout<Row> = {
  title: (r) => r.name,
  fields: [
    { label: 'Company', value: (r) => r.company_name },
    { label: 'Storage', value: (r) => r.storage_name },
    { label: 'Active', value: (r) => yesNo(r.active) },
  ],
}

const FILTERS = [
  { key: 'name', label: 'Job' },
  { key: 'company', label: 'Company' },
  { key: 'storage', label: 'Storage' },
  { key: 'active', label: 'Active' },
]

export default function Jobs() {
  const { list, choices } = useLoaderData<typeof loader>()
  return <RegistryList registry={REGISTRIES.job} add={ACCESS['/add-job']} edit={ACCESS['/edit-job']} readOnlyModal list={list} columns={COLUMNS} card={CARD} filters={FILTERS} choices={choices} />
}

export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching jobs" />
}
