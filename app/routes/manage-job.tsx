// Jobs (/manage-job): the registry's job list on the list engine (copy of view-calls.tsx). A row
// opens the job's edit form for those who may edit jobs, else a read-only modal (manage-job.$id.tsx);
// Add Job shows to those who may add. manage-job[.]csv.ts exports the current filter.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { useMayOpen } from '#app/components/admin/may-open.ts'
import type { Column } from '#app/lists/columns.ts'
import { ListErrorBoundary, ListScreen, type CardLayout } from '#app/components/list/list-screen.tsx'
import { jobs, type JobListRow } from '#app/lists/job-list.server.ts'
import { loadListScreen } from '#app/lists/list-screen.server.ts'
import { formatDate } from '#core/formats.ts'

export const access = ACCESS['/manage-job']
export const meta: MetaFunction = () => [{ title: 'Jobs' }]
export const handle = {
  crumbs: [
    { label: 'Admin', to: '/manage' },
    { label: 'Jobs', to: '/manage-job' },
  ],
}

export const loader = (args: LoaderFunctionArgs) => loadListScreen(args, access, jobs)

type Row = Pick<JobListRow, 'id' | 'name' | 'company_name' | 'storage_name' | 'active'> & { created_at: string | Date }

const yesNo = (value: boolean) => (value ? 'Yes' : 'No')

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
  const mayAdd = useMayOpen(ACCESS['/add-job'])
  const mayEdit = useMayOpen(ACCESS['/edit-job'])
  return (
    <ListScreen
      title="Jobs"
      list={list}
      columns={COLUMNS}
      card={CARD}
      filters={FILTERS}
      choices={choices}
      empty="No jobs available."
      rowHref={(r, search) => (mayEdit ? `/edit-job/${r.id}` : `/manage-job/${r.id}${search}`)}
      actions={
        mayAdd ? (
          <Link to="/add-job" className="button">
            Add Job
          </Link>
        ) : null
      }
      exportTo="/manage-job.csv"
    />
  )
}

export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching jobs" />
}
