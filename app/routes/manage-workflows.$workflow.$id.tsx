// One workflow record in the inspector, in a modal over its list: where it stands and since when,
// the steps its machine allows next with the permissions that let someone take them, its whole
// history from workflow_events, the machine drawn with its current state highlighted, and a link to
// the record itself when this user may open it. Read-only; an unknown workflow or id is a 404.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useLocation } from '@remix-run/react'
import { ACCESS, mayOpen, type ScreenPath } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { notFound } from '#app/http-errors.server.ts'
import { Modal } from '#app/components/modal.tsx'
import { WorkflowDiagram } from '#app/components/workflow-diagram.tsx'
import { requireId, requireRecord } from '#app/records.server.ts'
import { PERMISSIONS } from '#core/permissions.ts'
import { formatDateTime } from '#core/formats.ts'
import { getDb } from '#db/client.server.ts'
import { inspectedRecord, workflowHistory } from '#db/queries/workflow-inspector.ts'
import { machineDiagram } from '#workflows/diagram.ts'
import { inspectedWorkflow, inspectSteps, stateLabel } from '#workflows/registry.ts'
import { inStateFor } from './manage-workflows/in-state.ts'

export const access = ACCESS['/manage-workflows']
export const meta: MetaFunction = () => [{ title: 'Workflow History' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAccess(request, access)
  const workflow = inspectedWorkflow(params.workflow)
  if (!workflow) throw notFound()
  const id = requireId(params)
  const db = getDb()
  const [record, history] = await Promise.all([inspectedRecord(db, workflow.records, id), workflowHistory(db, workflow.entity, id)])
  const found = requireRecord(record)
  const screen = (ACCESS as Record<string, (typeof ACCESS)[ScreenPath]>)[workflow.recordScreen.access]
  const label = (state: string) => stateLabel(workflow, state)
  return {
    workflow: { key: workflow.key, title: workflow.title },
    record: { ...found, state_label: label(found.state), in_state: inStateFor(found.state_since, new Date()) },
    steps: inspectSteps(workflow, found.state).map((s) => ({ ...s, to: label(s.to), permissions: s.permissions.map((p) => ({ name: p, text: PERMISSIONS[p] })) })),
    history: history.map((h) => ({ ...h, from_state: label(h.from_state), to_state: label(h.to_state) })),
    diagram: machineDiagram(workflow.machine),
    recordHref: screen && mayOpen(user, screen) ? workflow.recordScreen.href(id) : null,
  }
}

export default function WorkflowRecord() {
  const { workflow, record, steps, history, diagram, recordHref } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  return (
    <Modal title={`${record.number} · ${workflow.title}`} closeTo={`/manage-workflows${search}`} wide>
      <dl className="list-card-fields">
        <div className="list-card-field">
          <dt>Company</dt>
          <dd>{record.company_name ?? '—'}</dd>
        </div>
        <div className="list-card-field">
          <dt>Current state</dt>
          <dd>{record.state_label}</dd>
        </div>
        <div className="list-card-field">
          <dt>In state since</dt>
          <dd>
            {formatDateTime(record.state_since)} ({record.in_state})
          </dd>
        </div>
      </dl>
      {recordHref ? (
        <p>
          <Link to={recordHref}>Open the record</Link>
        </p>
      ) : null}

      <h3>Next steps</h3>
      {steps.length === 0 ? (
        <p className="muted">None: the workflow has ended for this record.</p>
      ) : (
        <div className="record-table-wrap">
          <table className="list-table record-table cards-on-phone" aria-label="Next steps">
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col">Leads to</th>
                <th scope="col">Who may take it</th>
              </tr>
            </thead>
            <tbody>
              {steps.map((s) => (
                <tr key={s.event}>
                  <td data-label="Step">{s.event}</td>
                  <td data-label="Leads to">{s.to}</td>
                  <td data-label="Who may take it">
                    {s.permissions.map((p) => (
                      <div key={p.name}>
                        {p.name} <span className="muted">({p.text})</span>
                      </div>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3>History</h3>
      {history.length === 0 ? (
        <p className="muted">No steps recorded.</p>
      ) : (
        <div className="record-table-wrap">
          <table className="list-table record-table cards-on-phone" aria-label="History">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">From</th>
                <th scope="col">Step</th>
                <th scope="col">To</th>
                <th scope="col">Who</th>
              </tr>
            </thead>
            <tbody>
              {history.map((h) => (
                <tr key={h.id}>
                  <td data-label="When" className="cell-nowrap">
                    {formatDateTime(h.at)}
                  </td>
                  <td data-label="From">{h.from_state}</td>
                  <td data-label="Step">{h.event}</td>
                  <td data-label="To">{h.to_state}</td>
                  <td data-label="Who">{h.actor ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3>Diagram</h3>
      <WorkflowDiagram diagram={diagram} current={record.state} title={`${workflow.title} workflow`} />
    </Modal>
  )
}
