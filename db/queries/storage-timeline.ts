// Everything that happened at one storage, newest first (/view-storage/{id}?tab=timeline): one
// UNION ALL over the kinds asked for, each part walking its table's (storage_id, date) index, so
// a storage with years of history reads only the season asked for, or the newest `limit` entries.
// Which kinds a user may see is the page's business: it passes only those.
import { sql, type RawBuilder } from 'kysely'
import type { Season } from '#core/season.ts'
import type { TimelineKind } from '#core/storage-timeline.ts'
import type { Executor } from '#db/client.server.ts'

/** What a photo is attached to: its link goes there. */
export type PhotoOf = 'sheet' | 'check' | 'storage'

export interface TimelineEntry {
  kind: TimelineKind
  /** the record's id (a photo's: the record it is attached to) */
  id: number
  /** 'yyyy-mm-dd' */
  date: string
  /** a call's reason, a sheet's description, a check's fill and variety, a photo's file name… */
  text: string
  /** a sheet's or pre-treat's status, a restart's 'pending' or 'completed' */
  state: string | null
  /** a sheet's number, a pre-treat's (also on its restart) */
  number: string | null
  /** photos only */
  photoOf: PhotoOf | null
  blobId: string | null
}

export interface TimelineQuery {
  kinds: readonly TimelineKind[]
  /** whose photos to include (the records the user may open); storage photos always */
  photosOf: readonly PhotoOf[]
  season: Season | null
  /** most entries read (one more is read to tell whether there are more) */
  limit: number
  /** entries skipped, newest first (a later page) */
  offset?: number
}

const utcDate = (column: string) => sql`timezone('UTC', ${sql.ref(column)})::date`

function inSeason(column: RawBuilder<unknown> | string, season: Season | null) {
  const col = typeof column === 'string' ? sql.ref(column) : column
  return season ? sql`and ${col} >= ${season.start}::date and ${col} < ${season.end}::date` : sql``
}

/** One SELECT per kind, all with the same columns: kind, id, day, at (tie-break), text, state, number, photo_of, blob_id. */
function parts(storageId: number, q: Pick<TimelineQuery, 'kinds' | 'photosOf' | 'season'>): RawBuilder<unknown>[] {
  const { season } = q
  const out: RawBuilder<unknown>[] = []
  const has = (k: TimelineKind) => q.kinds.includes(k)
  if (has('call'))
    out.push(sql`select 'call'::text as kind, c.id, c.call_in_date as day, c.created_at as at, c.description as text, null::text as state, null::text as number, null::text as photo_of, null::uuid as blob_id
      from call_ins c where c.storage_id = ${storageId} ${inSeason('c.call_in_date', season)}`)
  if (has('sheet'))
    out.push(sql`select 'sheet'::text, ss.id, ss.service_date, ss.created_at, ss.description, ss.status::text, ss.service_sheet_number::text, null::text, null::uuid
      from service_sheets ss where ss.storage_id = ${storageId} ${inSeason('ss.service_date', season)}`)
  if (has('check'))
    out.push(sql`select 'check'::text, sc.id, sc.date_inspected, sc.created_at, sc.fill_status || ' · ' || sc.variety, null::text, null::text, null::text, null::uuid
      from storage_checks sc where sc.storage_id = ${storageId} and sc.deleted_at is null ${inSeason('sc.date_inspected', season)}`)
  const pretreatDay = sql`coalesce(p.application_date, ${utcDate('p.created_at')})`
  if (has('pretreat'))
    out.push(sql`select 'pretreat'::text, p.id, ${pretreatDay}, p.created_at, p.treated_for || ' · ' || p.stock_type || case when p.void then ' · VOID' else '' end, p.status::text, p.pre_treat_number, null::text, null::uuid
      from pretreats p where p.storage_id = ${storageId} ${inSeason(pretreatDay, season)}`)
  const restartDay = sql`timezone('UTC', coalesce(r.completed_at, r.created_at))::date`
  if (has('restart'))
    out.push(sql`select 'restart'::text, r.id, ${restartDay}, r.created_at, r.comments, case when r.completed_at is null then 'pending' else 'completed' end, p.pre_treat_number, null::text, null::uuid
      from restarts r join pretreats p on p.id = r.pretreat_id where p.storage_id = ${storageId} ${inSeason(restartDay, season)}`)
  if (has('photo')) {
    // a record's photos are dated by the record (they were taken there); the storage's own by their upload
    if (q.photosOf.includes('sheet'))
      out.push(sql`select 'photo'::text, ss.id, ss.service_date, b.created_at, b.filename, null::text, ss.service_sheet_number::text, 'sheet'::text, b.id
        from service_sheets ss join service_sheet_images i on i.service_sheet_id = ss.id join blobs b on b.id = i.blob_id
        where ss.storage_id = ${storageId} ${inSeason('ss.service_date', season)}`)
    if (q.photosOf.includes('check'))
      out.push(sql`select 'photo'::text, sc.id, sc.date_inspected, b.created_at, b.filename, null::text, null::text, 'check'::text, b.id
        from storage_checks sc join storage_check_images i on i.storage_check_id = sc.id join blobs b on b.id = i.blob_id
        where sc.storage_id = ${storageId} and sc.deleted_at is null and i.removed_at is null ${inSeason('sc.date_inspected', season)}`)
    if (q.photosOf.includes('storage'))
      out.push(sql`select 'photo'::text, i.storage_id, ${utcDate('b.created_at')}, b.created_at, b.filename, null::text, null::text, 'storage'::text, b.id
        from storage_images i join blobs b on b.id = i.blob_id
        where i.storage_id = ${storageId} ${inSeason(utcDate('b.created_at'), season)}`)
  }
  return out
}

interface Row {
  kind: TimelineKind
  id: number | string
  day: string
  text: string
  state: string | null
  number: string | null
  photo_of: PhotoOf | null
  blob_id: string | null
}

/** The entries, newest first (a page of `limit` after `offset`), and whether there are more after them. */
export async function storageTimeline(db: Executor, storageId: number, q: TimelineQuery): Promise<{ entries: TimelineEntry[]; more: boolean }> {
  const selects = parts(storageId, q)
  if (selects.length === 0) return { entries: [], more: false }
  const { rows } =
    await sql<Row>`select * from (${sql.join(selects, sql` union all `)}) as t(kind, id, day, at, text, state, number, photo_of, blob_id) order by day desc, at desc, kind, id desc, blob_id limit ${q.limit + 1} offset ${q.offset ?? 0}`.execute(
      db,
    )
  return {
    more: rows.length > q.limit,
    entries: rows.slice(0, q.limit).map((r) => ({
      kind: r.kind,
      id: Number(r.id),
      date: r.day,
      text: r.text,
      state: r.state,
      number: r.number,
      photoOf: r.photo_of,
      blobId: r.blob_id,
    })),
  }
}

/** The seasons (starting years) in which anything of `kinds` happened, newest first. */
export async function timelineSeasons(db: Executor, storageId: number, q: Pick<TimelineQuery, 'kinds' | 'photosOf'>): Promise<number[]> {
  const selects = parts(storageId, { ...q, season: null })
  if (selects.length === 0) return []
  const { rows } = await sql<{
    year: number
  }>`select distinct extract(year from day - interval '6 months')::int as year from (${sql.join(selects, sql` union all `)}) as t(kind, id, day, at, text, state, number, photo_of, blob_id) order by year desc`.execute(
    db,
  )
  return rows.map((r) => Number(r.year))
}
