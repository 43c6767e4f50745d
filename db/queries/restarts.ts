// Restarts (spec §2 "Restart form and lists"; docs/decisions/0041): one per pre-treat, opened
// (pending) in the transaction that submits its application sheet, completed once by the restart form.
import { sql } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import { userDisplayName } from '#db/queries/users.ts'

/** Opens the pre-treat's pending restart; a second call leaves the first (one per pre-treat). */
export async function openRestart(trx: Executor, pretreatId: number): Promise<void> {
  await trx
    .insertInto('restarts')
    .values({ pretreat_id: pretreatId })
    .onConflict((oc) => oc.column('pretreat_id').doNothing())
    .execute()
}

/** Restarts with their pre-treat (one each, a NOT NULL key), aliased r and p as restartListRows names them. */
export const restartsWithPretreat = (db: Executor) => db.selectFrom('restarts as r').innerJoin('pretreats as p', 'p.id', 'r.pretreat_id')

/**
 * Each restart `restarts` selects as the restart lists show it (app/lists/restart-lists.server.ts):
 * pre-treat number, owner (co), storage (st), application date, applicator, opened, completed and by whom.
 */
export function restartListRows(restarts: ReturnType<typeof restartsWithPretreat>) {
  return restarts
    .innerJoin('companies as co', 'co.id', 'p.company_id')
    .innerJoin('storages as st', 'st.id', 'p.storage_id')
    .leftJoin('applicators as a', 'a.id', 'p.assigned_to')
    .leftJoin('users as au', 'au.id', 'a.user_id')
    .leftJoin('users as cu', 'cu.id', 'r.completed_by')
    .select([
      'r.id',
      'r.pretreat_id',
      'r.created_at',
      'r.completed_at',
      'p.pre_treat_number',
      'p.void',
      'co.company_name',
      'st.name as storage_name',
      'p.application_date',
      sql<string | null>`case when au.id is null then null else ${userDisplayName('au')} end`.as('applicator_name'),
      sql<string | null>`case when cu.id is null then null else ${userDisplayName('cu')} end`.as('completed_by_name'),
    ])
}

/** Restarts with what their form shows of the pre-treat (its list row, and the storage's GPS, the notes and the answers). */
function restartRows(db: Executor) {
  return restartListRows(restartsWithPretreat(db)).select(['r.remote', 'r.running', 'r.cleaned_up', 'r.comments', 'r.completed_by', 'p.application_notes', 'st.gps_lat', 'st.gps_lng'])
}

/** One restart, by its id. */
export function restartById(db: Executor, id: number) {
  return restartRows(db).where('r.id', '=', id).executeTakeFirst()
}

/** The pre-treat's restart (one at most), if its sheet was submitted. */
export function restartOfPretreat(db: Executor, pretreatId: number) {
  return restartRows(db).where('r.pretreat_id', '=', pretreatId).executeTakeFirst()
}

export type RestartRecord = NonNullable<Awaited<ReturnType<typeof restartById>>>

/** The restart's row, locked until the transaction ends (two completions wait for each other). */
export function lockRestart(trx: Executor, id: number) {
  return trx
    .selectFrom('restarts as r')
    .leftJoin('users as cu', 'cu.id', 'r.completed_by')
    .select(['r.id', 'r.pretreat_id', 'r.completed_at', sql<string | null>`case when cu.id is null then null else ${userDisplayName('cu')} end`.as('completed_by_name')])
    .where('r.id', '=', id)
    .forUpdate('r')
    .executeTakeFirst()
}

export interface RestartAnswers {
  remote: boolean
  running: boolean
  cleaned_up: boolean
  comments: string
  submission_id: string
}

/** Completes a pending restart (only a pending one: a completed row is left as it is). True when it was pending. */
export async function saveRestartCompletion(trx: Executor, id: number, answers: RestartAnswers, actorId: number): Promise<boolean> {
  const done = await trx
    .updateTable('restarts')
    .set({ ...answers, completed_by: actorId, completed_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('completed_at', 'is', null)
    .executeTakeFirst()
  return done.numUpdatedRows > 0n
}
