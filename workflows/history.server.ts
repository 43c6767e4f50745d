import type { Executor } from '#db/client.server.ts'

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
