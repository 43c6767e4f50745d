// What the workflow runner (workflows/transition.server.ts) writes: a record's new status with an
// optimistic lock on its version, and the history row every transition leaves.
import { sql } from 'kysely'
import type { Executor } from '../client.server.ts'
import { userDisplayName } from './users.ts'

/** The tables whose status and version columns hold a workflow's state. */
export type WorkflowTable = 'service_sheets' | 'pretreats'

/**
 * Saves `status` (and when it was entered) and moves the version on, if the record is still at `version`; false when it is
 * not (someone changed it since it was read).
 */
export async function saveWorkflowStatus(trx: Executor, table: WorkflowTable, id: number, status: string, version: number): Promise<boolean> {
  const result = await trx
    .updateTable(table as 'service_sheets')
    // state_since moves only when the status does (a review's SAVE stays in its state): the inspector's "in its state for"
    .set({ status: status as never, version: sql`version + 1`, state_since: sql`case when status = ${status} then state_since else now() end` })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

export interface WorkflowEvent {
  entity: string
  entityId: number
  from: string
  event: string
  to: string
  actorId: number | null
  details?: Record<string, unknown>
}

/** Every transition leaves a row (who, when, from, event, to); call it inside the change's transaction. */
export async function recordWorkflowEvent(trx: Executor, e: WorkflowEvent): Promise<void> {
  await trx
    .insertInto('workflow_events')
    .values({ entity: e.entity, entity_id: e.entityId, from_state: e.from, event: e.event, to_state: e.to, actor_id: e.actorId, details: JSON.stringify(e.details ?? {}) })
    .execute()
}

/** Who made a record's latest transition, and when. */
export function lastWorkflowEvent(db: Executor, entity: string, entityId: number): Promise<{ by: string | null; at: Date } | undefined> {
  return db
    .selectFrom('workflow_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .select([userDisplayName('u').as('by'), 'e.at'])
    .where('e.entity', '=', entity)
    .where('e.entity_id', '=', entityId)
    .orderBy('e.id', 'desc')
    .executeTakeFirst()
}
