// The pre-treat form's two short lists that admins keep (issue 10): destinations (the spec's 19
// customer names) and pre-written messages (its 3 restart instructions). Both are a text, a
// position and an active flag; the admin screen adds, edits, moves and (de)activates rows; the
// pre-treat form offers the active rows in position order (shortListOptions).
import { sql } from 'kysely'
import type { Executor } from '../client.server.ts'

export type ShortList = 'destinations' | 'pretreat_messages'

/** Each list's text column. */
const TEXT = { destinations: 'name', pretreat_messages: 'text' } as const

export interface ShortListRow {
  id: number
  text: string
  position: number
  active: boolean
}

/** Every row, active or not, in position order: the admin screen. */
export function shortListRows(db: Executor, list: ShortList): Promise<ShortListRow[]> {
  return sql<ShortListRow>`select id, ${sql.ref(TEXT[list])} as text, position, active from ${sql.table(list)} order by position, id`.execute(db).then((r) => r.rows)
}

/** The active rows' texts in position order: what the pre-treat form offers. */
export async function shortListOptions(db: Executor, list: ShortList): Promise<{ id: number; text: string }[]> {
  const rows = await sql<{ id: number; text: string }>`select id, ${sql.ref(TEXT[list])} as text from ${sql.table(list)} where active order by position, id`.execute(db)
  return rows.rows
}

// The rows of the admin screen's changes (commands/short-lists.ts, where their rules are): each checks nothing.

/** A new row, last. Returns its id. */
export async function insertShortListRow(db: Executor, list: ShortList, submissionId: string, text: string): Promise<number> {
  const table = sql.table(list)
  const { rows } = await sql<{ id: number }>`insert into ${table} (submission_id, ${sql.ref(TEXT[list])}, position)
    select ${submissionId}, ${text}, coalesce(max(position), 0) + 1 from ${table} returning id`.execute(db)
  return Number(rows[0]!.id)
}

/** A row's text; false when there is no such row. */
export async function updateShortListText(db: Executor, list: ShortList, id: number, text: string): Promise<boolean> {
  const updated = await sql`update ${sql.table(list)} set ${sql.ref(TEXT[list])} = ${text} where id = ${id}`.execute(db)
  return !!updated.numAffectedRows
}

/** A row's active flag; false when there is no such row. */
export async function setShortListRowActive(db: Executor, list: ShortList, id: number, active: boolean): Promise<boolean> {
  const updated = await sql`update ${sql.table(list)} set active = ${active} where id = ${id}`.execute(db)
  return !!updated.numAffectedRows
}

/** Every row's id in position order, the rows locked until the transaction ends. */
export async function shortListIdsForUpdate(db: Executor, list: ShortList): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`select id from ${sql.table(list)} order by position, id for update`.execute(db)
  return rows.map((r) => Number(r.id))
}

/** Positions 1…n in the order of `ids`. */
export async function renumberShortList(db: Executor, list: ShortList, ids: readonly number[]): Promise<void> {
  await sql`update ${sql.table(list)} as t set position = n.position
    from unnest(${[...ids]}::bigint[]) with ordinality as n(id, position)
    where t.id = n.id and t.position is distinct from n.position`.execute(db)
}
