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
import { ConflictError, ForbiddenError } from '#core/errors.ts'
import type { SessionUser } from '#core/permissions.ts'
import { NOT_YOURS } from '#core/pretreat-sheet.ts'
import { pretreatActor } from '#core/pretreat-steps.ts'
import { pretreatMachine, pretreatRefusal, type PretreatStepEvent } from './pretreat.machine.ts'
import { defineWorkflow, NOT_POSSIBLE, runTransition, type StepOptions, type StepResult } from './transition.server.ts'
import type { PretreatState } from '#core/workflow-states.ts'

export const PRETREAT_ENTITY = 'pretreat'

export const pretreatWorkflow = defineWorkflow(pretreatMachine, { entity: PRETREAT_ENTITY, table: 'pretreats' })

/** Who takes a step: the machine's guards read their facts (core/pretreat-steps.ts pretreatActor). */
export type PretreatSender = Pick<SessionUser, 'is_superuser' | 'permissions'> & {
  /** null: no user (the history row names none) */
  id: number | null
}

export interface PretreatStepOptions extends Omit<StepOptions<typeof pretreatMachine>, 'actorId' | 'refusal'> {
  actor: PretreatSender
  /** the version the user's change is based on (a form's hidden field); default: the version just read */
  version?: number
  /** explains a step no one could take now (the machine's 'not-possible'); a sender who may not take it is refused as forbidden */
  refusal?: () => Error
}

/**
 * Takes `event` on pre-treat `id` inside `trx`: locks the row, resolves its status and flags,
 * and runs the transition (ConflictError when refused or changed since `options.version`).
 * NotFoundError when there is no such pre-treat.
 */
export async function runPretreatStep(trx: Executor, id: number, step: PretreatStepEvent, options: PretreatStepOptions): Promise<StepResult<PretreatState> & { before: PretreatStanding }> {
  const standing = await lockPretreatStanding(trx, id)
  if (!standing) throw new NotFoundError('No such pre-treat.')
  const { actor, refusal, ...rest } = options
  const event = { ...step, by: pretreatActor(actor, standing.assigned_user_id) }
  const flags = { void: standing.void, upcoming: standing.upcoming }
  const refused = pretreatStepRefusal(standing, step, actor)
  if (refused instanceof ForbiddenError) throw refused
  const result = await runTransition(trx, pretreatWorkflow, { id, status: standing.status, version: options.version ?? standing.version, context: flags }, event, {
    ...rest,
    actorId: actor.id,
    ...(refusal ? { refusal } : {}),
  })
  return { ...result, before: standing }
}

/** Where a pre-treat stands, as the machine's guards need it. */
type Standing = Pick<PretreatStanding, 'status' | 'void' | 'upcoming' | 'assigned_user_id'>

/**
 * Asks the machine, without taking it, whether `actor` may take `step` on a pre-treat that stands
 * so: a ForbiddenError when they may not (the sheet's own message for its steps), a ConflictError
 * when no one could now, null when they may.
 */
export function pretreatStepRefusal(standing: Standing, step: PretreatStepEvent, actor: PretreatSender): ForbiddenError | ConflictError | null {
  const event = { ...step, by: pretreatActor(actor, standing.assigned_user_id) }
  const refusal = pretreatRefusal(standing.status, { void: standing.void, upcoming: standing.upcoming }, event)
  if (refusal === 'forbidden') return new ForbiddenError(step.type === 'SAVE' || step.type === 'SUBMIT' ? NOT_YOURS : undefined)
  return refusal === 'not-possible' ? new ConflictError(NOT_POSSIBLE) : null
}

/**
 * Makes a pre-treat (the CREATE step, pending; staged when `row.upcoming`) inside `trx`, with its
 * history row. A resent form (same submission id) makes nothing new: `created: false` and the
 * first one's id. The caller adds the chemicals and billable companies in the same transaction.
 */
export async function createPretreat(trx: Executor, row: Insertable<PretreatsTable>, actor: PretreatSender): Promise<{ id: number; created: boolean }> {
  const [snapshot] = initialTransition(pretreatMachine)
  const made = await runTransition(
    trx,
    pretreatWorkflow,
    { snapshot, insert: (t) => insertPretreatRow(t, { ...row, status: 'pending' }) },
    { type: 'CREATE', upcoming: row.upcoming ?? false, by: pretreatActor(actor) },
    { actorId: actor.id, refusal: () => new ForbiddenError() },
  )
  return { id: made.id, created: !made.repeated }
}
