// The workflow inspector (/manage-workflows, beyond the spec: the product owner's "admins
// inspecting workflow state"). At the top, the records per state of every workflow, each a link to
// that state's list; then the inspector's filters (workflow, state, stuck longer than N days,
// actor) as a GET form, and the list kit's toolbar, table, phone cards and pager. A row opens the
// record's history, next steps and machine diagram in a modal with its own URL
// (manage-workflows.$workflow.$id.tsx). Everything is in the URL, so it all works without JavaScript.
import type { MetaFunction } from '@remix-run/node'
import { Form, Link, Outlet, useLoaderData, useLocation } from '@remix-run/react'
import { ACCESS } from '#app/access.ts'
import { CardSort } from '#app/components/list/card-sort.tsx'
import type { Column } from '#app/lists/columns.ts'
import { DataTable } from '#app/components/list/data-table.tsx'
import { DateRangeModal } from '#app/components/list/date-range-modal.tsx'
import { EmptyState } from '#app/components/list/empty-state.tsx'
import { ListCards } from '#app/components/list/list-cards.tsx'
import { ListErrorBoundary } from '#app/components/list/list-screen.tsx'
import { ListToolbar, ToolbarErrors } from '#app/components/list/list-toolbar.tsx'
import { Pager } from '#app/components/list/pager.tsx'
import { PARAM } from '#app/lists/list-params.ts'
import type { loader as inspectorLoader } from './data.server.ts'

export { loader } from './data.server.ts'
export const access = ACCESS['/manage-workflows']
export const meta: MetaFunction = () => [{ title: 'Workflow Inspector' }]
export const handle = {
  crumbs: [
    { label: 'Admin', to: '/manage' },
    { label: 'Workflow Inspector', to: '/manage-workflows' },
  ],
}

type Row = ReturnType<typeof useLoaderData<typeof inspectorLoader>>['list']['rows'][number]

const stamp = (at: string | Date) => new Date(at).toISOString().slice(0, 16).replace('T', ' ')

const COLUMNS: Column<Row>[] = [
  { key: 'number', label: 'Record', text: (r) => r.number },
  { key: 'company', label: 'Company', text: (r) => r.company_name },
  { key: 'state', label: 'State', sortable: false, text: (r) => r.state_label },
  { key: 'state_since', label: 'In state since', text: (r) => `${stamp(r.state_since)} UTC`, className: 'cell-nowrap' },
  { key: 'in_state', label: 'In state for', sortable: false, text: (r) => r.in_state },
  { key: 'last_actor', label: 'Last step by', sortable: false, text: (r) => r.last_actor ?? '—' },
]

const FILTERS = [
  { key: 'company', label: 'Company' },
  { key: 'number', label: 'Number' },
]

export default function WorkflowInspector() {
  const data = useLoaderData<typeof inspectorLoader>()
  const { search } = useLocation()
  const { list, errors, asked } = data
  const current = data.workflows.find((w) => w.key === data.workflow)!
  const href = (row: Row) => `/manage-workflows/${data.workflow}/${row.id}${search}`
  const messages = Object.values(errors)
  return (
    <>
      <h1>Workflow Inspector</h1>
      <section aria-labelledby="state-counts" className="card-grid workflow-counts">
        <h2 id="state-counts" className="visually-hidden">
          Records per state
        </h2>
        {data.workflows.map((w) => (
          <div key={w.key} className="card">
            <h3>
              <Link to={`?workflow=${w.key}`}>{w.title}</Link>
            </h3>
            <ul aria-label={`${w.title} per state`} style={{ margin: 0, paddingLeft: '1.2em' }}>
              {w.states.map((s) => (
                <li key={s.state}>
                  <Link to={`?workflow=${w.key}&state=${encodeURIComponent(s.state)}`} aria-label={`${w.title}: ${s.label}, ${s.count}`}>
                    {s.label}
                  </Link>
                  : <strong>{s.count.toLocaleString('en-US')}</strong>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>

      <Form method="get" className="list-toolbar" aria-label="Workflow filters" key={search}>
        <input type="hidden" name={PARAM.sortBy} value={list.state.sortBy} />
        <input type="hidden" name={PARAM.order} value={list.state.order} />
        <input type="hidden" name={PARAM.pageSize} value={list.state.pageSize} />
        <div className="list-toolbar-field">
          <label htmlFor="wf-workflow">Workflow</label>
          <select id="wf-workflow" name="workflow" defaultValue={data.workflow} aria-invalid={errors.workflow ? true : undefined}>
            {data.workflows.map((w) => (
              <option key={w.key} value={w.key}>
                {w.title}
              </option>
            ))}
          </select>
        </div>
        <div className="list-toolbar-field">
          <label htmlFor="wf-state">State</label>
          <select id="wf-state" name="state" defaultValue={errors.state ? '' : asked.state} aria-invalid={errors.state ? true : undefined}>
            <option value="">All states</option>
            {current.states.map((s) => (
              <option key={s.state} value={s.state}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div className="list-toolbar-field">
          <label htmlFor="wf-stuck">Stuck longer than (days)</label>
          <input id="wf-stuck" name="stuck" type="number" min={1} max={3650} step={1} inputMode="numeric" defaultValue={asked.stuck} aria-invalid={errors.stuck ? true : undefined} />
        </div>
        <div className="list-toolbar-field">
          <label htmlFor="wf-actor">Actor (username)</label>
          <input id="wf-actor" name="actor" type="search" list="wf-actors" maxLength={150} autoComplete="off" defaultValue={asked.actor} aria-invalid={errors.actor ? true : undefined} />
          <datalist id="wf-actors">
            {data.actors.map((a) => (
              <option key={a} value={a} />
            ))}
          </datalist>
        </div>
        <div className="list-toolbar-actions">
          <button type="submit" className="button">
            Apply
          </button>
          <Link to={`?workflow=${data.workflow}`} className="button button-secondary">
            Clear
          </Link>
        </div>
        <ToolbarErrors messages={messages} />
      </Form>

      <h2>
        {current.title}
        {list.state.keep?.state ? `: ${current.states.find((s) => s.state === list.state.keep?.state)?.label ?? list.state.keep.state}` : ''}
      </h2>
      <ListToolbar state={list.state} filterColumns={FILTERS} errors={list.errors} />
      {list.rows.length === 0 ? (
        <EmptyState message="No records match." />
      ) : (
        <>
          <DataTable rows={list.rows} columns={COLUMNS} state={list.state} rowHref={href} rowKey={(r) => r.id} caption={current.title} />
          <CardSort state={list.state} columns={COLUMNS} />
          <ListCards
            rows={list.rows}
            rowKey={(r) => r.id}
            rowHref={href}
            title={(r) => r.number}
            fields={[
              { label: 'Company', value: (r) => r.company_name ?? '—' },
              { label: 'State', value: (r) => r.state_label },
              { label: 'In state for', value: (r) => r.in_state },
              { label: 'Last step by', value: (r) => r.last_actor ?? '—' },
            ]}
            label={current.title}
          />
        </>
      )}
      <Pager state={list.state} totalPages={list.totalPages} total={list.total} />
      <DateRangeModal state={list.state} errors={list.errors} />
      <Outlet />
    </>
  )
}

export function ErrorBoundary() {
  return <ListErrorBoundary message="Error fetching workflows" />
}
