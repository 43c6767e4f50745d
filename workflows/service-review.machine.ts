// A service sheet's life through its reviews, the one definition of what may happen next:
//   submitted → level_1_review → level_2_review → level_3_review → complete
//       ▲────────── SEND_BACK (with a reason) from any level ──┘
// The sheet form's SUBMIT opens level 1; after a SEND_BACK the sheet is back with its author
// (submitted: not in review), who fixes it and SUBMITs it again (decision 0069). In a review level, SAVE keeps the level open and APPROVE
// closes it and opens the next (level 3's completes the sheet). Both need a reviewer who holds the
// level and values the level accepts; a completed sheet takes nothing more.
// The review editor runs it in the browser (to offer only the possible buttons); the server
// resolves the sheet's stored state and decides with the same machine.
import { setup } from 'xstate'
import { levelValueProblems, type LevelValues } from '#core/service-hours.ts'
import type { ReviewLevel } from '#core/enums.ts'
import { SERVICE_SHEET_STATES, type ServiceSheetState } from '#core/workflow-states.ts'
import { resolveStored, step, withStates } from './runner.ts'

/** The machine's states: core/workflow-states.ts SERVICE_SHEET_STATES (the database's CHECK lists the same). */
export type SheetState = ServiceSheetState

export type ServiceReviewEvent =
  /** the sheet (re)submitted; only its author submits it */
  | { type: 'SUBMIT'; byAuthor: boolean }
  /** a reviewer of the level sends the sheet back to its author; the reason is required */
  | { type: 'SEND_BACK'; level: ReviewLevel; reviewerLevels: readonly ReviewLevel[]; reason: string }
  | { type: 'SAVE'; level: ReviewLevel; reviewerLevels: readonly ReviewLevel[]; values: LevelValues }
  | { type: 'APPROVE'; level: ReviewLevel; reviewerLevels: readonly ReviewLevel[]; values: LevelValues }

/** The review level a state is waiting for, if any. */
export function levelOf(state: string): ReviewLevel | null {
  const match = /^level_([123])_review$/.exec(state)
  return match ? (Number(match[1]) as ReviewLevel) : null
}

export function stateOfLevel(level: ReviewLevel): SheetState {
  return `level_${level}_review` as SheetState
}

/**
 * Why a reviewer's event is refused in `state`, or null when it is allowed. Whose level it is comes
 * first, so a reviewer of another level is refused as such whatever the sheet's state.
 */
export function reviewRefusal(state: string, event: Extract<ServiceReviewEvent, { level: ReviewLevel }>): 'not-this-level' | 'not-your-level' | 'invalid-values' | 'no-reason' | null {
  if (!event.reviewerLevels.includes(event.level)) return 'not-your-level'
  if (levelOf(state) !== event.level) return 'not-this-level'
  if (event.type === 'SEND_BACK') return event.reason.trim() === '' ? 'no-reason' : null
  if (Object.keys(levelValueProblems(event.values)).length > 0) return 'invalid-values'
  return null
}

const reviewAllowed =
  (level: ReviewLevel) =>
  ({ event }: { event: ServiceReviewEvent }) =>
    (event.type === 'SAVE' || event.type === 'APPROVE' || event.type === 'SEND_BACK') && reviewRefusal(stateOfLevel(level), event) === null

function reviewLevelState(level: ReviewLevel, next: SheetState) {
  const guard = `reviewableAt${level}` as const
  return {
    on: {
      // a target (itself) rather than none: XState's can() answers false for a targetless, actionless transition
      SAVE: { guard, target: stateOfLevel(level) },
      APPROVE: { guard, target: next },
      SEND_BACK: { guard, target: 'submitted' as const },
    },
  }
}

export const serviceReviewMachine = withStates(
  setup({
    types: { events: {} as ServiceReviewEvent },
    guards: {
      byAuthor: ({ event }) => event.type === 'SUBMIT' && event.byAuthor,
      reviewableAt1: reviewAllowed(1),
      reviewableAt2: reviewAllowed(2),
      reviewableAt3: reviewAllowed(3),
    },
  }).createMachine({
    id: 'serviceSheet',
    initial: 'submitted',
    states: {
      submitted: { on: { SUBMIT: { guard: 'byAuthor', target: 'level_1_review' } } },
      level_1_review: reviewLevelState(1, 'level_2_review'),
      level_2_review: reviewLevelState(2, 'level_3_review'),
      level_3_review: reviewLevelState(3, 'complete'),
      complete: { type: 'final' },
    },
  }),
  SERVICE_SHEET_STATES,
)

/** The state the machine reaches from `state` on `event`, or null when the machine refuses it. */
export function nextState(state: SheetState, event: ServiceReviewEvent): SheetState | null {
  const next = step(serviceReviewMachine, resolveStored(serviceReviewMachine, state), event)
  return next ? (next.value as SheetState) : null
}
