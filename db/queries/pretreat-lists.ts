// Which pre-treat is on which of the four lists (docs/decisions/0036), and the columns the lists
// show beside the pre-treat's own: the first chemical's cwt and every chemical's name.
//   staged     pending and upcoming (saved to staging, not yet on the schedule)
//   scheduled  not yet submitted (pending, assigned, in-progress) and not upcoming
//   review     to-review, to-review1, to-review2
//   completed  completed
// Void pre-treats stay on their list (their status reads Void). The states are the machine's named
// sets, written as literal SQL (inStates), so the planner matches them to the lists' partial indexes
// (migration 0020).
import { sql, type RawBuilder, type SqlBool } from 'kysely'
import { inPretreatSet, PRETREAT_STATE_SETS as S } from '#core/pretreat-states.ts'
import type { PretreatState } from '#core/workflow-states.ts'
import type { Executor } from '../client.server.ts'
import { inStates } from './states.ts'
import { userDisplayName } from './users.ts'

export const PRETREAT_LISTS = ['staged', 'scheduled', 'review', 'completed'] as const
export type PretreatListName = (typeof PRETREAT_LISTS)[number]

const CONDITIONS: Record<PretreatListName, RawBuilder<SqlBool>> = {
  staged: sql<SqlBool>`${inStates('p.status', S.unassigned)} and p.upcoming`,
  scheduled: sql<SqlBool>`${inStates('p.status', S.scheduled)} and not p.upcoming`,
  review: inStates('p.status', S.review),
  completed: inStates('p.status', S.completed),
}

/** The list's condition on a pre-treat aliased `p`. */
export function onPretreatList(list: PretreatListName): RawBuilder<SqlBool> {
  return CONDITIONS[list]
}

/** The list a pre-treat at `status` with `upcoming` is on (the same rule as onPretreatList). */
export function pretreatListOf(status: PretreatState, upcoming: boolean): PretreatListName {
  if (inPretreatSet('completed', status)) return 'completed'
  if (inPretreatSet('review', status)) return 'review'
  return inPretreatSet('unassigned', status) && upcoming ? 'staged' : 'scheduled'
}

/** The first chemical line's cwt of pre-treat `p` (null without chemicals). */
export const firstChemicalCwt = sql<string | null>`(select pc.cwt from pretreat_chemicals pc where pc.pretreat_id = p.id order by pc.id limit 1)`

/** The names of pre-treat `p`'s chemicals, in the order they were entered, comma separated. */
export const chemicalNames = sql<
  string | null
>`(select string_agg(pr.product_name, ', ' order by pc.id) from pretreat_chemicals pc join products pr on pr.id = pc.product_id where pc.pretreat_id = p.id)`

/** The pre-treats, aliased `p` as the list conditions and row columns name them. */
export const pretreatsAsP = (db: Executor) => db.selectFrom('pretreats as p')

/**
 * A list row of each pre-treat `pretreats` selects (app/lists/pretreat-lists.server.ts pages
 * these): owner and storage names as co and st, the assigned applicator's name, the first
 * chemical's cwt and the chemicals' names.
 */
export function pretreatListRows(pretreats: ReturnType<typeof pretreatsAsP>) {
  return pretreats
    .innerJoin('companies as co', 'co.id', 'p.company_id')
    .innerJoin('storages as st', 'st.id', 'p.storage_id')
    .leftJoin('applicators as a', 'a.id', 'p.assigned_to')
    .leftJoin('users as au', 'au.id', 'a.user_id')
    .select([
      'p.id',
      'p.created_at',
      'p.pre_treat_number',
      'co.company_name',
      'st.name as storage_name',
      'p.status',
      'p.void',
      'p.upcoming',
      'p.assigned_to',
      sql<string | null>`case when au.id is null then null else ${userDisplayName('au')} end`.as('assigned_name'),
      'p.application_date',
      firstChemicalCwt.as('cwt'),
      chemicalNames.as('chemicals'),
    ])
    .$narrowType<{ status: PretreatState }>()
}

/** One pre-treat on the scheduled list, as the assign modal shows it: its list row (undefined when it is not there). */
export function scheduledPretreat(db: Executor, id: number) {
  return pretreatListRows(pretreatsAsP(db)).select('p.planned_on').where('p.id', '=', id).where(onPretreatList('scheduled')).executeTakeFirst()
}
