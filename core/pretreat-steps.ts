// Who may take each step of a pre-treat (decision 0034): the one map the server's checks, the
// lists' buttons and the workflow inspector read. Whether the step is possible now is the
// machine's (workflows/pretreat.machine.ts); a review's level is its own (PRETREAT_REVIEW_PERMISSIONS, core/pretreat-sheet.ts).
import { hasAnyPermission, type Permission, type SessionUser } from './permissions.ts'
import { SHEET_APPLICATOR, SHEET_REVIEWERS } from './pretreat-sheet.ts'

export type PretreatStep = 'EDIT' | 'STAGE' | 'SCHEDULE' | 'ASSIGN' | 'UNASSIGN' | 'SAVE' | 'SUBMIT' | 'VOID'

export const PRETREAT_STEP_PERMISSIONS: Record<PretreatStep, readonly Permission[]> = {
  EDIT: ['api.add_pretreat'],
  STAGE: ['api.add_pretreat'],
  SCHEDULE: ['api.add_pretreat'],
  ASSIGN: ['api.pretreat_assigner'],
  UNASSIGN: ['api.pretreat_assigner'],
  // the sheet: its assigned applicator (who fills only their own: mayFillSheet), reviewers and superusers
  SAVE: [SHEET_APPLICATOR, ...SHEET_REVIEWERS],
  SUBMIT: [SHEET_APPLICATOR, ...SHEET_REVIEWERS],
  VOID: ['api.add_pretreat'],
}


export function mayTakeStep(user: Pick<SessionUser, 'is_superuser' | 'permissions'> | null | undefined, step: PretreatStep): boolean {
  return hasAnyPermission(user, PRETREAT_STEP_PERMISSIONS[step])
}
