// What the review editor reads: one review, its sheet (hours of every level, service details),
// the sheet's part lines with their flags, and the comments of the sheet's other reviews.
import { sql } from 'kysely'
import type { SheetHours } from '#core/service-hours.ts'
import type { ServiceSheetStatus } from '../schema.ts'
import { serviceSheetListRows, serviceSheetsAsSs } from './service-sheets.ts'
import { userDisplayName } from './users.ts'
import type { ReviewLevel, ServiceReviewStatus, ServiceType } from '#core/enums.ts'
import type { Executor } from '../client.server.ts'
import type { NamedPlace } from './place-choices.ts'

export const HOUR_COLUMNS = [
  'travel_hours',
  'labor_hours',
  'travel_hours1',
  'travel_hours2',
  'travel_hours3',
  'labor_hours1',
  'labor_hours2',
  'labor_hours3',
  'nc1_travel',
  'nc2_travel',
  'nc3_travel',
  'nc1_labor',
  'nc2_labor',
  'nc3_labor',
] as const satisfies readonly (keyof SheetHours)[]

type HourColumn = (typeof HOUR_COLUMNS)[number]

/** numeric columns arrive as strings from pg */
export function hoursOf(row: Record<HourColumn, string | number>): SheetHours {
  return Object.fromEntries(HOUR_COLUMNS.map((c) => [c, Number(row[c])])) as unknown as SheetHours
}

/** The row without its hour columns (they travel as `hours`). */
function withoutHours<R extends Record<HourColumn, unknown>>(row: R): Omit<R, HourColumn> {
  const rest: Partial<R> = { ...row }
  for (const column of HOUR_COLUMNS) delete rest[column]
  return rest as Omit<R, HourColumn>
}

export interface ReviewRow {
  id: number
  service_sheet_id: number
  review_level: ReviewLevel
  status: ServiceReviewStatus
  comments: string
  version: number
  reviewed_by: number | null
  reviewed_at: Date | null
  reviewed_by_name: string | null
}

/** One review; with `lock`, locked until the transaction ends (a change of the review starts there). */
export function reviewById(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<ReviewRow | undefined> {
  const query = db
    .selectFrom('service_reviews as r')
    .leftJoin('users as u', 'u.id', 'r.reviewed_by')
    .select(['r.id', 'r.service_sheet_id', 'r.review_level', 'r.status', 'r.comments', 'r.version', 'r.reviewed_by', 'r.reviewed_at', userDisplayName('u').as('reviewed_by_name')])
    .where('r.id', '=', id)
  return (options.lock ? query.forUpdate('r') : query).executeTakeFirst()
}

export interface ReviewSheet extends NamedPlace {
  id: number
  service_sheet_number: number
  status: ServiceSheetStatus
  service_date: string
  requested_by: string
  po_number: string
  service_rendered: ServiceType[]
  other_service: string
  description: string
  notes: string
  created_by_name: string
  hours: SheetHours
}

export async function reviewSheet(db: Executor, sheetId: number): Promise<ReviewSheet | undefined> {
  // the sheet's list row (its names), and what the review editor shows besides
  const row = await serviceSheetListRows(serviceSheetsAsSs(db))
    .select(['ss.status', 'ss.company_id', 'ss.storage_id', 'ss.requested_by', 'ss.po_number', 'ss.description', 'ss.notes', ...HOUR_COLUMNS.map((c) => `ss.${c}` as const)])
    .where('ss.id', '=', sheetId)
    .executeTakeFirst()
  if (!row) return undefined
  const rest = withoutHours(row)
  return { ...rest, service_sheet_number: Number(rest.service_sheet_number), hours: hoursOf(row) }
}

export interface ReviewPartLine {
  id: number
  part_id: number
  part_number: string
  part_description: string
  is_special: boolean
  quantity: number
  description: string
  nc1: boolean
  nc2: boolean
  nc3: boolean
  marked_for_deletion1: boolean
  marked_for_deletion2: boolean
  marked_for_deletion3: boolean
  added_at_level: number
}

export async function sheetPartLines(db: Executor, sheetId: number): Promise<ReviewPartLine[]> {
  const rows = await db
    .selectFrom('service_sheet_parts as sp')
    .innerJoin('parts as p', 'p.id', 'sp.part_id')
    .select([
      'sp.id',
      'sp.part_id',
      'p.part_number',
      'p.description as part_description',
      'p.is_special',
      'sp.quantity',
      'sp.description',
      'sp.nc1',
      'sp.nc2',
      'sp.nc3',
      'sp.marked_for_deletion1',
      'sp.marked_for_deletion2',
      'sp.marked_for_deletion3',
      'sp.added_at_level',
    ])
    .where('sp.service_sheet_id', '=', sheetId)
    .orderBy('sp.id')
    .execute()
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }))
}

export interface LevelComment {
  level: ReviewLevel
  comments: string
  reviewed_by_name: string | null
  reviewed_at: Date | null
}

/** The comments of the sheet's levels below `level` (what the level 2 and 3 editors show above). */
export function earlierComments(db: Executor, sheetId: number, level: ReviewLevel): Promise<LevelComment[]> {
  return db
    .selectFrom('service_reviews as r')
    .leftJoin('users as u', 'u.id', 'r.reviewed_by')
    .select(['r.review_level as level', 'r.comments', userDisplayName('u').as('reviewed_by_name'), 'r.reviewed_at'])
    .where('r.service_sheet_id', '=', sheetId)
    .where('r.review_level', '<', level)
    .orderBy('r.review_level')
    .execute()
}

export interface DetailsChange {
  level: number
  by: string | null
  at: Date
  from: { company: string; storage: string; job: string | null }
  to: { company: string; storage: string; job: string | null }
}

/** Changes of company, storage or job made in review level `level` (from the workflow history). */
export async function detailsChangesAt(db: Executor, sheetId: number, level: ReviewLevel): Promise<DetailsChange[]> {
  const rows = await db
    .selectFrom('workflow_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .select(['e.details', 'e.at', userDisplayName('u').as('by')])
    .where('e.entity', '=', 'service_sheet')
    .where('e.entity_id', '=', sheetId)
    .where(sql<boolean>`e.details->>'kind' = 'service-details' and (e.details->>'level')::int = ${level}`)
    .orderBy('e.at')
    .execute()
  return rows.map((r) => {
    const d = (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as Pick<DetailsChange, 'from' | 'to'>
    return { level, by: r.by, at: r.at, from: d.from, to: d.to }
  })
}
