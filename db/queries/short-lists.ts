// The pre-treat form's two short lists that admins keep (issue 10): destinations (the spec's 19
// customer names) and pre-written messages (its 3 restart instructions). Both are a text, a
// position and an active flag; the admin screen adds, edits, moves and (de)activates rows; the
// pre-treat form offers the active rows in position order (shortListOptions).
import { sql } from 'kysely'
import { InputError } from '#core/errors.ts'
import { REGISTRY_MESSAGES, type ShortListAction } from '#core/schemas/registry.ts'
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

export const SHORT_LIST_GONE = 'This row no longer exists. The list below is the current one.'

/** Every row, active or not, in position order: the admin screen. */
export function shortListRows(db: Executor, list: ShortList): Promise<ShortListRow[]> {
  return sql<ShortListRow>`select id, ${sql.ref(TEXT[list])} as text, position, active from ${sql.table(list)} order by position, id`
    .execute(db)
    .then((r) => r.rows)
}

/** The active rows' texts in position order: what the pre-treat form offers. */
export async function shortListOptions(db: Executor, list: ShortList): Promise<{ id: number; text: string }[]> {
  const rows = await sql<{ id: number; text: string }>`select id, ${sql.ref(TEXT[list])} as text from ${sql.table(list)} where active order by position, id`.execute(db)
  return rows.rows
}

/**
 * One admin action on a list. Adding is idempotent on the submission id and puts the row last;
 * moving renumbers the list 1…n in its current order with the row swapped with its neighbour, in
 * one transaction holding the list's rows, so two moves at once cannot leave two rows on one
 * position. A destination's name that another has (case ignored) is refused on the `text` field.
 */
export async function applyShortListAction(db: Executor, list: ShortList, action: ShortListAction, sent: string, submissionId?: string): Promise<void> {
  const text = sent.replace(/\r\n?/g, '\n') // a textarea sends CRLF; the form that copies a message wants plain lines
  const table = sql.table(list)
  const column = sql.ref(TEXT[list])
  try {
    if (action.kind === 'add') {
      await sql`insert into ${table} (submission_id, ${column}, position)
        select ${submissionId}, ${text}, coalesce(max(position), 0) + 1 from ${table}
        on conflict (submission_id) do nothing`.execute(db)
      return
    }
    if (action.kind === 'save' || action.kind === 'activate' || action.kind === 'deactivate') {
      const set = action.kind === 'save' ? sql`${column} = ${text}` : sql`active = ${action.kind === 'activate'}`
      const updated = await sql`update ${table} set ${set} where id = ${action.id}`.execute(db)
      if (!updated.numAffectedRows) throw new InputError({ '': SHORT_LIST_GONE })
      return
    }
    await db.transaction().execute(async (trx) => {
      const rows = (await sql<{ id: number }>`select id from ${table} order by position, id for update`.execute(trx)).rows.map((r) => r.id)
      const at = rows.indexOf(action.id)
      if (at < 0) throw new InputError({ '': SHORT_LIST_GONE })
      const to = action.kind === 'up' ? at - 1 : at + 1
      if (to < 0 || to >= rows.length) return // already first or last
      ;[rows[at], rows[to]] = [rows[to]!, rows[at]!]
      await sql`update ${table} as t set position = n.position
        from unnest(${rows}::bigint[]) with ordinality as n(id, position)
        where t.id = n.id and t.position is distinct from n.position`.execute(trx)
    })
  } catch (error) {
    const e = error as { code?: string; constraint?: string } | null
    if (e?.code === '23505' && e.constraint !== `${list}_submission_uq`) throw new InputError({ text: REGISTRY_MESSAGES.destination })
    throw error
  }
}
