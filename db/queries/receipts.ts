// Receipts: the form's trucks, a receipt row with its images (written by the command that checks
// it: commands/receipts.ts), the receipts as their list shows them, and one receipt for its detail.
import { sql, type Insertable } from 'kysely'
import type { ExpenseCategory, ReceiptType } from '#core/enums.ts'
import type { Executor } from '../client.server.ts'
import type { ReceiptsTable } from '../schema.ts'
import { userDisplayName } from './users.ts'
import { RECORD_PHOTO_COLUMNS, type RecordPhoto } from './record-photos.ts'

export interface TruckOption {
  id: number
  /** 'make model number', as the spec's trucks list shows a truck */
  name: string
}

/** Active trucks, by number. */
export async function truckOptions(db: Executor): Promise<TruckOption[]> {
  const rows = await db.selectFrom('trucks').select(['id', 'make', 'model', 'number']).where('active', '=', true).orderBy('number').execute()
  return rows.map((t) => ({ id: t.id, name: truckName(t) }))
}

export function truckName(t: { make: string; model: string; number: string }): string {
  return [t.make, t.model, t.number].filter((s) => s.trim() !== '').join(' ')
}

/** A new receipt row and its images (in upload order), in the caller's transaction. */
export async function insertReceipt(trx: Executor, row: Insertable<ReceiptsTable>, images: readonly string[]): Promise<number> {
  const { id } = await trx.insertInto('receipts').values(row).returning('id').executeTakeFirstOrThrow()
  if (images.length > 0) {
    await trx
      .insertInto('receipt_images')
      .values(images.map((blob_id, position) => ({ receipt_id: id, blob_id, position })))
      .execute()
  }
  return id
}

export type ReceiptImage = RecordPhoto

export interface ReceiptDetail {
  id: number
  type: ReceiptType
  date: string
  location: string
  total_amount: string
  truck: string | null
  mileage: string | null
  customer_name: string | null
  job_name: string | null
  service_sheet_number: number | null
  event: string
  category: ExpenseCategory | null
  created_by_name: string
  images: ReceiptImage[]
}

/** The receipts, aliased `r` as receiptListRows names them. */
export const receiptsAsR = (db: Executor) => db.selectFrom('receipts as r')

/**
 * Each receipt `receipts` selects as the Receipts list shows it (app/lists/receipt-list.server.ts):
 * date, type, location, total, truck number (t), customer (co), created by (u).
 */
export function receiptListRows(receipts: ReturnType<typeof receiptsAsR>) {
  return receipts
    .leftJoin('trucks as t', 't.id', 'r.truck_id')
    .leftJoin('companies as co', 'co.id', 'r.customer_id')
    .innerJoin('users as u', 'u.id', 'r.created_by')
    .select([
      'r.id',
      'r.date',
      'r.type',
      'r.location',
      'r.total_amount',
      't.number as truck_number',
      'co.company_name as customer_name',
      userDisplayName('u').as('created_by_name'),
      sql<boolean>`r.deleted_at is not null`.as('deleted'),
    ])
}

/** One receipt with the names of what it refers to and its images in upload order (its list row and the rest); undefined when there is none. */
export async function receiptDetail(db: Executor, id: number): Promise<ReceiptDetail | undefined> {
  const [row, images] = await Promise.all([
    receiptListRows(receiptsAsR(db))
      .leftJoin('jobs as j', 'j.id', 'r.job_id')
      .leftJoin('service_sheets as ss', 'ss.id', 'r.service_sheet_id')
      .select(['t.make as truck_make', 't.model as truck_model', 'r.mileage', 'j.name as job_name', 'ss.service_sheet_number', 'r.event', 'r.is_food'])
      .where('r.id', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('receipt_images as ri')
      .innerJoin('blobs as b', 'b.id', 'ri.blob_id')
      .select(RECORD_PHOTO_COLUMNS)
      .where('ri.receipt_id', '=', id)
      .where('ri.removed_at', 'is', null)
      .orderBy('ri.position')
      .orderBy('b.created_at')
      .execute(),
  ])
  if (!row) return undefined
  const { truck_make, truck_model, truck_number, is_food, ...rest } = row
  return {
    ...rest,
    truck: truck_number === null ? null : truckName({ make: truck_make ?? '', model: truck_model ?? '', number: truck_number }),
    category: is_food === null ? null : is_food ? 'Food' : 'Entertainment',
    images,
  }
}

/** A receipt as its form's fields hold it (the correction form, decision 0067); undefined when there is none. */
export async function receiptFormValues(db: Executor, id: number) {
  const row = await db
    .selectFrom('receipts as r')
    .leftJoin('companies as co', 'co.id', 'r.customer_id')
    .leftJoin('jobs as j', 'j.id', 'r.job_id')
    .leftJoin('service_sheets as ss', 'ss.id', 'r.service_sheet_id')
    .select(['r.type', 'r.date', 'r.location', 'r.total_amount', 'r.truck_id', 'r.mileage', 'r.is_food', 'r.event', 'co.company_name as customer', 'j.name as job', 'ss.service_sheet_number'])
    .where('r.id', '=', id)
    .executeTakeFirst()
  if (!row) return undefined
  const images = await db.selectFrom('receipt_images').select('blob_id').where('receipt_id', '=', id).where('removed_at', 'is', null).orderBy('position').execute()
  const text = (v: string | number | null) => (v === null ? '' : String(v))
  return {
    type: row.type,
    values: {
      type: row.type,
      date: row.date,
      location: row.location,
      total_amount: row.total_amount,
      truck_id: text(row.truck_id),
      mileage: row.mileage === null ? '' : String(Number(row.mileage)),
      category: row.is_food === null ? 'Food' : row.is_food ? 'Food' : 'Entertainment',
      customer: text(row.customer),
      event: row.event,
      job: text(row.job),
      service_sheet: text(row.service_sheet_number),
    },
    images: images.map((i) => i.blob_id),
  }
}
