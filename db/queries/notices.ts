// An author's notices (issue 24, decision 0069): a reviewer sent their service sheet or pre-treat
// sheet back (with a reason) or changed their values. One unseen row per user, record and kind
// (a later one replaces it); the author's Mark as seen or resubmit sets seen_at. The bell's
// per-user counts and the lists' "mine" filters are the same conditions (NOTICE_FILTERS below), so
// a count and the list it opens always hold the same rows.
import { sql, type RawBuilder, type SqlBool } from 'kysely'
import type { NoticeAlertType, NoticeEntity, NoticeKind } from '#core/enums.ts'
import { PRETREAT_STATE_SETS } from '#core/pretreat-states.ts'
import type { Executor } from '../client.server.ts'
import { onPretreatList, type PretreatListName } from './pretreat-lists.ts'
import { inStates } from './states.ts'
import { userDisplayName } from './users.ts'

/** A list's "mine" filter (the GET parameter `mine`) and what it means for user `userId`. */
export const MINE_FILTERS = ['assigned', 'sent-back', 'changed'] as const
export type MineFilter = (typeof MINE_FILTERS)[number]

const KIND_OF: Record<Exclude<MineFilter, 'assigned'>, NoticeKind> = { 'sent-back': 'sent_back', changed: 'changed' }

/**
 * The record whose id is `recordColumn` has an unseen notice of `kind` for `userId`: an IN over the
 * user's unseen notices (the partial unique index), which the planner runs from the notices side,
 * so a list as big as the completed pre-treats is not walked to find a few.
 */
