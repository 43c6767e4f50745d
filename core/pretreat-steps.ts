// Who may take each step of a pre-treat (decision 0034): the one map the machine's guards read
// through the actor's facts an event carries (PretreatActor), on the server, in the lists' buttons
// and in the workflow inspector alike (workflows/pretreat.machine.ts decides with them, and whether
// the step is possible now); a review's level is its own (PRETREAT_REVIEW_PERMISSIONS, core/pretreat-sheet.ts).
import { hasAnyPermission, type Permission, type SessionUser } from './permissions.ts'
import { SHEET_APPLICATOR, SHEET_REVIEWERS } from './pretreat-sheet.ts'

export type PretreatStep = 'EDIT' | 'STAGE' | 'SCHEDULE' | 'ASSIGN' | 'UNASSIGN' | 'PLAN' | 'SAVE' | 'SUBMIT' | 'VOID'

export const PRETREAT_STEP_PERMISSIONS: Record<PretreatStep, readonly Permission[]> = {
  EDIT: ['api.add_pretreat'],
  STAGE: ['api.add_pretreat'],
  SCHEDULE: ['api.add_pretreat'],
  ASSIGN: ['api.pretreat_assigner'],
  UNASSIGN: ['api.pretreat_assigner'],
  // the dispatch board's planned day (issue 24)
  PLAN: ['api.pretreat_assigner'],
  // the sheet: its assigned applicator (who fills only their own: the machine's guards), reviewers and superusers
  SAVE: [SHEET_APPLICATOR, ...SHEET_REVIEWERS],
  SUBMIT: [SHEET_APPLICATOR, ...SHEET_REVIEWERS],
  VOID: ['api.add_pretreat'],
}

/** Who sends a pre-treat's event, as the machine's guards read it. */
export interface PretreatActor {
  /** the steps the actor's permissions allow */
  steps: readonly PretreatStep[]
  /** a pre-treat reviewer (or a superuser): fills any sheet, in review too */
  reviewer: boolean
  /** the user of the applicator the pre-treat is assigned to: fills its sheet until it is submitted */
  assignee: boolean
}

const STEPS = Object.keys(PRETREAT_STEP_PERMISSIONS) as PretreatStep[]

/** The facts of `user` for a pre-treat whose applicator's user is `assignedUserId` (null: none, or not known here). */
export function pretreatActor(user: (Pick<SessionUser, 'is_superuser' | 'permissions'> & { id: number | null }) | null | undefined, assignedUserId: number | null = null): PretreatActor {
  return {
    steps: STEPS.filter((step) => mayTakeStep(user, step)),
    reviewer: hasAnyPermission(user, SHEET_REVIEWERS),
    assignee: user != null && user.id !== null && user.id === assignedUserId,
  }
}

export function mayTakeStep(user: Pick<SessionUser, 'is_superuser' | 'permissions'> | null | undefined, step: PretreatStep): boolean {
  return hasAnyPermission(user, PRETREAT_STEP_PERMISSIONS[step])
}
