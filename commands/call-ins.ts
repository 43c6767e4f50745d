// Making a call: the company is a customer; the facts the events need are looked up and replayed
// through the same machine the browser runs, and the workflow runner takes the SUBMIT that makes
// the call: it saves only a call that reaches `submitted`, with its history row.
import type { Executor } from '#db/client.server.ts'
import { insertCallIn } from '#db/queries/call-ins.ts'
import { ForbiddenError, InputError } from '#core/errors.ts'
import { hasPermission } from '#core/permissions.ts'
import { CallInSchema, type CallInInput } from '#core/schemas/call-in.ts'
import { PLACE_ID_MESSAGES, PLACE_MESSAGES } from '#core/schemas/place.ts'
import { CALL_IN_PERMISSION, callInMachine, type CallInEvent } from '#workflows/call-in.machine.ts'
import { replay } from '#workflows/runner.ts'
import { defineWorkflow, runTransition } from '#workflows/transition.server.ts'
import { defineCommand, type Actor } from './command.ts'
import { requireCustomer, requirePlaceIds } from './rules.ts'

const REFUSALS: Record<CallInEvent['type'], [field: string, message: string]> = {
  CHOOSE_COMPANY: ['company_id', PLACE_MESSAGES.company],
  CHOOSE_STORAGE: ['storage_id', PLACE_ID_MESSAGES.storage],
  CHOOSE_JOB: ['job_id', PLACE_MESSAGES.job],
  RESET: ['', ''],
  SUBMIT: ['description', 'The call is not complete.'],
}

/** The events the submitted form stands for, with the facts looked up from the database. */
async function eventsFor(db: Executor, input: CallInInput, actor: Actor): Promise<CallInEvent[]> {
  const details = { requestedBy: input.requested_by, callInDate: input.call_in_date, description: input.description, gotIt: input.got_it }
  const submit = { type: 'SUBMIT', details, mayCall: hasPermission(actor, CALL_IN_PERMISSION) } as const
  const { job, storage } = await requirePlaceIds(db, input)
  if (job) return [{ type: 'CHOOSE_JOB', jobId: job.id, companyId: job.company_id, storageId: job.storage_id }, submit]
  return [{ type: 'CHOOSE_COMPANY', companyId: input.company_id }, { type: 'CHOOSE_STORAGE', storageId: storage!.id, storageCompanyId: storage!.company_id }, submit]
}

/** A refused event is a field of the form that does not fit the rest, or a sender who may not log a call. */
function refusedField(event: CallInEvent): InputError | ForbiddenError {
  if (event.type === 'SUBMIT' && !event.mayCall) return new ForbiddenError()
  const [field, message] = REFUSALS[event.type]
  return new InputError({ [field]: message })
}

/** Calls are made in their final state: no status column; the history keeps the SUBMIT that made each. */
const callInWorkflow = defineWorkflow(callInMachine, { entity: 'call_in', refusal: (_state, event) => refusedField(event) })

export const createCallIn = defineCommand({
  name: 'call-ins.create',
  schema: CallInSchema,
  async run(trx, actor, input: CallInInput) {
    await requireCustomer(trx, input.company_id)
    const events = await eventsFor(trx, input, actor)
    // The choices lead up to the details; the last event, SUBMIT, is the step that makes the call.
    const { snapshot, refused } = replay(callInMachine, events.slice(0, -1))
    if (refused) throw refusedField(refused)
    const insert = (db: Executor, next: typeof snapshot) =>
      insertCallIn(db, {
        submission_id: input.submission_id,
        company_id: next.context.companyId!,
        storage_id: next.context.storageId!,
        job_id: next.context.jobId,
        created_by: actor.id,
        call_in_date: input.call_in_date,
        requested_by: input.requested_by,
        description: input.description,
        got_it: input.got_it,
      })
    const made = await runTransition(trx, callInWorkflow, { snapshot, insert }, events.at(-1)!, { actorId: actor.id })
    return { id: made.id }
  },
})
