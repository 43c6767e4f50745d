// Restart Follow-Ups (/follow-ups; issue 24, decision 0070): the open follow-ups (newest raised
// first) or, with ?state=closed, the closed ones (newest closed first). Sortable by the list's date
// and the storage; filterable by part of the storage's name. The open ones are a small set walked
// on restart_follow_ups_open_idx; the closed ones on restart_follow_ups_closed_idx.
import type { Executor } from '#db/client.server.ts'
import { followUpRows, followUpsWithRestart } from '#db/queries/restart-follow-ups.ts'
import { defineList } from './list-engine.server.ts'
import { listScreen } from './list-screen.server.ts'

/** Which follow-ups the list shows: the URL's `state` (open unless it says closed). */
export const FOLLOW_UP_STATES = ['open', 'closed'] as const
export type FollowUpState = (typeof FOLLOW_UP_STATES)[number]
export const followUpStateOf = (params: URLSearchParams): FollowUpState => (params.get('state') === 'closed' ? 'closed' : 'open')

function followUpList(closed: boolean) {
  const date = closed ? 'f.closed_at' : 'f.raised_at'
  return defineList({
    from: (db: Executor) => followUpsWithRestart(db).where('f.closed_at', closed ? 'is not' : 'is', null),
    joins: (qb) => qb,
    select: followUpRows,
    primaryKey: 'f.id',
    sortable: {
      date,
      storage: { expr: 'st.name', join: (qb) => qb.innerJoin('storages as st', 'st.id', 'f.storage_id') },
    },
    filterable: {
      storage: { kind: 'name', table: 'storages', nameColumn: 'name', foreignKey: 'f.storage_id' },
    },
    dateColumn: date,
    defaultSort: { key: 'date', order: 'desc' },
  })
}

export const openFollowUpList = followUpList(false)
export const closedFollowUpList = followUpList(true)

export type FollowUpListRow = Awaited<ReturnType<typeof openFollowUpList.load>>['rows'][number]

/** The screen's two sources: the closed list's links keep `state=closed`. */
export const FOLLOW_UP_SCREENS = {
  open: listScreen({ list: openFollowUpList, choices: ['storage'] }),
  closed: listScreen({ list: closedFollowUpList, choices: ['storage'], scope: async () => ({ options: { keep: { state: 'closed' } }, about: null }) }),
}
