// A pre-treat's life, the one definition of what may happen next (spec §4; docs/decisions/0034):
//
//   pending ──ASSIGN──▶ assigned ──SAVE──▶ in-progress
//      ▲  ◀──UNASSIGN──    │                   │
//      │                   └──SUBMIT──▶ to-review ◀──SUBMIT──┘
//      │                               │  REVIEW by a reviewer (level 1 or 2) ──▶ to-review1
//      │                   to-review1 ─┤  REVIEW by a level-2 reviewer other than the
//      │                               │    level-1 one ──▶ completed (decision 0078)
//   CREATE, STAGE, SCHEDULE (flags)    │  REVIEW by anyone else: unchanged
//                                      └  SEND_BACK by a reviewer, with a reason ──▶ in-progress
// A sheet sent back is the applicator's to fix and SUBMIT again, as one they started (decision 0069).
//
// Two facts live beside the status, in the machine's context, read from the record's row: `void`
// (called off, with its notes; nothing moves it on until it is unvoided) and `upcoming` (staged:
// not yet on the schedule, so not assignable). Steps that only change a flag are self-transitions,
// so they leave a history row like any other. `completed` is final: it takes nothing more.
// to-review2 is a review state nothing enters (the spec's transitions never set it): records that
// carry it from the old system are reviewed like to-review1.
// Every event carries who sends it (`by`, core/pretreat-steps.ts PretreatActor): the guards decide
// who may take a step as they decide when, so a refused step is refused by the machine alone.
// The browser runs this machine to offer only the possible buttons; the server resolves the stored
// status and flags and decides with it (workflows/transition.server.ts).
import { assign, setup } from 'xstate'
import { inPretreatSet } from '#core/pretreat-states.ts'
import type { PretreatActor, PretreatStep } from '#core/pretreat-steps.ts'
import { PRETREAT_STATES, type PretreatState } from '#core/workflow-states.ts'
import { resolveStored, step, withStates } from './runner.ts'

export interface PretreatFlags {
  void: boolean
  upcoming: boolean
}

/** The reviewer level a REVIEW is sent with: the highest the user holds (2 wins), or null for none. */
export type PretreatReviewerLevel = 1 | 2 | null

/** A step as its sender names it; the machine's event adds who sends it. */
export type PretreatStepEvent =
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
  /**
   * the dispatch board's planned day changed (issue 24): while scheduled or staged, with or without
   * an applicator; `licenceValid`: the applicator it goes to (if any) holds a licence valid on its
   * day (the server looks it up; issue 38: the day as well as the applicator)
   */
  | { type: 'PLAN'; licenceValid: boolean }
  /** the application sheet saved (the applicator's first save starts the work) */
  | { type: 'SAVE' }
  /** the application sheet submitted; `complete`: no required field missing, final checklist complete */
  | { type: 'SUBMIT'; complete: boolean }
  /**
   * the review sheet submitted (issue 12): the reviewer's level decides where it goes;
   * `reviewedFirst`: the sender made this pre-treat's level-1 review (the server looks it up), so
   * may not complete it too (decision 0078)
   */
  | { type: 'REVIEW'; level: PretreatReviewerLevel; reviewedFirst: boolean }
  /** a reviewer sends the sheet back to its applicator (decision 0069); the reason is required */
  | { type: 'SEND_BACK'; reason: string }
  /** called off; the notes are required */
  | { type: 'VOID'; notes: string }
  | { type: 'UNVOID' }

export type PretreatEvent = PretreatStepEvent & { by: PretreatActor }

/** The permission each event is taken under (a review's is its level, which its guards read). */
const STEP_OF: Record<Exclude<PretreatEvent['type'], 'REVIEW' | 'SEND_BACK'>, PretreatStep> = {
  CREATE: 'EDIT',
  EDIT: 'EDIT',
  STAGE: 'STAGE',
  SCHEDULE: 'SCHEDULE',
  ASSIGN: 'ASSIGN',
  UNASSIGN: 'UNASSIGN',
  PLAN: 'PLAN',
  SAVE: 'SAVE',
  SUBMIT: 'SUBMIT',
  VOID: 'VOID',
  UNVOID: 'VOID',
}

/**
 * Whether the sender may take the event at all, whatever the state (every guard asks it first).
 * The sheet (SAVE, SUBMIT) is filled by its assigned
 * applicator's user and by reviewers, whatever else they hold; the review states' SAVE only by
 * reviewers (reviewSave).
 */
export function permitted(event: PretreatEvent): boolean {
  if (event.type === 'REVIEW') return true
  if (event.type === 'SEND_BACK') return event.by.reviewer
  if (event.type === 'SAVE' || event.type === 'SUBMIT') return event.by.reviewer || event.by.assignee
  return event.by.steps.includes(STEP_OF[event.type])
}

type GuardArgs = { context: PretreatFlags; event: PretreatEvent }
/** A guard that also asks whether the sender may take the event. */
const by = (guard: (args: GuardArgs) => boolean) => (args: GuardArgs) => permitted(args.event) && guard(args)

const notVoid = by(({ context }) => !context.void)

/**
 * A review state. In to-review (`first`), any reviewer's REVIEW is the level-1 review; after it, a
 * level-2 reviewer who did not make it completes the pre-treat (decision 0078: two people, level 1
 * first). A level-2 reviewer who made it is refused (another must complete it).
 */
