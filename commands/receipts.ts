// Creating a receipt: what the schema cannot check (core/schemas/receipt.ts) — the truck, customer,
// job and sheet exist, a Parts receipt's job and sheet are its customer's, and its images are the
// user's own uploads — then the receipt with its images. Only the chosen type's block is kept.
import { InputError } from '#core/errors.ts'
import { RECEIPT_MESSAGES, ReceiptSchema, type ReceiptInput } from '#core/schemas/receipt.ts'
import type { Executor } from '#db/client.server.ts'
import { insertReceipt } from '#db/queries/receipts.ts'
import { companyByName, jobByName } from '#db/queries/registry.ts'
import { defineCommand } from './command.ts'
import { requireOwnImages } from './rules.ts'

/** The ids a receipt row holds, once the names the form sent are looked up. */
export interface Resolved {
  truck_id: number | null
  customer_id: number | null
  job_id: number | null
  service_sheet_id: number | null
}

/** Each name and number the form sent, looked up; every unknown or mismatched one is a field message. */
export async function resolveReceiptNames(db: Executor, input: Omit<ReceiptInput, 'submission_id'>): Promise<Resolved> {
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

/** What a receipt row holds of the form (a new receipt's, or a correction's): its names looked up, the type's own fields. */
export async function receiptColumns(db: Executor, input: Omit<ReceiptInput, 'submission_id'>) {
  const ids = await resolveReceiptNames(db, input)
  return {
    date: input.date,
    location: input.location,
    total_amount: input.total_amount.toFixed(2),
    ...ids,
    mileage: input.type === 'Fuel' ? input.mileage! : null,
    event: input.type === 'Expenses' ? input.event : '',
    is_food: input.type === 'Expenses' ? input.category === 'Food' : null,
  }
}

function finish(problems: Record<string, string>, resolved: Resolved): Resolved {
  if (Object.keys(problems).length > 0) throw new InputError(problems)
  return resolved
}

export const createReceipt = defineCommand({
  name: 'receipts.create',
  resentAnew: ['images'],
  schema: ReceiptSchema,
  async run(trx, actor, input) {
    const columns = await receiptColumns(trx, input)
    const images = await requireOwnImages(trx, actor, 'receipts', input.images)
    const id = await insertReceipt(
      trx,
      {
        submission_id: input.submission_id,
        type: input.type,
        ...columns,
        created_by: actor.id,
      },
      images,
    )
    return { id }
  },
})
