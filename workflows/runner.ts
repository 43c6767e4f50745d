// Running a machine without side effects, the same way in the browser and on the server.
import { initialTransition, transition, type AnyMachineSnapshot, type AnyStateMachine, type EventFromLogic, type SnapshotFrom } from 'xstate'

export interface Replay<M extends AnyStateMachine> {
  snapshot: SnapshotFrom<M>
  /** The first event the machine would not take, if any (later events are not applied). */
  refused: EventFromLogic<M> | null
}

/** Applies `events` in order from the machine's initial state, stopping at the first refusal. */
export function replay<M extends AnyStateMachine>(machine: M, events: readonly EventFromLogic<M>[]): Replay<M> {
  let [snapshot]: [AnyMachineSnapshot, unknown] = initialTransition(machine as AnyStateMachine)
  for (const event of events) {
    // A finished workflow takes nothing more (a running actor would ignore the event too).
    if (snapshot.status === 'done' || !snapshot.can(event)) return { snapshot: snapshot as SnapshotFrom<M>, refused: event }
    ;[snapshot] = transition(machine as AnyStateMachine, snapshot, event)
  }
  return { snapshot: snapshot as SnapshotFrom<M>, refused: null }
}

/** The state's value as a plain string (the machines here are flat). */
export function stateName(snapshot: { value: unknown }): string {
  return typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value)
}
