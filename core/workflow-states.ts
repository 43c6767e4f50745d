// The states of each workflow, one tuple each, in the bottom layer so that both sides of the
// database line can read them: the machine (workflows/*.machine.ts) is typed against its tuple (a
// state missing or extra does not compile), db/schema.ts types the status column with it, and the
// CHECK constraint lists the same states. workflows/workflow-states.test.ts compares the machine's
// runtime states, the tuple and the database's constraint, and fails when they drift apart.
// (docs/decisions/0015-workflow-runner-and-states.md)

/** A service sheet through its reviews; the first is the machine's initial state. */
export const SERVICE_SHEET_STATES = ['submitted', 'level_1_review', 'level_2_review', 'level_3_review', 'complete'] as const
export type ServiceSheetState = (typeof SERVICE_SHEET_STATES)[number]

/** The call-in form's stages; a call is stored only once `submitted` (call_ins has no status column). */
export const CALL_IN_STATES = ['empty', 'companyPath', 'details', 'submitted'] as const
export type CallInState = (typeof CALL_IN_STATES)[number]

/** A pre-treat (storages-and-pretreats.md: 'Pretreat status values'); its machine comes with the pre-treat screens. */
export const PRETREAT_STATES = ['pending', 'assigned', 'in-progress', 'to-review', 'to-review1', 'to-review2', 'completed'] as const
export type PretreatState = (typeof PRETREAT_STATES)[number]

/** How a pre-treat's status reads (spec §4): the three review values all read To Review. */
export const PRETREAT_STATUS_LABELS: Record<PretreatState, string> = {
  pending: 'Pending',
  assigned: 'Assigned',
  'in-progress': 'In Progress',
  'to-review': 'To Review',
  'to-review1': 'To Review',
  'to-review2': 'To Review',
  completed: 'Completed',
}

/**
 * How each pre-treat state reads where the states must be told apart (the workflow inspector): the
 * lists read the three review states alike (PRETREAT_STATUS_LABELS), an inspector may not.
 */
export const PRETREAT_STATE_LABELS: Record<PretreatState, string> = {
  ...PRETREAT_STATUS_LABELS,
  'to-review': 'To Review (level 1)',
  'to-review1': 'To Review (level 2)',
  'to-review2': 'To Review (level 2, imported)',
}

/** How the call-in form's stages read (the workflow inspector). */
export const CALL_IN_STATE_LABELS: Record<CallInState, string> = {
  empty: 'Started',
  companyPath: 'Company chosen',
  details: 'Details',
  submitted: 'Submitted',
}
