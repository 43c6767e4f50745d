// The workflows the inspector (/manage-workflows) shows, one entry each: the machine the app runs,
// its name in workflow_events, where its records and their state live, which screen shows a
// record, and the steps someone may try from a state with the permissions that let them. Which of
// those steps are possible is asked of the machine itself (inspectSteps), never decided here.
// A new workflow is one more entry (pre-treats came so in issue 11); a new state of a machine shows up
// by itself in the counts, the filters and the diagram. (docs/decisions/0033-workflow-inspector.md)
import type { AnyStateMachine, EventObject } from 'xstate'
import { REVIEW_LEVELS, type ReviewLevel } from '#core/enums.ts'
import type { Permission } from '#core/permissions.ts'
import { PRETREAT_REVIEW_PERMISSIONS } from '#core/pretreat-sheet.ts'
import { PRETREAT_STEP_PERMISSIONS, type PretreatStep } from '#core/pretreat-steps.ts'
import { SHEET_STATE_LABELS } from '#core/storage-timeline.ts'
import { CALL_IN_STATE_LABELS, PRETREAT_STATE_LABELS } from '#core/workflow-states.ts'
import type { WorkflowRecordSource } from '#db/queries/workflow-inspector.ts'
import { CALL_IN_PERMISSION, callInMachine, type CallInEvent } from './call-in.machine.ts'
import { resolveStored, stateName, step } from './runner.ts'
import { levelOf, serviceReviewMachine, type ServiceReviewEvent } from './service-review.machine.ts'
import { ENTITLED_SENDER, pretreatMachine, type PretreatEvent, type PretreatStepEvent } from './pretreat.machine.ts'

/** A step someone may try: the event as a rightful actor sends it, and the permissions that let them. */
export interface CandidateStep {
  event: EventObject
  permissions: readonly Permission[]
}

export interface InspectedWorkflow {
  /** in URLs (?workflow=service-sheets, /manage-workflows/service-sheets/42) */
  key: string
  title: string
  /** workflow_events.entity */
  entity: string
  machine: AnyStateMachine
  /** how each state reads to a person ('level_2_review' → 'Waiting for review 2') */
  stateLabels: Readonly<Record<string, string>>
  records: WorkflowRecordSource
  /** the screen that shows one record: its rule's key in app/access.ts and its URL */
  recordScreen: { access: string; href: (id: number) => string }
  /** the steps to ask the machine about in `state` (it refuses those it does not take there) */
  candidates: (state: string) => CandidateStep[]
}

const REVIEW_PERMISSION: Record<ReviewLevel, Permission> = { 1: 'api.can_review_1', 2: 'api.can_review_2', 3: 'api.can_review_3' }

function reviewSteps(state: string): CandidateStep[] {
  const level = levelOf(state)
  const review = (type: 'SAVE' | 'APPROVE', at: ReviewLevel): CandidateStep => {
    // a reviewer of the level, with hours the level accepts
    const event: ServiceReviewEvent = { type, level: at, reviewerLevels: [at], values: { travel: 0, labor: 0, ncTravel: 0, ncLabor: 0 } }
    return { event, permissions: [REVIEW_PERMISSION[at]] }
  }
  const sendBack = (at: ReviewLevel): CandidateStep => {
    const event: ServiceReviewEvent = { type: 'SEND_BACK', level: at, reviewerLevels: [at], reason: 'Fix it' }
    return { event, permissions: [REVIEW_PERMISSION[at]] }
  }
  const submit: ServiceReviewEvent = { type: 'SUBMIT', byAuthor: true }
  const levels = level === null ? REVIEW_LEVELS : [level]
  return [{ event: submit, permissions: ['api.add_servicesheet'] }, ...levels.flatMap((at) => [review('SAVE', at), review('APPROVE', at), sendBack(at)])]
}

function callInSteps(): CandidateStep[] {
  const details = { requestedBy: 'Caller', callInDate: '2026-01-01', description: 'Reason', gotIt: false }
  const events: CallInEvent[] = [
    { type: 'CHOOSE_COMPANY', companyId: 1 },
    { type: 'CHOOSE_STORAGE', storageId: 1, storageCompanyId: 1 },
    { type: 'CHOOSE_JOB', jobId: 1, companyId: 1, storageId: 1 },
    { type: 'RESET' },
    { type: 'SUBMIT', details, mayCall: true },
  ]
  return events.map((event) => ({ event, permissions: [CALL_IN_PERMISSION] }))
}

