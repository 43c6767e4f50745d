// Restart follow-ups (issue 24, migration 0042, decision 0070): raised by a restart answered not
// running or not cleaned up, closed by a later good restart of the storage or by an assigner's note.
import { sql } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import { userDisplayName } from '#db/queries/users.ts'

/** The storage a pre-treat (and so its restart) is about. */
export async function storageOfPretreat(trx: Executor, pretreatId: number): Promise<number> {
  const row = await trx.selectFrom('pretreats').select('storage_id').where('id', '=', pretreatId).executeTakeFirstOrThrow()
  return row.storage_id
}

/** Raises the restart's follow-up (one per restart: a second call leaves the first). */
export async function raiseFollowUp(trx: Executor, values: { storage_id: number; restart_id: number; not_running: boolean; not_cleaned_up: boolean }): Promise<void> {
  await trx
    .insertInto('restart_follow_ups')
    .values(values)
    .onConflict((oc) => oc.column('restart_id').doNothing())
    .execute()
}

/** Closes the storage's open follow-ups by `restartId` (answered running and cleaned up); the ids closed. */
export async function closeFollowUpsByRestart(trx: Executor, storageId: number, restartId: number, actorId: number): Promise<number[]> {
  const rows = await trx
    .updateTable('restart_follow_ups')
    .set({ closed_at: sql<Date>`now()`, closed_by: actorId, closed_by_restart_id: restartId })
    .where('storage_id', '=', storageId)
    .where('closed_at', 'is', null)
    .where('restart_id', '<>', restartId)
    .returning('id')
    .execute()
  return rows.map((r) => r.id)
}

/** The follow-up's row, locked until the transaction ends (two closings wait for each other). */
export function lockFollowUp(trx: Executor, id: number) {
  return trx
    .selectFrom('restart_follow_ups as f')
    .leftJoin('users as cu', 'cu.id', 'f.closed_by')
    .select(['f.id', 'f.storage_id', 'f.closed_at', sql<string | null>`case when cu.id is null then null else ${userDisplayName('cu')} end`.as('closed_by_name')])
    .where('f.id', '=', id)
    .forUpdate('f')
    .executeTakeFirst()
}

/** Closes an open follow-up by a note; true when it was open. */
export async function closeFollowUpByNote(trx: Executor, id: number, close: { note: string; actorId: number; submissionId: string }): Promise<boolean> {
  const done = await trx
    .updateTable('restart_follow_ups')
    .set({ closed_at: sql<Date>`now()`, closed_by: close.actorId, closing_note: close.note, closing_submission_id: close.submissionId })
    .where('id', '=', id)
    .where('closed_at', 'is', null)
    .executeTakeFirst()
  return done.numUpdatedRows > 0n
}

/** How many follow-ups are open, as a scalar subquery (the bell's count; their partial index). */
export const openFollowUpsCount = () => sql<number>`(select count(*)::int from restart_follow_ups where closed_at is null)`

/** The same count, read alone. */
export async function countOpenFollowUps(db: Executor): Promise<number> {
  const row = await db.selectNoFrom(openFollowUpsCount().as('n')).executeTakeFirstOrThrow()
  return row.n
}

/** The base the list and the record read: follow-ups (f) with their restart (r) and its pre-treat (p). */
export const followUpsWithRestart = (db: Executor) => db.selectFrom('restart_follow_ups as f').innerJoin('restarts as r', 'r.id', 'f.restart_id').innerJoin('pretreats as p', 'p.id', 'r.pretreat_id')

/** Each follow-up as the list, the record and the storage's panel show it. */
export function followUpRows(base: ReturnType<typeof followUpsWithRestart>) {
  return base
    .innerJoin('storages as st', 'st.id', 'f.storage_id')
    .innerJoin('companies as co', 'co.id', 'st.company_id')
    .leftJoin('users as ru', 'ru.id', 'r.completed_by')
    .leftJoin('users as cu', 'cu.id', 'f.closed_by')
    .leftJoin('restarts as cr', 'cr.id', 'f.closed_by_restart_id')
    .leftJoin('pretreats as cp', 'cp.id', 'cr.pretreat_id')
    .select([
      'f.id',
      'f.storage_id',
      'f.restart_id',
      'f.not_running',
      'f.not_cleaned_up',
      'f.raised_at',
      'f.closed_at',
      'f.closing_note',
      'f.closed_by_restart_id',
      'st.name as storage_name',
      'co.company_name',
      'p.pre_treat_number',
      'r.comments as restart_comments',
      sql<string | null>`case when ru.id is null then null else ${userDisplayName('ru')} end`.as('raised_by_name'),
      sql<string | null>`case when cu.id is null then null else ${userDisplayName('cu')} end`.as('closed_by_name'),
      'cp.pre_treat_number as closed_by_pre_treat_number',
    ])
}

export type FollowUpRow = Awaited<ReturnType<ReturnType<typeof followUpRows>['execute']>>[number]

/** One follow-up, by its id. */
export function followUpById(db: Executor, id: number) {
  return followUpRows(followUpsWithRestart(db)).where('f.id', '=', id).executeTakeFirst()
}

/** Most open follow-ups a storage's panel lists (more: the list, filtered by the storage). */
export const STORAGE_FOLLOW_UP_LIMIT = 20

/** The storage's open follow-ups, newest first. */
export function openFollowUpsOfStorage(db: Executor, storageId: number) {
  return followUpRows(followUpsWithRestart(db))
    .where('f.storage_id', '=', storageId)
    .where('f.closed_at', 'is', null)
    .orderBy('f.raised_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(STORAGE_FOLLOW_UP_LIMIT + 1)
    .execute()
}
