// What /view-storage/{id} reads: the storage (404 when the id names none), the tabs this user may
// see, and the open tab's content only (a list, the timeline, a season's conditions or its chemical
// ledger). A tab the user may not see is not offered, and its URL shows Equipment.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { sql } from 'kysely'
import { ACCESS, mayOpen } from '#app/access.ts'
import { requireAccess } from '#app/auth/guard.server.ts'
import { oneStorage } from '#app/lists/one-storage.server.ts'
import { serviceSheetList } from '#app/lists/service-sheet-list.server.ts'
import { storageCheckList } from '#app/lists/storage-check-list.server.ts'
import { requireId, requireRecord } from '#app/records.server.ts'
import { mayViewPretreats } from '#app/features/storage-detail/ledger.server.ts'
import type { SessionUser } from '#core/permissions.ts'
import { parseSeason, season as seasonOfYear, seasonOf } from '#core/season.ts'
import { parseKinds, TIMELINE_KINDS, type TimelineKind } from '#core/storage-timeline.ts'
import { getDb, type Executor } from '#db/client.server.ts'
import { openFollowUpsOfStorage, STORAGE_FOLLOW_UP_LIMIT } from '#db/queries/restart-follow-ups.ts'
import { latestReentry, ledgerSeasons, storageSeasonLedger } from '#db/queries/season.ts'
import { checkSeasons, seasonConditions, storageDetail } from '#db/queries/storage-detail.ts'
import { storageTimeline, timelineSeasons, type PhotoOf } from '#db/queries/storage-timeline.ts'
import { userDisplayName } from '#db/queries/users.ts'

const access = ACCESS['/view-storage/:id']

export const TABS = ['equipment', 'checks', 'service', 'pretreats', 'ledger', 'timeline', 'conditions'] as const
export type Tab = (typeof TABS)[number]

/** Timeline entries a page: about a season of a busy storage; older ones are on the next pages. */
export const TIMELINE_PAGE = 100
/** Highest timeline page a URL may ask for (a storage's whole history fits in far fewer). */
const MAX_TIMELINE_PAGE = 1000
/** Most completed pre-treats listed (their own list comes with the pre-treat screens). */
export const PRETREAT_LIMIT = 100

/** What this user may see on the page: the tabs, the timeline's kinds, and the records they may open. */
export function viewOf(user: SessionUser) {
  const checks = mayOpen(user, ACCESS['/view-storage-check'])
  const sheets = mayOpen(user, ACCESS['/view-service'])
  const calls = mayOpen(user, ACCESS['/view-calls'])
  const pretreats = mayViewPretreats(user)
  const tabs = TABS.filter((t) => (t === 'checks' || t === 'conditions' ? checks : t === 'service' ? sheets : t === 'pretreats' || t === 'ledger' ? pretreats : true))
  const may: Record<TimelineKind, boolean> = { call: calls, sheet: sheets, check: checks, pretreat: pretreats, restart: pretreats, photo: true }
  const kinds = TIMELINE_KINDS.filter((k) => may[k])
  const photosOf: PhotoOf[] = ['storage', ...(sheets ? (['sheet'] as const) : []), ...(checks ? (['check'] as const) : [])]
  return { tabs, kinds, photosOf, links: { call: calls, sheet: sheets, check: checks, pretreat: mayOpen(user, ACCESS['/pretreats/:id']) }, pretreats }
}

function completedPretreats(db: Executor, storageId: number) {
  return db
    .selectFrom('pretreats as p')
    .leftJoin('applicators as a', 'a.id', 'p.assigned_to')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'p.id',
      'p.pre_treat_number',
      'p.application_date',
      'p.treated_for',
      'p.stock_type',
      'p.variety',
      sql<string | null>`case when u.id is null then null else ${userDisplayName('u')} end`.as('applicator'),
    ])
    .where('p.storage_id', '=', storageId)
    .where('p.status', '=', 'completed')
    .where('p.void', '=', false)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(PRETREAT_LIMIT + 1)
    .execute()
}

