// The pre-treat machine's state sets, each named once (issue 39): the lists, the bell, the board,
// the season and the sheet read these, never a list of state names of their own. Here in the bottom
// layer so that db/ can read them (it may not import workflows/); workflows/pretreat.machine.unit.test.ts
// derives each set from the machine and fails when one drifts from it. SQL reads a set only through
// inStates (db/queries/states.ts); tests/architecture/state-sets.unit.test.ts keeps it so.
import type { PretreatState } from './workflow-states.ts'

export const PRETREAT_STATE_SETS = {
  /** no applicator yet (the ASSIGN step's start): the assigners' — the lists open its sheet only for them */
  unassigned: ['pending'],
  /** not yet submitted, where ASSIGN is possible: on the scheduled (or staged) list and in a lane's bookings */
  scheduled: ['pending', 'assigned', 'in-progress'],
  /** where the assigned applicator fills the sheet (SAVE, SUBMIT); after the submit, only reviewers do */
  applicator: ['assigned', 'in-progress'],
  /** where the dispatch board moves a card (the PLAN step's); it shows the others read-only (issue 38) */
  movableOnBoard: ['pending', 'assigned'],
  /** a submitted sheet waiting for a review (REVIEW) */
  review: ['to-review', 'to-review1', 'to-review2'],
  /** the sheet was submitted: the pre-treat was applied (in review or completed; decisions 0033, 0050, 0063) */
  applied: ['to-review', 'to-review1', 'to-review2', 'completed'],
  /** final: it takes nothing more */
  completed: ['completed'],
} as const satisfies Record<string, readonly PretreatState[]>

export type PretreatStateSet = keyof typeof PRETREAT_STATE_SETS

/** Whether `status` is in the named set. */
export function inPretreatSet(set: PretreatStateSet, status: string): boolean {
  return (PRETREAT_STATE_SETS[set] as readonly string[]).includes(status)
}
