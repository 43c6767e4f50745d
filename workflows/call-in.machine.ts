// The call-in form's workflow, the one definition of what may happen next. The browser runs it
// (@xstate/react) to show each stage; the server replays the same events to accept only a
// complete, consistent call. Events carry facts the caller looked up (a job's company and
// storage, a storage's company) and about who sends them (may they log a call); guards compare
// them, so the machine itself does no I/O.
import { assign, setup } from 'xstate'
import type { Permission } from '#core/permissions.ts'
import { CALL_IN_STATES, type CallInState } from '#core/workflow-states.ts'
import { withStates } from './runner.ts'

export interface CallInContext {
  path: 'company' | 'job' | null
  companyId: number | null
  storageId: number | null
  jobId: number | null
}

export interface CallInDetails {
  requestedBy: string
  callInDate: string
  description: string
  gotIt: boolean
}

export type CallInEvent =
  | { type: 'CHOOSE_COMPANY'; companyId: number }
  | { type: 'CHOOSE_STORAGE'; storageId: number; storageCompanyId: number }
  | { type: 'CHOOSE_JOB'; jobId: number; companyId: number; storageId: number }
  | { type: 'RESET' }
  /** `mayCall`: the sender holds the permission to log a call (CALL_IN_PERMISSION) */
  | { type: 'SUBMIT'; details: CallInDetails; mayCall: boolean }

/** Who may log a call (the service-call screen's rule too). */
export const CALL_IN_PERMISSION = 'api.add_callin' satisfies Permission

/** The machine's states: core/workflow-states.ts CALL_IN_STATES. */
export type CallInStage = CallInState

const EMPTY: CallInContext = { path: null, companyId: null, storageId: null, jobId: null }

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** The details a SUBMIT needs; also the reasons shown when one is missing. */
export function detailsProblems(details: CallInDetails): Partial<Record<keyof CallInDetails, string>> {
  const problems: Partial<Record<keyof CallInDetails, string>> = {}
  if (!details.requestedBy.trim()) problems.requestedBy = 'Requested by is required.'
  if (!ISO_DATE.test(details.callInDate) || Number.isNaN(Date.parse(`${details.callInDate}T00:00:00Z`))) problems.callInDate = 'Call date must be a valid date.'
  if (!details.description.trim()) problems.description = 'Reason for Service is required.'
  return problems
}

export const callInMachine = withStates(
  setup({
    types: {
      context: {} as CallInContext,
      events: {} as CallInEvent,
    },
    guards: {
      storageIsTheCompanys: ({ context, event }) => context.path === 'company' && event.type === 'CHOOSE_STORAGE' && event.storageCompanyId === context.companyId,
      complete: ({ context, event }) =>
        event.type === 'SUBMIT' &&
        event.mayCall &&
        context.companyId !== null &&
        context.storageId !== null &&
        (context.path === 'company' || context.jobId !== null) &&
        Object.keys(detailsProblems(event.details)).length === 0,
    },
    actions: {
      chooseCompany: assign(({ event }) => (event.type === 'CHOOSE_COMPANY' ? { ...EMPTY, path: 'company' as const, companyId: event.companyId } : {})),
      chooseStorage: assign(({ event }) => (event.type === 'CHOOSE_STORAGE' ? { storageId: event.storageId } : {})),
      chooseJob: assign(({ event }) => (event.type === 'CHOOSE_JOB' ? { path: 'job' as const, jobId: event.jobId, companyId: event.companyId, storageId: event.storageId } : {})),
      reset: assign(() => EMPTY),
    },
  }).createMachine({
    id: 'callIn',
    context: EMPTY,
    initial: 'empty',
    // Choosing again is always possible before submitting: a new company starts the company path
    // over (its storage must be chosen again); a job replaces whatever was chosen.
    on: {
      CHOOSE_COMPANY: { target: '.companyPath', actions: 'chooseCompany' },
      CHOOSE_JOB: { target: '.details', actions: 'chooseJob' },
      RESET: { target: '.empty', actions: 'reset' },
    },
    states: {
      empty: {},
      companyPath: {
        on: { CHOOSE_STORAGE: { guard: 'storageIsTheCompanys', target: 'details', actions: 'chooseStorage' } },
      },
      details: {
        on: {
          CHOOSE_STORAGE: { guard: 'storageIsTheCompanys', actions: 'chooseStorage' },
          SUBMIT: { guard: 'complete', target: 'submitted' },
        },
      },
      submitted: { type: 'final' },
    },
  }),
  CALL_IN_STATES,
)
