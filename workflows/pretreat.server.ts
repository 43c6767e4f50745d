// The server side of the pre-treat workflow: one definition for the transition runner, and the one
// way a step is taken on a stored pre-treat. Each screen's own module (the form's create and edit,
// the lists' stage, schedule and assign, the sheet's save and submit) looks up the facts its event
// needs and calls runPretreatStep inside its transaction; the machine decides, the runner saves the
// status and the history row, and the step's `apply` saves the step's own changes.
import type { Insertable } from 'kysely'
import { initialTransition } from 'xstate'
import type { Executor } from '#db/client.server.ts'
import type { PretreatsTable } from '#db/schema.ts'
import { insertPretreatRow, lockPretreatStanding, type PretreatStanding } from '#db/queries/pretreat-workflow.ts'
import { NotFoundError } from '#core/errors.ts'
import { pretreatMachine, type PretreatEvent } from './pretreat.machine.ts'
import { defineWorkflow, runTransition, type StepOptions, type StepResult } from './transition.server.ts'
import type { PretreatState } from '#core/workflow-states.ts'

export const PRETREAT_ENTITY = 'pretreat'

export const pretreatWorkflow = defineWorkflow(pretreatMachine, { entity: PRETREAT_ENTITY, table: 'pretreats' })

export interface PretreatStepOptions extends StepOptions<typeof pretreatMachine> {
  /** the version the user's change is based on (a form's hidden field); default: the version just read */
  version?: number
}

/**
 * Takes `event` on pre-treat `id` inside `trx`: locks the row, resolves its status and flags,
 * and runs the transition (ConflictError when refused or changed since `options.version`).
 * NotFoundError when there is no such pre-treat.
 */
export async function runPretreatStep(
  trx: Executor,
  id: number,
  event: PretreatEvent,
  options: PretreatStepOptions,
): Promise<StepResult<PretreatState> & { before: PretreatStanding }> {
  const standing = await lockPretreatStanding(trx, id)
  if (!standing) throw new NotFoundError('No such pre-treat.')
  const result = await runTransition(
    trx,
    pretreatWorkflow,
    { id, status: standing.status, version: options.version ?? standing.version, context: { void: standing.void, upcoming: standing.upcoming } },
    event,
    options,
  )
  return { ...result, before: standing }
}

/**
 * Makes a pre-treat (the CREATE step, pending; staged when `row.upcoming`) inside `trx`, with its
 * history row. A resent form (same submission id) makes nothing new: `created: false` and the
 * first one's id. The caller adds the chemicals and billable companies in the same transaction.
 */
export async function createPretreat(trx: Executor, row: Insertable<PretreatsTable>, actorId: number): Promise<{ id: number; created: boolean }> {
  const [snapshot] = initialTransition(pretreatMachine)
  const made = await runTransition(
    trx,
    pretreatWorkflow,
    { snapshot, insert: (t) => insertPretreatRow(t, { ...row, status: 'pending' }) },
    { type: 'CREATE', upcoming: row.upcoming ?? false },
    { actorId },
  )
  return { id: made.id, created: !made.repeated }
}