/** The open tab's content: one of these, by tab. */
async function readTab(db: Executor, tab: Tab, storageId: number, url: URL, view: ReturnType<typeof viewOf>) {
  const params = url.searchParams
  switch (tab) {
    case 'checks':
      // the list's links keep the tab (not `i`: the storage is in the path)
      return { tab, checks: await storageCheckList.load(db, params, { scope: oneStorage('sc.storage_id').options(storageId).scope, keep: { tab } }) }
    case 'service':
      return { tab, sheets: await serviceSheetList.load(db, params, { scope: oneStorage('ss.storage_id').options(storageId).scope, keep: { tab } }) }
    case 'pretreats': {
      const rows = await completedPretreats(db, storageId)
      return { tab, pretreats: rows.slice(0, PRETREAT_LIMIT), more: rows.length > PRETREAT_LIMIT }
    }
    case 'timeline': {
      const season = parseSeason(params.get('season'))
      const kinds = parseKinds(params.getAll('kind'), view.kinds)
      const pageText = params.get('page') ?? ''
      const page = /^\d{1,4}$/.test(pageText) ? Math.min(Math.max(Number(pageText), 1), MAX_TIMELINE_PAGE) : 1
      const [seasons, { entries, more }] = await Promise.all([
        timelineSeasons(db, storageId, { kinds: view.kinds, photosOf: view.photosOf }),
        storageTimeline(db, storageId, { kinds, photosOf: view.photosOf, season, limit: TIMELINE_PAGE, offset: (page - 1) * TIMELINE_PAGE }),
      ])
      return { tab, seasons, season: season?.year ?? null, kinds, allKinds: view.kinds, entries, more, page, links: view.links }
    }
    case 'ledger': {
      // the season asked for, else the newest with applications, else this one
      const seasons = await ledgerSeasons(db, storageId)
      const season = parseSeason(params.get('season')) ?? (seasons[0] !== undefined ? seasonOfYear(seasons[0]) : seasonOf(new Date()))
      const ledger = await storageSeasonLedger(db, storageId, season)
      const choices = [...new Set([seasonOf(new Date()).year, season.year, ...seasons])].sort((a, b) => b - a)
      return { tab, seasons: choices, ledger, linkPretreats: view.links.pretreat }
    }
    case 'conditions': {
      const seasons = await checkSeasons(db, storageId)
      // the season asked for, else the newest with checks, else this one
      const season = parseSeason(params.get('season')) ?? (seasons[0] !== undefined ? seasonOfYear(seasons[0]) : seasonOf(new Date()))
      const { readings, applications } = await seasonConditions(db, storageId, season)
      return { tab, seasons, season, readings, applications: view.pretreats ? applications : [] }
    }
    default:
      return { tab: 'equipment' as const }
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAccess(request, access)
  const id = requireId(params)
  const db = getDb()
  const url = new URL(request.url)
  const view = viewOf(user)
  const asked = url.searchParams.get('tab')
  const tab: Tab = view.tabs.find((t) => t === asked) ?? 'equipment'
  // the storage's open restart follow-ups, for those who follow them up (issue 24)
  const followUps = mayOpen(user, ACCESS['/follow-ups']) ? openFollowUpsOfStorage(db, id) : []
  const [storage, content, reentry, openFollowUps] = await Promise.all([storageDetail(db, id), readTab(db, tab, id, url, view), view.pretreats ? latestReentry(db, id) : null, followUps])
  // shown while people may not go in yet (the sheet's times are the storage's wall time, as the server's)
  const now = new Date().toLocaleString('sv-SE').slice(0, 16)
  return {
    storage: requireRecord(storage),
    tabs: view.tabs,
    content,
    reentry: reentry && reentry.from > now ? reentry : null,
    followUps: { rows: openFollowUps.slice(0, STORAGE_FOLLOW_UP_LIMIT), more: openFollowUps.length > STORAGE_FOLLOW_UP_LIMIT },
  }
}

export type LoaderData = Awaited<ReturnType<typeof loader>>
export type TabContent = LoaderData['content']
export type TabOf<T extends Tab> = Extract<TabContent, { tab: T }>