function unseenNotice(entity: NoticeEntity, kind: NoticeKind, userId: number, recordColumn: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(recordColumn)} in (select n.record_id from notices n where n.user_id = ${userId} and n.entity = ${entity} and n.kind = ${kind} and n.seen_at is null)`
}

/**
 * Pre-treat `p` (the lists' alias) under `filter` for `userId`. 'assigned': its applicator is the
 * user, it is not yet submitted (assigned or in progress) and not void, and it is not counted as
 * sent back already (each pre-treat counts once).
 */
export function pretreatMine(filter: MineFilter, userId: number): RawBuilder<SqlBool> {
  if (filter === 'assigned') {
    return sql<SqlBool>`${inStates('p.status', PRETREAT_STATE_SETS.applicator)} and not p.void and p.assigned_to in (select a.id from applicators a where a.user_id = ${userId}) and not ${unseenNotice(
      'pretreat',
      'sent_back',
      userId,
      'p.id',
    )}`
  }
  return unseenNotice('pretreat', KIND_OF[filter], userId, 'p.id')
}

/** Service sheet `ss` (the list's alias) under `filter` for `userId` (its author): 'assigned' means nothing for a sheet. */
export function serviceSheetMine(filter: MineFilter, userId: number): RawBuilder<SqlBool> {
  if (filter === 'assigned') return sql<SqlBool>`false`
  return sql<SqlBool>`ss.created_by = ${userId} and ${unseenNotice('service_sheet', KIND_OF[filter], userId, 'ss.id')}`
}

/** Each per-user count: its list (and that list's condition) and its filter. */
export const NOTICE_FILTERS: Record<NoticeAlertType, { entity: NoticeEntity; list: PretreatListName | 'service-sheets'; mine: MineFilter }> = {
  pretreats_assigned_to_me: { entity: 'pretreat', list: 'scheduled', mine: 'assigned' },
  pretreats_sent_back: { entity: 'pretreat', list: 'scheduled', mine: 'sent-back' },
  pretreats_changed: { entity: 'pretreat', list: 'review', mine: 'changed' },
  completed_pretreats_changed: { entity: 'pretreat', list: 'completed', mine: 'changed' },
  service_sheets_sent_back: { entity: 'service_sheet', list: 'service-sheets', mine: 'sent-back' },
  service_sheets_changed: { entity: 'service_sheet', list: 'service-sheets', mine: 'changed' },
}

/** The count of one per-user type, as one scalar subquery (the same conditions as its list). */
/** The count of one of the user's notice lines, as a scalar subquery (the bell reads them all in one statement: app/alerts.server.ts). */
export function noticeCount(type: NoticeAlertType, userId: number): RawBuilder<number> {
  const { list, mine } = NOTICE_FILTERS[type]
  if (list === 'service-sheets') return sql<number>`(select count(*)::int from service_sheets ss where ${serviceSheetMine(mine, userId)})`
  return sql<number>`(select count(*)::int from pretreats p where (${onPretreatList(list)}) and (${pretreatMine(mine, userId)}))`
}

/** The user's per-user counts of `types`, in one statement (each an indexed look-up of their own rows). */
export async function noticeCounts(db: Executor, userId: number, types: readonly NoticeAlertType[]): Promise<Record<NoticeAlertType, number>> {
  const counts = {} as Record<NoticeAlertType, number>
  if (types.length === 0) return counts
  const row = await db.selectNoFrom(types.map((type) => noticeCount(type, userId).as(type))).executeTakeFirstOrThrow()
  for (const type of types) counts[type] = Number((row as Record<string, unknown>)[type] ?? 0)
  return counts
}

export interface NoticeRaised {
  userId: number
  entity: NoticeEntity
  recordId: number
  kind: NoticeKind
  reason?: string
  raisedBy: number | null
}

/** Raises a notice for the record's author (none when the author is the one who acted). A later one of the same kind replaces an unseen one. */
export async function raiseNotice(trx: Executor, notice: NoticeRaised): Promise<void> {
  if (notice.userId === notice.raisedBy) return
  await trx
    .insertInto('notices')
    .values({ user_id: notice.userId, entity: notice.entity, record_id: notice.recordId, kind: notice.kind, reason: notice.reason ?? '', raised_by: notice.raisedBy })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'entity', 'kind', 'record_id'])
        .where('seen_at', 'is', null)
        .doUpdateSet({ reason: (eb) => eb.ref('excluded.reason'), raised_by: (eb) => eb.ref('excluded.raised_by'), raised_at: sql`now()` }),
    )
    .execute()
}

/** Marks the unseen notices on a record seen: the user's own (Mark as seen), or everyone's of `kinds` (a resubmit ends a send-back). Answers how many. */
export async function markNoticesSeen(trx: Executor, where: { entity: NoticeEntity; recordId: number; userId?: number; kinds?: readonly NoticeKind[] }): Promise<number> {
  let q = trx
    .updateTable('notices')
    .set({ seen_at: sql`now()` })
    .where('entity', '=', where.entity)
    .where('record_id', '=', where.recordId)
    .where('seen_at', 'is', null)
  if (where.userId !== undefined) q = q.where('user_id', '=', where.userId)
  if (where.kinds) q = q.where('kind', 'in', [...where.kinds])
  const result = await q.executeTakeFirst()
  return Number(result.numUpdatedRows)
}

export interface RecordNotice {
  kind: NoticeKind
  reason: string
  raised_by_name: string | null
  raised_at: Date
  /** unseen by the user the notices were read for */
  unseen: boolean
}

/**
 * What a record's page tells `userId` about it: their unseen notices, and the last send-back (its
 * reason stays on the page while the record is back with its author, seen or not).
 */
export async function recordNotices(db: Executor, entity: NoticeEntity, recordId: number, userId: number): Promise<{ unseen: RecordNotice[]; lastSendBack: RecordNotice | null }> {
  const rows = await db
    .selectFrom('notices as n')
    .leftJoin('users as u', 'u.id', 'n.raised_by')
    .select(['n.kind', 'n.reason', 'n.raised_at', 'n.user_id', 'n.seen_at', sql<string | null>`case when u.id is null then null else ${userDisplayName('u')} end`.as('raised_by_name')])
    .where('n.entity', '=', entity)
    .where('n.record_id', '=', recordId)
    .orderBy('n.raised_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(20)
    .execute()
  const shape = (r: (typeof rows)[number]): RecordNotice => ({
    kind: r.kind,
    reason: r.reason,
    raised_by_name: r.raised_by_name,
    raised_at: r.raised_at,
    unseen: r.user_id === userId && r.seen_at === null,
  })
  const sendBack = rows.find((r) => r.kind === 'sent_back')
  return { unseen: rows.filter((r) => r.user_id === userId && r.seen_at === null).map(shape), lastSendBack: sendBack ? shape(sendBack) : null }
}

/** What a service sheet's author needs to answer a send-back: where it stands and the fields they fix. */
export function sheetForAuthor(db: Executor, sheetId: number) {
  return db.selectFrom('service_sheets').select(['id', 'status', 'version', 'created_by', 'travel_hours', 'labor_hours', 'description']).where('id', '=', sheetId).executeTakeFirst()
}
