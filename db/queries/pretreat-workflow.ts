// Where a pre-treat stands in its workflow, read for a step (workflows/pretreat.server.ts): its
// status, version and the two flags the machine keeps beside the status, locked until the step's
// transaction ends; and the flags saved when a step changes them.
import type { Executor } from '../client.server.ts'
import type { PretreatState } from '#core/workflow-states.ts'

export interface PretreatStanding {
  id: number
  status: PretreatState
  version: number
  void: boolean
  upcoming: boolean
  assigned_to: number | null
}

export function lockPretreatStanding(trx: Executor, id: number): Promise<PretreatStanding | undefined> {
  return trx.selectFrom('pretreats').select(['id', 'status', 'version', 'void', 'upcoming', 'assigned_to']).where('id', '=', id).forUpdate().executeTakeFirst()
}

/** Saves the machine's flags after a step that changed them (the runner has saved the status and moved the version on). */
export async function savePretreatFlags(trx: Executor, id: number, flags: { void?: boolean; void_comments?: string; upcoming?: boolean }): Promise<void> {
  if (Object.keys(flags).length === 0) return
  await trx.updateTable('pretreats').set(flags).where('id', '=', id).execute()
}
