// A pre-treat's life, the one definition of what may happen next (spec §4; docs/decisions/0034):
//
//   pending ──ASSIGN──▶ assigned ──SAVE──▶ in-progress
//      ▲  ◀──UNASSIGN──    │                   │
//      │                   └──SUBMIT──▶ to-review ◀──SUBMIT──┘
//      │                               │  REVIEW by a level-1 reviewer ──▶ to-review1
//      │                               │  REVIEW by a level-2 reviewer ──▶ completed
//   CREATE, STAGE, SCHEDULE (flags)    └  REVIEW by anyone else: unchanged
//
// Two facts live beside the status, in the machine's context, read from the record's row: `void`
// (called off, with its notes; nothing moves it on until it is unvoided) and `upcoming` (staged:
// not yet on the schedule, so not assignable). Steps that only change a flag are self-transitions,
// so they leave a history row like any other. `completed` is final: it takes nothing more.
// to-review2 is a review state nothing enters (the spec's transitions never set it): records that
// carry it from the old system are reviewed like to-review1.
// The browser runs this machine to offer only the possible buttons; the server resolves the stored
// status and flags and decides with it (workflows/transition.server.ts).
import { assign, setup } from 'xstate'
import { PRETREAT_STATES, type PretreatState } from '#core/workflow-states.ts'
import { resolveStored, step, withStates } from './runner.ts'

export interface PretreatFlags {
  void: boolean
  upcoming: boolean
}

/** The reviewer level a REVIEW is sent with: the highest the user holds (2 wins), or null for none. */
export type PretreatReviewerLevel = 1 | 2 | null

export type PretreatEvent =
  /** the pre-treat form saved a new pre-treat (it starts staged when `upcoming`) */
  | { type: 'CREATE'; upcoming: boolean }
  /** the pre-treat form saved changes to an existing one */
  | { type: 'EDIT' }
  /** Stage: back off the schedule (only while no applicator is assigned) */
  | { type: 'STAGE' }
  /** Schedule: onto the schedule, where it can be assigned */
  | { type: 'SCHEDULE' }
  /** an applicator whose licence is valid on the application day (the server looks it up) */
  | { type: 'ASSIGN'; licenceValid: boolean }
  /** 'Unassigned' (applicator id 0) */
  | { type: 'UNASSIGN' }
  /** the application sheet saved (the applicator's first save starts the work) */
  | { type: 'SAVE' }
  /** the application sheet submitted; `complete`: no required field missing, final checklist complete */
  | { type: 'SUBMIT'; complete: boolean }
  /** the review sheet submitted (issue 12): the reviewer's level decides where it goes */
  | { type: 'REVIEW'; level: PretreatReviewerLevel }
  /** called off; the notes are required */
  | { type: 'VOID'; notes: string }
  | { type: 'UNVOID' }

const notVoid = ({ context }: { context: PretreatFlags }) => !context.void

const REVIEW_STATES = ['to-review', 'to-review1', 'to-review2'] as const

function reviewState<S extends PretreatState>(self: S) {
  return {
    on: {
      REVIEW: [
        { guard: 'byLevel2', target: 'completed' },
        { guard: 'byLevel1', target: 'to-review1' },
        // anyone else: the status stays (spec §4); a target so that can() answers true
        { guard: 'notVoid', target: self },
      ],
      // a reviewer's corrections saved without submitting (issue 12)
      SAVE: { guard: 'notVoid', target: self },
      EDIT: { target: self },
    },
  } as const
}

export const pretreatMachine = withStates(setup({
  types: { context: {} as PretreatFlags, events: {} as PretreatEvent },
  guards: {
    notVoid,
    stageable: ({ context }) => !context.void && !context.upcoming,
    schedulable: ({ context }) => !context.void && context.upcoming,
    assignable: ({ context, event }) => !context.void && !context.upcoming && event.type === 'ASSIGN' && event.licenceValid,
    submittable: ({ context, event }) => !context.void && event.type === 'SUBMIT' && event.complete,
    byLevel2: ({ context, event }) => !context.void && event.type === 'REVIEW' && event.level === 2,
    byLevel1: ({ context, event }) => !context.void && event.type === 'REVIEW' && event.level === 1,
    voidable: ({ context, event }) => !context.void && event.type === 'VOID' && event.notes.trim() !== '',
    isVoid: ({ context }) => context.void,
  },
  actions: {
    create: assign(({ event }) => (event.type === 'CREATE' ? { upcoming: event.upcoming, void: false } : {})),
    stage: assign({ upcoming: true }),
    schedule: assign({ upcoming: false }),
    markVoid: assign({ void: true }),
    unmarkVoid: assign({ void: false }),
  },
}).createMachine({
  id: 'pretreat',
  context: { void: false, upcoming: false },
  initial: 'pending',
  // Void and unvoid are possible in every state but completed (a final state takes nothing).
  on: {
    VOID: { guard: 'voidable', actions: 'markVoid' },
    UNVOID: { guard: 'isVoid', actions: 'unmarkVoid' },
  },
  states: {
    pending: {
      on: {
        CREATE: { target: 'pending', actions: 'create' },
        EDIT: { target: 'pending' },
        STAGE: { guard: 'stageable', target: 'pending', actions: 'stage' },
        SCHEDULE: { guard: 'schedulable', target: 'pending', actions: 'schedule' },
        ASSIGN: { guard: 'assignable', target: 'assigned' },
      },
    },
    assigned: {
      on: {
        EDIT: { target: 'assigned' },
        ASSIGN: { guard: 'assignable', target: 'assigned' },
        UNASSIGN: { guard: 'notVoid', target: 'pending' },
        SAVE: { guard: 'notVoid', target: 'in-progress' },
        SUBMIT: { guard: 'submittable', target: 'to-review' },
      },
    },
    // Started: another applicator may take it over (ASSIGN), but it does not go back to pending.
    'in-progress': {
      on: {
        EDIT: { target: 'in-progress' },
        ASSIGN: { guard: 'assignable', target: 'in-progress' },
        SAVE: { guard: 'notVoid', target: 'in-progress' },
        SUBMIT: { guard: 'submittable', target: 'to-review' },
      },
    },
    'to-review': reviewState('to-review'),
    'to-review1': reviewState('to-review1'),
    'to-review2': reviewState('to-review2'),
    completed: { type: 'final' },
  },
}), PRETREAT_STATES)

export function isReviewState(status: string): boolean {
  return (REVIEW_STATES as readonly string[]).includes(status)
}

/** The state `event` leads to from a record at `status` with `flags`, or null when the machine refuses it. */
export function nextPretreatState(status: PretreatState, flags: PretreatFlags, event: PretreatEvent): PretreatState | null {
  const next = step(pretreatMachine, resolveStored(pretreatMachine, status, { ...flags }), event)
  return next ? (next.value as PretreatState) : null
}

/** Whether the machine takes `event` from there (for showing only the possible buttons). */
export function canPretreat(status: PretreatState, flags: PretreatFlags, event: PretreatEvent): boolean {
  return nextPretreatState(status, flags, event) !== null
}