function pretreatSteps(): CandidateStep[] {
  // sent by someone entitled to it: the permissions it is listed with are who that is
  const step = (event: PretreatStepEvent & { type: PretreatStep }): CandidateStep => {
    const sent: PretreatEvent = { ...event, by: ENTITLED_SENDER }
    return { event: sent, permissions: PRETREAT_STEP_PERMISSIONS[event.type] }
  }
  const review = (level: 1 | 2): CandidateStep => {
    const event: PretreatEvent = { type: 'REVIEW', level, reviewedFirst: false, by: ENTITLED_SENDER }
    return { event, permissions: [PRETREAT_REVIEW_PERMISSIONS[level]] }
  }
  const sendBackEvent: PretreatEvent = { type: 'SEND_BACK', reason: 'Fix it', by: ENTITLED_SENDER }
  const sendBack: CandidateStep = { event: sendBackEvent, permissions: [PRETREAT_REVIEW_PERMISSIONS[1], PRETREAT_REVIEW_PERMISSIONS[2]] }
  return [
    step({ type: 'EDIT' }),
    step({ type: 'STAGE' }),
    step({ type: 'SCHEDULE' }),
    step({ type: 'ASSIGN', licenceValid: true }),
    step({ type: 'UNASSIGN' }),
    step({ type: 'PLAN', licenceValid: true }),
    step({ type: 'SAVE' }),
    step({ type: 'SUBMIT', complete: true }),
    review(2),
    review(1),
    sendBack,
    step({ type: 'VOID', notes: 'Called off' }),
  ]
}

export const INSPECTED_WORKFLOWS: readonly InspectedWorkflow[] = [
  {
    key: 'service-sheets',
    title: 'Service sheets',
    entity: 'service_sheet',
    machine: serviceReviewMachine,
    stateLabels: SHEET_STATE_LABELS,
    records: { table: 'service_sheets', statusColumn: 'status', numberColumn: 'service_sheet_number', numberPrefix: 'Sheet #', companyColumn: 'company_id' },
    recordScreen: { access: '/view-service', href: (id) => `/view-service/${id}` },
    candidates: reviewSteps,
  },
  {
    key: 'call-ins',
    title: 'Call-ins',
    entity: 'call_in',
    machine: callInMachine,
    stateLabels: CALL_IN_STATE_LABELS,
    records: { table: 'call_ins', storedState: 'submitted', numberColumn: 'id', numberPrefix: 'Call #', companyColumn: 'company_id' },
    recordScreen: { access: '/view-calls', href: (id) => `/view-calls/${id}` },
    candidates: callInSteps,
  },
  {
    key: 'pretreats',
    title: 'Pre-treats',
    entity: 'pretreat',
    machine: pretreatMachine,
    stateLabels: PRETREAT_STATE_LABELS,
    records: { table: 'pretreats', statusColumn: 'status', numberColumn: 'pre_treat_number', numberPrefix: '', companyColumn: 'company_id' },
    recordScreen: { access: '/pretreats/:id', href: (id) => `/pretreats/${id}` },
    // the inspector asks without the record's flags (not void, scheduled): what a live pre-treat may do there
    candidates: pretreatSteps,
  },
]

export function inspectedWorkflow(key: string | null | undefined): InspectedWorkflow | undefined {
  return INSPECTED_WORKFLOWS.find((w) => w.key === key)
}

/** How `state` reads to a person (its own name when the workflow gives it no label). */
export function stateLabel(workflow: InspectedWorkflow, state: string): string {
  return Object.hasOwn(workflow.stateLabels, state) ? workflow.stateLabels[state]! : state
}

/** The machine's states in definition order. */
export function statesOf(workflow: InspectedWorkflow): string[] {
  return Object.keys(workflow.machine.root.states)
}

export interface PossibleStep {
  event: string
  to: string
  permissions: readonly Permission[]
}

/** The steps the machine takes from `state` (asked with `can` and `step`, as the app's runner does), with who may take them. */
export function inspectSteps(workflow: InspectedWorkflow, state: string): PossibleStep[] {
  if (!statesOf(workflow).includes(state)) return []
  const snapshot = resolveStored(workflow.machine, state)
  const steps: PossibleStep[] = []
  for (const candidate of workflow.candidates(state)) {
    const next = step(workflow.machine, snapshot, candidate.event)
    if (next) steps.push({ event: candidate.event.type, to: stateName(next), permissions: candidate.permissions })
  }
  return steps
}
