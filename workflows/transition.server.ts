// The one way a record moves through its workflow, for every workflow: call-ins,
// service reviews and, next, pre-treats. In the caller's transaction it resolves where the record
// stands, asks the machine, refuses what the machine refuses, saves the new state (moving the
// version on, optimistically locked), makes the step's own changes, writes the history row and
// runs the effects of the state entered. No rule is checked beside the machine: a refusal is only
// explained (which message, which field).
import type { AnyStateMachine, EventFromLogic, SnapshotFrom } from 'xstate'
import { ConflictError } from '#core/errors.ts'
import type { Executor } from '#db/client.server.ts'
import { recordWorkflowEvent, saveWorkflowStatus, type WorkflowTable } from '#db/queries/workflow-events.ts'
import { resolveStored, stateName, step, type StateOf } from './runner.ts'

export const NOT_POSSIBLE = 'That step is not possible now. Reload the page to see where it stands.'
export const CHANGED_MEANWHILE = 'Someone else changed this record meanwhile, so your change was not saved. Reload it and try again.'

export interface Transition<S extends string> {
  /** the record's id */
  id: number
  from: S
  to: S
  event: string
  actorId: number | null
}

export interface Workflow<M extends AnyStateMachine> {
  /** its name in the history (workflow_events.entity) */
  entity: string
  machine: M
  /** the table whose status and version columns hold a record's state; none when records are made in their final state (calls) */
  table?: WorkflowTable
  /** the error a refused event becomes (default: a ConflictError, NOT_POSSIBLE) */
  refusal?: (state: StateOf<M>, event: EventFromLogic<M>) => Error
  /** what entering a state does besides saving it, in the same transaction; a self-transition enters nothing */
  effects?: { [S in StateOf<M>]?: Effect<S> }
}

/** What entering a state does besides saving it. */
export type Effect<S extends string> = (trx: Executor, transition: Transition<S>) => Promise<void>

/** A workflow of `machine` (given first, so the effects' states are known when they are typed). */
export function defineWorkflow<M extends AnyStateMachine>(machine: M, workflow: NoInfer<Omit<Workflow<M>, 'machine'>>): Workflow<M> {
  return { machine, ...workflow }
}

/** A record whose state is stored in the workflow's table, as the caller read (and locked) it. */
export interface StoredRecord<M extends AnyStateMachine> {
  id: number
  status: StateOf<M>
  /** the version the change is based on: a concurrent change since then is refused */
  version: number
  /** the machine's context, for machines that keep facts beside the status (pre-treats' void and upcoming); the step's `apply` saves its changes */
  context?: Record<string, unknown>
}

/** A record this step makes: the snapshot its form's events reached, and how to insert it in the state reached. */
export interface NewRecord<M extends AnyStateMachine> {
  snapshot: SnapshotFrom<M>
  /** inserts the record; `created: false` when a resent form (same submission id) finds it made already */
  insert: (trx: Executor, next: SnapshotFrom<M>) => Promise<{ id: number; created: boolean }>
}

export interface StepOptions<M extends AnyStateMachine> {
  actorId: number | null
  /** kept with the history row */
  details?: Record<string, unknown>
  /** explains a refusal for this caller (it knows more than the workflow, e.g. who approved a review) */
  refusal?: (state: StateOf<M>, event: EventFromLogic<M>) => Error
  /** the step's own changes (a review's hours and parts), made once the machine allowed the step; what it returns joins the history row's details */
  apply?: (trx: Executor) => Promise<Record<string, unknown> | void>
}

export interface StepResult<S extends string> extends Transition<S> {
  /** a resent form found the step done already: nothing was written */
  repeated: boolean
}

/** Runs `event` on `record` inside `trx` (the caller's transaction); throws the refusal, or a ConflictError when the record changed meanwhile. */
export async function runTransition<M extends AnyStateMachine>(
  trx: Executor,
  workflow: Workflow<M>,
  record: StoredRecord<M> | NewRecord<M>,
  event: EventFromLogic<M>,
  options: StepOptions<M>,
): Promise<StepResult<StateOf<M>>> {
  const snapshot = 'snapshot' in record ? record.snapshot : resolveStored(workflow.machine, record.status, record.context)
  const from = stateName(snapshot) as StateOf<M>
  const next = step(workflow.machine, snapshot, event)
  if (!next) throw (options.refusal ?? workflow.refusal)?.(from, event) ?? new ConflictError(NOT_POSSIBLE)
  const to = stateName(next) as StateOf<M>

  let id: number
  if ('snapshot' in record) {
    const made = await record.insert(trx, next)
    if (!made.created) return { id: made.id, from, to, event: event.type, actorId: options.actorId, repeated: true }
    id = made.id
  } else {
    if (!workflow.table) throw new Error(`The ${workflow.entity} workflow stores no status`)
    if (!(await saveWorkflowStatus(trx, workflow.table, record.id, to, record.version))) throw new ConflictError(CHANGED_MEANWHILE)
    id = record.id
  }
  const applied = await options.apply?.(trx)
  const transition: Transition<StateOf<M>> = { id, from, to, event: event.type, actorId: options.actorId }
  const details = { ...options.details, ...applied }
  await recordWorkflowEvent(trx, { entity: workflow.entity, entityId: id, from, event: event.type, to, actorId: options.actorId, details })
  if (to !== from) await workflow.effects?.[to]?.(trx, transition)
  return { ...transition, repeated: false }
}
