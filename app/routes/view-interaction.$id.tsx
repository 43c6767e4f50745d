// Company Interactions (/view-interaction/{id}): a grower's notes, newest first, on the list screen
// kit (see view-calls.tsx). Times are shown in the server's time zone (formatted by the loader, so
// the page reads the same wherever it is opened). A row opens the note in a modal
// (view-interaction.$id.$note.tsx: its history and Correct); deleted notes show only when asked.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import type { Column } from '#app/lists/columns.ts'
import { ListErrorBoundary, ListScreen, type CardLayout } from '#app/components/list/list-screen.tsx'
import { companyInteractions } from '#app/lists/interaction-list.server.ts'
import { loadListScreen } from '#app/lists/list-screen.server.ts'
import { DeletedTag } from '#app/components/record-corrections.tsx'
import { SHOW_DELETED } from '#app/lists/show-deleted.ts'

export const access = ACCESS['/view-interaction']
export const meta: MetaFunction = () => [{ title: 'Company Interactions' }]

const WRITTEN_AT = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit', hour12: true })

/** 2026-11-22 3:05 p.m. → 2026-11-22 3:05 PM (yyyy-mm-dd, as every date of the app). */
function writtenAt(at: Date): string {
  const part = (type: string) => WRITTEN_AT.formatToParts(at).find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} ${part('dayPeriod').replace(/\./g, '').toUpperCase()}`
}

export async function loader(args: LoaderFunctionArgs) {
  const { list, about: company } = await loadListScreen(args, access, companyInteractions)
  return { list: { ...list, rows: list.rows.map((r) => ({ ...r, written_at: writtenAt(r.created_at) })) }, company: company! }
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['list']['rows'][number]

export const COLUMNS: Column<Row>[] = [
  {
    key: 'created_at',
    label: 'Date',
    text: (r) => r.written_at,
    cell: (r) => (
      <>
        {r.written_at}
        <DeletedTag deleted={r.deleted} />
      </>
    ),
    firstOrder: 'desc',
    className: 'cell-nowrap',
  },
  { key: 'contact', label: 'Contact', text: (r) => r.contact_name },
  { key: 'notes', label: 'Notes', sortable: false },
  { key: 'last_modified_by', label: 'Last Modified By', text: (r) => r.last_modified_by_name, sortable: false },
]

const CARD: CardLayout<Row> = {
  title: (r) => (
    <>
      {r.written_at}
      <DeletedTag deleted={r.deleted} />
    </>
  ),
  fields: [
    { label: 'Contact', value: (r) => r.contact_name },
    { label: 'Notes', value: (r) => r.notes },
    { label: 'Last modified by', value: (r) => r.last_modified_by_name },
  ],
}

const FILTERS = [
  { key: 'contact', label: 'Contact' },
  { key: 'notes', label: 'Notes' },
]

export default function CompanyInteractions() {
  const { list, company } = useLoaderData<typeof loader>()
  return (
    <>
      <ListScreen
        title={`Company Interactions – ${company.name}`}
        list={list}
        columns={COLUMNS}
        card={CARD}
        filters={FILTERS}
        empty="No interactions available."
        rowHref={(r, search) => `/view-interaction/${company.id}/${r.id}${search}`}
        toggles={[SHOW_DELETED]}
      />
      <p>
        <Link to="/view-interaction">Choose another company</Link>
      </p>
    </>
  )
}

export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching interactions" />
}
