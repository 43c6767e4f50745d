// Where a pre-treat stands in its workflow, read for a step (workflows/pretreat.server.ts): its
// status, version and the two flags the machine keeps beside the status, locked until the step's
// transaction ends; the flags saved when a step changes them; and a new pre-treat's row.
import { sql, type Insertable } from 'kysely'
import type { Executor } from '../client.server.ts'
import type { PretreatsTable } from '../schema.ts'
import { PRETREAT_STATE_SETS as S } from '#core/pretreat-states.ts'
import type { PretreatState } from '#core/workflow-states.ts'
import { inStates } from './states.ts'

export interface PretreatStanding {
  id: number
  status: PretreatState
  version: number
  void: boolean
  upcoming: boolean
  assigned_to: number | null
  /** the user of the assigned applicator (who fills the sheet) */
  assigned_user_id: number | null
  /** the submission id the sheet was submitted with */
  sheet_submit_id: string | null
}

export function lockPretreatStanding(trx: Executor, id: number): Promise<PretreatStanding | undefined> {
  return trx
    .selectFrom('pretreats as p')
    .leftJoin('applicators as a', 'a.id', 'p.assigned_to')
    .select(['p.id', 'p.status', 'p.version', 'p.void', 'p.upcoming', 'p.assigned_to', 'a.user_id as assigned_user_id', 'p.sheet_submit_id'])
    .where('p.id', '=', id)
    .forUpdate('p')
    .executeTakeFirst()
}

/** Saves the machine's flags after a step that changed them (the runner has saved the status and moved the version on). */
export async function savePretreatFlags(trx: Executor, id: number, flags: { void?: boolean; void_comments?: string; upcoming?: boolean }): Promise<void> {
  if (Object.keys(flags).length === 0) return
  await trx.updateTable('pretreats').set(flags).where('id', '=', id).execute()
}

/** Inserts a pre-treat; `created: false` (and the first one's id) when a resent form's submission id finds it made already. */
export async function insertPretreatRow(trx: Executor, row: Insertable<PretreatsTable>): Promise<{ id: number; created: boolean }> {
  const made = await trx
    .insertInto('pretreats')
    .values(row)
    .onConflict((oc) => oc.column('submission_id').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (made) return { id: made.id, created: true }
  const existing = await trx.selectFrom('pretreats').select('id').where('submission_id', '=', row.submission_id).executeTakeFirstOrThrow()
  return { id: existing.id, created: false }
}

/**
 * What the alerts bell counts (void pre-treats left out): scheduled pre-treats with no applicator
 * yet (pending, not staged), and submitted sheets waiting for a review.
 */
export async function countPretreatsWaiting(db: Executor): Promise<{ toAssign: number; toReview: number }> {
  const row = await db
    .selectFrom('pretreats')
    .select([
      sql<number>`count(*) filter (where ${inStates('status', S.unassigned)} and not upcoming)::int`.as('toAssign'),
      sql<number>`count(*) filter (where ${inStates('status', S.review)})::int`.as('toReview'),
    ])
    .where(inStates('status', [...S.unassigned, ...S.review]))
    .where('void', '=', false)
    .executeTakeFirstOrThrow()
  return row
}

/** Who made the pre-treat's level-1 review (the last REVIEW into to-review1), or null when none is recorded. */
export async function firstReviewerOf(db: Executor, id: number): Promise<number | null> {
  const row = await db
    .selectFrom('workflow_events')
    .select('actor_id')
    .where('entity', '=', 'pretreat')
    .where('entity_id', '=', id)
    .where('event', '=', 'REVIEW')
    .where('to_state', '=', 'to-review1')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row?.actor_id ?? null
}
