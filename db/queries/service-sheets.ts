// Service sheets as the sheet form writes them: sheet numbers handed out when the form opens, the
// sheet with its part lines and images, and the look-ups the form and its checks need; and the
// sheets as the Completed Service Sheets list shows them.
import { sql } from 'kysely'
import type { ServiceType } from '#core/enums.ts'
import { inTransaction, type Executor } from '../client.server.ts'
import { userDisplayName } from './users.ts'
import type { NamedPlace } from './place-choices.ts'

/**
 * The sheet number the form shows when it opens (spec: "assigned by the server when the form
 * opens"): the user's open reservation, or a new one when they have none. A user holds at most one
 * open number (service_sheet_numbers_open_uq), so reloads and links reuse it and leave no gaps; a
 * sheet saved with it uses it up, and the next form gets the next number. Numbers are never reused.
 */
export async function reserveSheetNumber(db: Executor, userId: number): Promise<number> {
  const open = await openSheetNumber(db, userId)
  if (open !== undefined) return open
  // One reservation at a time per user: a second request waits here and then finds the first's
  // number, instead of drawing a number from the sequence that it would then throw away.
  const reserve = async (trx: Executor) => {
    await sql`select pg_advisory_xact_lock(${RESERVATION_LOCK}::int, ${userId}::int)`.execute(trx)
    return (await openSheetNumber(trx, userId)) ?? (await trx.insertInto('service_sheet_numbers').values({ reserved_by: userId }).returning('number').executeTakeFirstOrThrow()).number
  }
  return inTransaction(db, reserve)
}

/**
 * A number for a sheet filled with no signal (its form opened from the device, issue 22), drawn
 * when the sheet reaches the server and used at once: it is nobody's open reservation, so a form
 * open online in another tab keeps the number it shows.
 */
export async function drawSheetNumber(trx: Executor): Promise<number> {
  return (await trx.insertInto('service_sheet_numbers').values({ reserved_by: null }).returning('number').executeTakeFirstOrThrow()).number
}

/** The advisory-lock namespace of sheet-number reservations (the second key is the user id). */
const RESERVATION_LOCK = 7_001

/** Until the caller's transaction ends, other saves with this sheet number wait (two tabs of one form). */
export async function lockSheetNumber(trx: Executor, number: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`service-sheet-number:${number}`}, 0))`.execute(trx)
}

/** Until the caller's transaction ends, other sheets made from this call wait. */
export async function lockCall(trx: Executor, callId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`call-sheet:${callId}`}, 0))`.execute(trx)
}

async function openSheetNumber(db: Executor, userId: number): Promise<number | undefined> {
  const row = await db.selectFrom('service_sheet_numbers').select('number').where('reserved_by', '=', userId).where('used_by_sheet', 'is', null).executeTakeFirst()
  return row?.number
}

export function sheetNumberRow(db: Executor, number: number): Promise<{ reserved_by: number | null; used_by_sheet: number | null } | undefined> {
  return db.selectFrom('service_sheet_numbers').select(['reserved_by', 'used_by_sheet']).where('number', '=', number).executeTakeFirst()
}

export interface NewServiceSheet {
  submission_id: string
  service_sheet_number: number
  company_id: number
  storage_id: number
  job_id: number | null
  call_in_id: number | null
  created_by: number
  service_date: string
  po_number: string
  requested_by: string
  service_rendered: ServiceType[]
  other_service: string
  description: string
  notes: string
  travel_hours: number
  labor_hours: number
  parts: { part_id: number; quantity: number; description: string }[]
  /** blob ids, in the order shown */
  images: string[]
}

/**
 * Inserts the sheet, its part lines (added on the sheet form: level 0) and its images (checked by
 * commands/service-sheets.ts); returns its id and number. Call it inside a transaction, so a sheet
 * never exists without its lines.
 */
export async function insertServiceSheet(trx: Executor, sheet: NewServiceSheet): Promise<{ id: number; service_sheet_number: number }> {
  const { parts, images, ...row } = sheet
  const inserted = await trx.insertInto('service_sheets').values(row).returning(['id', 'service_sheet_number']).executeTakeFirstOrThrow()
  if (parts.length > 0) {
    await trx
      .insertInto('service_sheet_parts')
      .values(parts.map((p) => ({ service_sheet_id: inserted.id, part_id: p.part_id, quantity: p.quantity, description: p.description, added_at_level: 0 })))
      .execute()
  }
  if (images.length > 0) {
    await trx
      .insertInto('service_sheet_images')
      .values(images.map((blob_id, position) => ({ service_sheet_id: inserted.id, blob_id, position })))
      .execute()
  }
  return inserted
}

export function existingSheet(db: Executor, submissionId: string): Promise<{ id: number; service_sheet_number: number; created_by: number } | undefined> {
  return db.selectFrom('service_sheets').select(['id', 'service_sheet_number', 'created_by']).where('submission_id', '=', submissionId).executeTakeFirst()
}

/** The active parts among `ids`. */
export function activePartsById(db: Executor, ids: readonly number[]): Promise<{ id: number; is_special: boolean }[]> {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .selectFrom('parts')
    .select(['id', 'is_special'])
    .where('id', 'in', [...new Set(ids)])
    .where('active', '=', true)
    .execute()
}

export interface CallForSheet extends NamedPlace {
  id: number
  call_in_date: string
  requested_by: string
  description: string
  /** the number of the sheet already made from this call, if any */
  sheet_number: number | null
}

/** A call with what a sheet made from it is prefilled with, and its sheet if it has one. */
export function callForSheet(db: Executor, callId: number): Promise<CallForSheet | undefined> {
  return db
    .selectFrom('call_ins as ci')
    .innerJoin('companies as c', 'c.id', 'ci.company_id')
    .innerJoin('storages as s', 's.id', 'ci.storage_id')
    .leftJoin('jobs as j', 'j.id', 'ci.job_id')
    .leftJoin('service_sheets as ss', 'ss.call_in_id', 'ci.id')
    .select([
      'ci.id',
      'ci.call_in_date',
      'ci.company_id',
      'c.company_name',
      'ci.storage_id',
      's.name as storage_name',
      'ci.job_id',
      'j.name as job_name',
      'ci.requested_by',
      'ci.description',
      'ss.service_sheet_number as sheet_number',
    ])
    .where('ci.id', '=', callId)
    .executeTakeFirst()
}

/** The service sheets, aliased `ss` as serviceSheetListRows names them. */
export const serviceSheetsAsSs = (db: Executor) => db.selectFrom('service_sheets as ss')

/**
 * Each sheet `sheets` selects as Completed Service Sheets shows it (app/lists/service-sheet-list.server.ts):
 * date, number, company (co), storage (st), job (j, optional), created by (u), service rendered.
 */
export function serviceSheetListRows(sheets: ReturnType<typeof serviceSheetsAsSs>) {
  return sheets
    .innerJoin('companies as co', 'co.id', 'ss.company_id')
    .innerJoin('storages as st', 'st.id', 'ss.storage_id')
    .leftJoin('jobs as j', 'j.id', 'ss.job_id')
    .innerJoin('users as u', 'u.id', 'ss.created_by')
    .select([
      'ss.id',
      'ss.service_date',
      'ss.service_sheet_number',
      'co.company_name',
      'st.name as storage_name',
      'ss.job_id',
      'j.name as job_name',
      userDisplayName('u').as('created_by_name'),
      'ss.service_rendered',
      'ss.other_service',
    ])
}
