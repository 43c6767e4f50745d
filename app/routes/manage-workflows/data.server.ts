// The inspector's loader: the counts per state of every workflow, and the chosen workflow's records
// for the URL's filters (workflow, state, stuck, actor, and the list engine's own: company or number,
// date range of entering the state, sort, page size, page). Malformed filters get a message and are
// not applied; nothing here changes anything.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { ACCESS } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { hasControlCharacters } from '#core/formats.ts'
import { getDb, type Executor } from '#db/client.server.ts'
import { actorChoices, userIdByUsername, workflowStateCounts } from '#db/queries/workflow-inspector.ts'
import { INSPECTED_WORKFLOWS, inspectedWorkflow, stateLabel, statesOf } from '#workflows/registry.ts'
import { inStateFor } from './in-state.ts'
import { INSPECTOR_LISTS, inspectorScope, type InspectorFilter } from './list.server.ts'

export const access = ACCESS['/manage-workflows']

/** Longest stuck filter accepted, in days (ten years). */
export const MAX_STUCK_DAYS = 3650

export type InspectorErrors = Partial<Record<'workflow' | 'state' | 'stuck' | 'actor', string>>

/** The inspector's own parameters as typed (for the form) and as applied. */
function readFilters(params: URLSearchParams) {
  const text = (name: string) => (params.get(name) ?? '').trim().slice(0, 200)
  const errors: InspectorErrors = {}
  const asked = { workflow: text('workflow'), state: text('state'), stuck: text('stuck'), actor: text('actor') }
  let workflow = inspectedWorkflow(asked.workflow)
  if (!workflow) {
    if (asked.workflow) errors.workflow = 'Choose a workflow from the list.'
    workflow = INSPECTED_WORKFLOWS[0]!
  }
  const filter: InspectorFilter = { state: null, stuckDays: null, actorId: null }
  if (asked.state) {
    if (statesOf(workflow).includes(asked.state)) filter.state = asked.state
    else errors.state = `${workflow.title} have no state '${asked.state.slice(0, 40)}'.`
  }
  if (asked.stuck) {
    const days = /^\d{1,5}$/.test(asked.stuck) ? Number(asked.stuck) : Number.NaN
    if (days >= 1 && days <= MAX_STUCK_DAYS) filter.stuckDays = days
    else errors.stuck = `Stuck longer than must be a whole number of days from 1 to ${MAX_STUCK_DAYS}.`
  }
  if (asked.actor && hasControlCharacters(asked.actor)) errors.actor = 'Actor cannot contain control characters.'
  return { workflow, asked, filter, errors }
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access)
  return readInspector(getDb(), new URL(request.url).searchParams, new Date())
}

/** What the inspector shows for these URL parameters (the loader's read, also what the bench times). */
export async function readInspector(db: Executor, params: URLSearchParams, now: Date) {
  const { workflow, asked, filter, errors } = readFilters(params)
  if (asked.actor && !errors.actor) {
    const id = await userIdByUsername(db, asked.actor)
    if (id === undefined) errors.actor = 'No user has that username.'
    else filter.actorId = id
  }
  const [counts, actors] = await Promise.all([workflowStateCounts(db, INSPECTED_WORKFLOWS), actorChoices(db)])
  // the list keeps the filters that were applied (a refused one is left out of its links)
  const keep: Record<string, string> = { workflow: workflow.key }
  if (filter.state) keep.state = filter.state
  if (filter.stuckDays) keep.stuck = String(filter.stuckDays)
  if (filter.actorId !== null) keep.actor = asked.actor
  // a state alone: its total is the kept count, not a count over the state's records
  const scopeTotal = filter.state !== null && filter.stuckDays === null && filter.actorId === null ? (counts[workflow.entity]![filter.state] ?? 0) : undefined
  const list = await INSPECTOR_LISTS.get(workflow.key)!.load(db, params, { scope: inspectorScope(workflow, filter, now), keep, scopeTotal })
  return {
    workflows: INSPECTED_WORKFLOWS.map((w) => ({
      key: w.key,
      title: w.title,
      states: statesOf(w).map((state) => ({ state, label: stateLabel(w, state), count: counts[w.entity]![state] ?? 0 })),
    })),
    workflow: workflow.key,
    asked,
    errors,
    actors,
    list: { ...list, rows: list.rows.map((row) => ({ ...row, state_label: stateLabel(workflow, row.state), in_state: inStateFor(row.state_since, now) })) },
  }
}

export type LoaderData = Awaited<ReturnType<typeof loader>>
