// Receipts: the form's look-ups (trucks, customers, jobs), creating a receipt with its images, and
// one receipt for its detail. Creating checks what the schema cannot (core/schemas/receipt.ts):
// the truck, customer, job and sheet exist, and a Parts receipt's job and sheet are its customer's.
// A resent form (same submission id) creates nothing new; bad input throws InputError, saving nothing.
import { InputError } from '#core/errors.ts'
import type { ExpenseCategory, ReceiptType } from '#core/enums.ts'
import { RECEIPT_MESSAGES, type ReceiptInput } from '#core/schemas/receipt.ts'
import type { Executor } from '../client.server.ts'
import { companyByName, jobByName } from './registry.ts'
import { userDisplayName } from './users.ts'

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

/** The ids a receipt row holds, once the names the form sent are looked up. */
interface Resolved {
  truck_id: number | null
  customer_id: number | null
  job_id: number | null
  service_sheet_id: number | null
}

/** Each name and number the form sent, looked up; every unknown or mismatched one is a field message. */
async function resolve(db: Executor, input: ReceiptInput): Promise<Resolved> {
  const problems: Record<string, string> = {}
  const resolved: Resolved = { truck_id: null, customer_id: null, job_id: null, service_sheet_id: null }
  if (input.type === 'Fuel') {
    const truck = await db.selectFrom('trucks').select('id').where('id', '=', input.truck_id!).where('active', '=', true).executeTakeFirst()
    if (truck) resolved.truck_id = truck.id
    else problems.truck_id = RECEIPT_MESSAGES.truck
    return finish(problems, resolved)
  }
  if (input.customer) {
    const customer = await companyByName(db, input.customer)
    if (customer) resolved.customer_id = customer.id
    else problems.customer = RECEIPT_MESSAGES.customer
  }
  if (input.type === 'Expenses') return finish(problems, resolved)
  // Parts: the job and the sheet are optional; when a customer is named they must be its own.
  if (input.job) {
    const job = await jobByName(db, input.job)
    if (!job) problems.job = RECEIPT_MESSAGES.job
    else if (resolved.customer_id !== null && job.company_id !== resolved.customer_id) problems.job = RECEIPT_MESSAGES.jobNotCustomers
    else resolved.job_id = job.id
  }
  if (input.service_sheet !== undefined) {
    const sheet = await db.selectFrom('service_sheets').select(['id', 'company_id']).where('service_sheet_number', '=', input.service_sheet).executeTakeFirst()
    if (!sheet) problems.service_sheet = RECEIPT_MESSAGES.sheet
    else if (resolved.customer_id !== null && sheet.company_id !== resolved.customer_id) problems.service_sheet = RECEIPT_MESSAGES.sheetNotCustomers
    else resolved.service_sheet_id = sheet.id
  }
  return finish(problems, resolved)
}

function finish(problems: Record<string, string>, resolved: Resolved): Resolved {
  if (Object.keys(problems).length > 0) throw new InputError(problems)
  return resolved
}

/**
 * Saves the receipt and links its images (already stored, this user's, of the receipts area: see
 * app/upload-form.server.ts), in one transaction. Only the chosen type's block is kept.
 */
export async function createReceipt(db: Executor, userId: number, input: ReceiptInput): Promise<{ id: number; created: boolean }> {
  const earlier = await receiptOfSubmission(db, input.submission_id)
  if (earlier) return { id: earlier.id, created: false }
  const ids = await resolve(db, input)
  const images = [...new Set(input.images.map((id) => id.toLowerCase()))]
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('receipts')
      .values({
        submission_id: input.submission_id,
        type: input.type,
        date: input.date,
        location: input.location,
        total_amount: input.total_amount.toFixed(2),
        ...ids,
        mileage: input.type === 'Fuel' ? input.mileage! : null,
        event: input.type === 'Expenses' ? input.event : '',
        is_food: input.type === 'Expenses' ? input.category === 'Food' : null,
        created_by: userId,
      })
      // a second send racing the first: the first one's receipt stands
      .onConflict((oc) => oc.column('submission_id').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!inserted) return { id: (await receiptOfSubmission(trx, input.submission_id))!.id, created: false }
    if (images.length > 0) {
      await trx
        .insertInto('receipt_images')
        .values(images.map((blob_id, position) => ({ receipt_id: inserted.id, blob_id, position })))
        .execute()
    }
    return { id: inserted.id, created: true }
  })
}

function receiptOfSubmission(db: Executor, submissionId: string) {
  return db.selectFrom('receipts').select('id').where('submission_id', '=', submissionId).executeTakeFirst()
}

export interface ReceiptImage {
  id: string
  filename: string
}

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

/** One receipt with the names of what it refers to and its images in upload order; undefined when there is none. */
export async function receiptDetail(db: Executor, id: number): Promise<ReceiptDetail | undefined> {
  const [row, images] = await Promise.all([
    db
      .selectFrom('receipts as r')
      .leftJoin('trucks as t', 't.id', 'r.truck_id')
      .leftJoin('companies as co', 'co.id', 'r.customer_id')
      .leftJoin('jobs as j', 'j.id', 'r.job_id')
      .leftJoin('service_sheets as ss', 'ss.id', 'r.service_sheet_id')
      .innerJoin('users as u', 'u.id', 'r.created_by')
      .select([
        'r.id',
        'r.type',
        'r.date',
        'r.location',
        'r.total_amount',
        't.make as truck_make',
        't.model as truck_model',
        't.number as truck_number',
        'r.mileage',
        'co.company_name as customer_name',
        'j.name as job_name',
        'ss.service_sheet_number',
        'r.event',
        'r.is_food',
        userDisplayName('u').as('created_by_name'),
      ])
      .where('r.id', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('receipt_images as ri')
      .innerJoin('blobs as b', 'b.id', 'ri.blob_id')
      .select(['b.id', 'b.filename'])
      .where('ri.receipt_id', '=', id)
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
