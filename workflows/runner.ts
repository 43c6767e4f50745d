// Running a machine without side effects, the same way in the browser and on the server.
// (The server's transition runner, which also saves, is transition.server.ts.)
import { initialTransition, transition, type AnyMachineSnapshot, type AnyStateMachine, type EventFromLogic, type SnapshotFrom } from 'xstate'

export interface Replay<M extends AnyStateMachine> {
  snapshot: SnapshotFrom<M>
  /** The first event the machine would not take, if any (later events are not applied). */
  refused: EventFromLogic<M> | null
}

/**
 * The snapshot `event` leads to, or null when the machine refuses it. A self-transition the machine
 * allows (a review's SAVE) is a step, not a refusal, although the state stays the same: `can()`
 * tells the two apart (a refused event leaves the very same snapshot, and so does an allowed one
 * back to its own state). A finished workflow takes nothing more, as a running actor would not.
 */
export function step<M extends AnyStateMachine>(machine: M, snapshot: SnapshotFrom<M>, event: EventFromLogic<M>): SnapshotFrom<M> | null {
  const current = snapshot as AnyMachineSnapshot
  if (current.status === 'done' || !current.can(event)) return null
  const [next] = transition(machine as AnyStateMachine, current, event)
  return next as SnapshotFrom<M>
}

/** Applies `events` in order from the machine's initial state, stopping at the first refusal. */
export function replay<M extends AnyStateMachine>(machine: M, events: readonly EventFromLogic<M>[]): Replay<M> {
  let [snapshot] = initialTransition(machine as AnyStateMachine) as [SnapshotFrom<M>, unknown]
  for (const event of events) {
    const next = step(machine, snapshot, event)
    if (!next) return { snapshot, refused: event }
    snapshot = next
  }
  return { snapshot, refused: null }
}

/**
 * The snapshot of a record whose stored status is `status`, for flat machines. Facts a guard needs
 * travel in the event (the reviews' levels), or, when they are stored beside the status (a
 * pre-treat's void and upcoming flags), in `context`, read from the record's row.
 */
export function resolveStored<M extends AnyStateMachine>(machine: M, status: string, context: Record<string, unknown> = {}): SnapshotFrom<M> {
  return machine.resolveState({ value: status, context }) as SnapshotFrom<M>
}

/** A machine's state names (xstate infers them from its `states`). */
export type StateOf<M extends AnyStateMachine> = SnapshotFrom<M>['value'] & string

type SameStates<M extends AnyStateMachine, S extends string> = [StateOf<M>] extends [S]
  ? [S] extends [StateOf<M>]
    ? []
    : [error: 'the machine has a state its tuple lacks']
  : [error: 'the tuple has a state the machine lacks']

/**
 * The machine, typed against its state tuple (core/workflow-states.ts): a state missing or extra
 * does not compile. workflows/workflow-states.test.ts compares the runtime states and the database.
 */
export function withStates<M extends AnyStateMachine, S extends string>(machine: M, _states: readonly S[], ..._same: SameStates<M, S>): M {
  return machine
}

/** The state's value as a plain string (the machines here are flat). */
export function stateName(snapshot: { value: unknown }): string {
  return typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value)
}
