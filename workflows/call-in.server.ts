// The server side of the call-in workflow: look up the facts the events need, replay the same
// machine the browser runs, and let the workflow runner take the SUBMIT that makes the call: it
// saves only a call that reaches `submitted`, with its history row, in one transaction. A resent
// form (same submission id) saves nothing new.
import type { Executor } from '#db/client.server.ts'
import { insertCallIn } from '#db/queries/call-ins.ts'
import { jobById, storageById } from '#db/queries/registry.ts'
import { InputError } from '#core/errors.ts'
import type { CallInInput } from '#core/schemas/call-in.ts'
import { callInMachine, type CallInEvent } from './call-in.machine.ts'
import { replay } from './runner.ts'
import { defineWorkflow, runTransition } from './transition.server.ts'

const REFUSALS: Record<CallInEvent['type'], [field: string, message: string]> = {
  CHOOSE_COMPANY: ['company_id', 'Choose a customer from the list.'],
  CHOOSE_STORAGE: ['storage_id', "That storage is not one of this customer's storages."],
  CHOOSE_JOB: ['job_id', 'Choose a job number from the list.'],
  RESET: ['', ''],
  SUBMIT: ['description', 'The call is not complete.'],
}

/** The events the submitted form stands for, with the facts looked up from the database. */
async function eventsFor(db: Executor, input: CallInInput): Promise<CallInEvent[]> {
  const details = { requestedBy: input.requested_by, callInDate: input.call_in_date, description: input.description, gotIt: input.got_it }
  if (input.job_id !== undefined) {
    const job = await jobById(db, input.job_id)
    if (!job) throw new InputError({ job_id: 'Choose a job number from the list.' })
    // The job fills company and storage; what the form sent must be the same.
    if (job.company_id !== input.company_id || job.storage_id !== input.storage_id) {
      throw new InputError({ job_id: "That job's customer and storage do not match the ones sent." })
    }
    return [{ type: 'CHOOSE_JOB', jobId: job.id, companyId: job.company_id, storageId: job.storage_id }, { type: 'SUBMIT', details }]
  }
  const storage = await storageById(db, input.storage_id)
  if (!storage) throw new InputError({ storage_id: 'Choose a storage.' })
  return [
    { type: 'CHOOSE_COMPANY', companyId: input.company_id },
    { type: 'CHOOSE_STORAGE', storageId: storage.id, storageCompanyId: storage.company_id },
    { type: 'SUBMIT', details },
  ]
}

/** A refused event is a field of the form that does not fit the rest. */
function refusedField(event: CallInEvent): InputError {
  const [field, message] = REFUSALS[event.type]
  return new InputError({ [field]: message })
}

/** Calls are made in their final state: no status column; the history keeps the SUBMIT that made each. */
const callInWorkflow = defineWorkflow(callInMachine, { entity: 'call_in', refusal: (_state, event) => refusedField(event) })

export async function submitCallIn(db: Executor, userId: number, input: CallInInput): Promise<{ id: number; created: boolean }> {
  const events = await eventsFor(db, input)
  // The choices lead up to the details; the last event, SUBMIT, is the step that makes the call.
  const { snapshot, refused } = replay(callInMachine, events.slice(0, -1))
  if (refused) throw refusedField(refused)
  const insert = (trx: Executor, next: typeof snapshot) =>
    insertCallIn(trx, {
      submission_id: input.submission_id,
      company_id: next.context.companyId!,
      storage_id: next.context.storageId!,
      job_id: next.context.jobId,
      created_by: userId,
      call_in_date: input.call_in_date,
      requested_by: input.requested_by,
      description: input.description,
      got_it: input.got_it,
    })
  return db.transaction().execute(async (trx) => {
    const made = await runTransition(trx, callInWorkflow, { snapshot, insert }, events.at(-1)!, { actorId: userId })
    return { id: made.id, created: !made.repeated }
  })
}
