// A list's "mine" filter (decision 0069): `?mine=assigned|sent-back|changed` narrows a list to the
// user's own rows under the very condition the bell counts them with (db/queries/notices.ts), so
// a count and the list it opens always hold the same rows.
import type { RawBuilder, SqlBool } from 'kysely'
import { MINE_FILTERS, type MineFilter } from '#db/queries/notices.ts'

/** listScreen's `userFilter` for a list whose rows `condition` picks for a user. */
export const mineFilter = (condition: (filter: MineFilter, userId: number) => RawBuilder<SqlBool>) => ({
  param: 'mine',
  options: (user: { id: number }, value: string) => (isMineFilter(value) ? { scope: condition(value, user.id), keep: { mine: value } } : null),
})

export const isMineFilter = (value: string | null): value is MineFilter => value !== null && (MINE_FILTERS as readonly string[]).includes(value)