function reviewState<S extends PretreatState>(self: S, first: boolean) {
  const review = first
    ? ([{ guard: 'byReviewer', target: 'to-review1' }] as const)
    : ([
        { guard: 'bySecondReviewer', target: 'completed' },
        { guard: 'byLevel1', target: 'to-review1' },
      ] as const)
  return {
    on: {
      REVIEW: [
        ...review,
        // anyone else: the status stays (spec §4); a target so that can() answers true
        { guard: 'byNoReviewer', target: self },
      ],
      // back to the applicator, who fixes the sheet and submits it again (decision 0069)
      SEND_BACK: { guard: 'sendBackable', target: 'in-progress' },
      // a reviewer's corrections saved without submitting (issue 12)
      SAVE: { guard: 'reviewSave', target: self },
      EDIT: { guard: 'permitted', target: self },
    },
  } as const
}

export const pretreatMachine = withStates(
  setup({
    types: { context: {} as PretreatFlags, events: {} as PretreatEvent },
    guards: {
      permitted: ({ event }) => permitted(event),
      notVoid,
      sendBackable: by(({ context, event }) => !context.void && event.type === 'SEND_BACK' && event.reason.trim() !== ''),
      reviewSave: by(({ context, event }) => !context.void && event.by.reviewer),
      stageable: by(({ context }) => !context.void && !context.upcoming),
      schedulable: by(({ context }) => !context.void && context.upcoming),
      assignable: by(({ context, event }) => !context.void && !context.upcoming && event.type === 'ASSIGN' && event.licenceValid),
      plannable: by(({ context, event }) => !context.void && event.type === 'PLAN' && event.licenceValid),
      submittable: by(({ context, event }) => !context.void && event.type === 'SUBMIT' && event.complete),
      byReviewer: ({ context, event }) => !context.void && event.type === 'REVIEW' && event.level !== null,
      bySecondReviewer: ({ context, event }) => !context.void && event.type === 'REVIEW' && event.level === 2 && !event.reviewedFirst,
      byLevel1: ({ context, event }) => !context.void && event.type === 'REVIEW' && event.level === 1,
      byNoReviewer: ({ context, event }) => !context.void && event.type === 'REVIEW' && event.level === null,
      voidable: by(({ context, event }) => !context.void && event.type === 'VOID' && event.notes.trim() !== ''),
      isVoid: by(({ context }) => context.void),
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
          CREATE: { guard: 'permitted', target: 'pending', actions: 'create' },
          EDIT: { guard: 'permitted', target: 'pending' },
          STAGE: { guard: 'stageable', target: 'pending', actions: 'stage' },
          SCHEDULE: { guard: 'schedulable', target: 'pending', actions: 'schedule' },
          ASSIGN: { guard: 'assignable', target: 'assigned' },
          PLAN: { guard: 'plannable', target: 'pending' },
        },
      },
      assigned: {
        on: {
          EDIT: { guard: 'permitted', target: 'assigned' },
          ASSIGN: { guard: 'assignable', target: 'assigned' },
          UNASSIGN: { guard: 'notVoid', target: 'pending' },
          PLAN: { guard: 'plannable', target: 'assigned' },
          SAVE: { guard: 'notVoid', target: 'in-progress' },
          SUBMIT: { guard: 'submittable', target: 'to-review' },
        },
      },
      // Started: another applicator may take it over (ASSIGN), but it does not go back to pending.
      'in-progress': {
        on: {
          EDIT: { guard: 'permitted', target: 'in-progress' },
          ASSIGN: { guard: 'assignable', target: 'in-progress' },
          SAVE: { guard: 'notVoid', target: 'in-progress' },
          SUBMIT: { guard: 'submittable', target: 'to-review' },
        },
      },
      'to-review': reviewState('to-review', true),
      'to-review1': reviewState('to-review1', false),
      'to-review2': reviewState('to-review2', false),
      completed: { type: 'final' },
    },
  }),
  PRETREAT_STATES,
)

export function isReviewState(status: string): boolean {
  return inPretreatSet('review', status)
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

/** A sender entitled to every step: what the state alone allows (the inspector's question). */
export const ENTITLED_SENDER: PretreatActor = { steps: [...new Set(Object.values(STEP_OF))], reviewer: true, assignee: true }

/**
 * Why the machine refuses `event`: 'forbidden' when its sender may not take it (someone entitled
 * to it could take it now), 'not-possible' when no one could; null when it takes it.
 */
export function pretreatRefusal(status: PretreatState, flags: PretreatFlags, event: PretreatEvent): 'forbidden' | 'not-possible' | null {
  if (canPretreat(status, flags, event)) return null
  return canPretreat(status, flags, { ...event, by: ENTITLED_SENDER }) ? 'forbidden' : 'not-possible'
}

/**
 * Whether the sheet at `status` is `by`'s to fill at all (the page tells the others they only read
 * it): the machine does not refuse them SAVE for who they are — it may refuse it for when (a
 * completed sheet is no one's to fill). A void sheet stays whose it was.
 */
export function mayFillSheet(status: PretreatState, by: PretreatActor): boolean {
  return pretreatRefusal(status, { void: false, upcoming: false }, { type: 'SAVE', by }) !== 'forbidden'
}
