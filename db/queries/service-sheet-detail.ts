// One service sheet as the detail modals show it (Completed Service Sheets and the tracker): the
// sheet with its displayed hours, its part lines as of the last approved review level, its images
// (with the addresses the caller gives them) and where each review level stands.
import { displayedHours, type LevelValues } from '#core/service-hours.ts'
import type { Executor } from '../client.server.ts'
import { reviewSheet, sheetPartLines, type ReviewSheet } from './service-reviews.ts'
import { userDisplayName } from './users.ts'
import type { ReviewLevel, ServiceReviewStatus } from '#core/enums.ts'
import { RECORD_PHOTO_COLUMNS, type RecordPhoto } from './record-photos.ts'

export interface DetailPartLine {
  id: number
  part_number: string
  /** the line's own text (special parts), else the part's */
  description: string
  quantity: number
  /** non-chargeable, as the last approved level left it */
  nc: boolean
  /** marked for deletion by the last approved level: shown struck through */
  removed: boolean
}

export interface DetailImage extends RecordPhoto {
  url: string
}

export interface LevelStatus {
  level: ReviewLevel
  /** null: the chain has not reached this level yet */
  status: ServiceReviewStatus | null
  reviewed_by_name: string | null
  reviewed_at: Date | null
}

export interface ServiceSheetDetail extends Omit<ReviewSheet, 'hours'> {
  hours: LevelValues
  parts: DetailPartLine[]
  images: DetailImage[]
  levels: LevelStatus[]
  called_in_at: Date | null
  submitted_completed: boolean
  submitted_at: Date | null
}

/** A stored image of a sheet, for the caller to give an address. */
export type StoredImage = RecordPhoto

/** A sheet's photos, in the order they were attached (the sheet's detail and its review editor show them). */
export function sheetImages(db: Executor, sheetId: number): Promise<StoredImage[]> {
  return db
    .selectFrom('service_sheet_images as si')
    .innerJoin('blobs as b', 'b.id', 'si.blob_id')
    .select(RECORD_PHOTO_COLUMNS)
    .where('si.service_sheet_id', '=', sheetId)
    .orderBy('si.position')
    .orderBy('b.created_at')
    .execute()
}

export async function serviceSheetDetail(db: Executor, id: number, imageUrl: (image: StoredImage) => string): Promise<ServiceSheetDetail | undefined> {
  const [sheet, lines, images, reviews, status] = await Promise.all([
    reviewSheet(db, id),
    sheetPartLines(db, id),
    sheetImages(db, id),
    db
      .selectFrom('service_reviews as r')
      .leftJoin('users as u', 'u.id', 'r.reviewed_by')
      .select(['r.review_level', 'r.status', 'r.reviewed_at', userDisplayName('u').as('reviewed_by_name')])
      .where('r.service_sheet_id', '=', id)
      .execute(),
    db.selectFrom('service_status').select(['called_in_at', 'submitted_completed', 'submitted_at']).where('service_sheet_id', '=', id).executeTakeFirst(),
  ])
  if (!sheet) return undefined

  const levels: LevelStatus[] = ([1, 2, 3] as const).map((level) => {
    const review = reviews.find((r) => Number(r.review_level) === level)
    return { level, status: review?.status ?? null, reviewed_by_name: review?.reviewed_by_name ?? null, reviewed_at: review?.reviewed_at ?? null }
  })
  // The part lines as the last approved level left them (level 0: as the technician sent them).
  // Lines that level marked for deletion stay in the table struck through, so a reader sees what
  // was billed and what the reviewers took off; lines added by a review not yet approved are left out.
  const last = Math.max(0, ...levels.filter((l) => l.status === 'approved').map((l) => l.level)) as 0 | ReviewLevel
  const parts = lines
    .filter((line) => line.added_at_level <= last)
    .map((line) => ({
      id: line.id,
      part_number: line.part_number,
      description: line.description || line.part_description,
      quantity: line.quantity,
      nc: last === 0 ? false : line[`nc${last}`],
      removed: last === 0 ? false : line[`marked_for_deletion${last}`],
    }))

  const { hours, ...rest } = sheet
  return {
    ...rest,
    hours: displayedHours(hours),
    parts,
    images: images.map((image) => ({ ...image, url: imageUrl(image) })),
    levels,
    called_in_at: status?.called_in_at ?? null,
    submitted_completed: status?.submitted_completed ?? false,
    submitted_at: status?.submitted_at ?? null,
  }
}
