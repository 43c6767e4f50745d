// The server side of a sheet's review chain. It resolves the sheet's stored state, asks the same
// machine the browser runs whether the event may happen, and writes the change, its copies to the
// next level and its workflow-history row in one transaction.
import { sql, type Kysely, type Transaction } from 'kysely'
import { transition } from 'xstate'
import type { Database } from '#db/schema.ts'
import { recordWorkflowEvent } from './history.server.ts'
import { serviceReviewMachine, type ServiceReviewEvent, type SheetState } from './service-review.machine.ts'

type Executor = Kysely<Database> | Transaction<Database>

/** The state the machine reaches from `state` on `event`, or null when the machine refuses it. */
export function nextState(state: SheetState, event: ServiceReviewEvent): SheetState | null {
  const snapshot = serviceReviewMachine.resolveState({ value: state, context: {} })
  if (snapshot.status === 'done' || !snapshot.can(event)) return null
  const [next] = transition(serviceReviewMachine, snapshot, event)
  return next.value as SheetState
}

/**
 * Opens a new sheet's review chain: level 1 starts from the sheet's hours, its review opens, and
 * the tracker gets the sheet's row. Call it inside the transaction that inserted the sheet.
 * `calledInAt`: the call's date for a sheet made from a call, else null (the sheet's creation time).
 */
export async function startReviewChain(trx: Executor, sheet: { id: number; service_sheet_number: number }, calledInAt: string | Date | null, actorId: number): Promise<void> {
  const to = nextState('submitted', { type: 'SUBMIT' })!
  await trx
    .updateTable('service_sheets')
    .set({ travel_hours1: sql`travel_hours`, labor_hours1: sql`labor_hours`, status: to as Exclude<SheetState, 'submitted'> })
    .where('id', '=', sheet.id)
    .execute()
  await trx.insertInto('service_reviews').values({ service_sheet_id: sheet.id, review_level: 1 }).execute()
  await trx
    .insertInto('service_status')
    .values({ service_sheet_id: sheet.id, service_sheet_number: sheet.service_sheet_number, called_in_at: calledInAt ?? sql<Date>`now()` })
    .execute()
  await recordWorkflowEvent(trx, { entity: 'service_sheet', entityId: sheet.id, from: 'submitted', event: 'SUBMIT', to, actorId })
}
