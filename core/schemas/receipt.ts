// The receipt form's schema, used by the browser (conform) and the server alike. The type decides
// which block is required (spec §5): Fuel a truck and mileage; Expenses a category, customer and
// event; Parts nothing more (customer, job and sheet optional). What needs the database (is the
// truck, customer, job or sheet known, are the job and sheet the customer's) is checked by
// db/queries/receipts.ts. Fields of another type's block are ignored, not refused: the form
// resets them when the type changes.
import { z } from 'zod'
import { EXPENSE_CATEGORIES, RECEIPT_TYPES } from '#core/enums.ts'
import { date, decimal, id, oneLineText, uuid, wholeNumber } from './fields.ts'
import { PLACE_MESSAGES } from './place.ts'

/** The spec's image upload error (two spaces, exact), also what a receipt without an image gets. */
export const IMAGE_REQUIRED = 'Error while uploading images.  Please try again.'

/** Money: 0 or more in cents; far above any receipt, well inside numeric(12, 2) and exact in a double. */
export const TOTAL_MAX = 1_000_000
export const TOTAL_STEP = 0.01
/** Odometer miles, a whole number; numeric(10, 1) holds it. */
export const MILEAGE_MAX = 99_999_999

export const RECEIPT_MESSAGES = {
  type: 'Choose a receipt type.',
  truck: 'Choose a truck from the list.',
  mileage: 'Mileage is required.',
  category: 'Choose a category.',
  customer: PLACE_MESSAGES.company,
  customerRequired: 'Customer is required.',
  event: 'Event is required.',
  job: PLACE_MESSAGES.job,
  jobNotCustomers: "That job is not one of this customer's jobs.",
  sheet: 'No service sheet has that number.',
  sheetNotCustomers: "That service sheet is not this customer's.",
} as const

/** Without JavaScript, the Parts block's button that shows the chosen customer's jobs (the form comes back, nothing saved). */
export const SHOW_JOBS_INTENT = 'show-jobs'

const imageIds = z.array(uuid('An image was not uploaded. Please add it again.')).max(20, 'Too many images (max 20).').default([])

/** The receipt's fields, before the rules between them (receiptRules): a correction extends them (core/corrections.ts). */
export const ReceiptFields = z.object({
  submission_id: uuid(),
  type: z.enum(RECEIPT_TYPES, { error: RECEIPT_MESSAGES.type }),
  date: date('Date'),
  location: oneLineText('Location'),
  total_amount: decimal('Total', { min: 0, max: TOTAL_MAX, step: TOTAL_STEP }),
  // Fuel
  truck_id: id(RECEIPT_MESSAGES.truck).optional(),
  mileage: wholeNumber('Mileage', { max: MILEAGE_MAX }).optional(),
  // Expenses
  category: z.enum(EXPENSE_CATEGORIES, { error: RECEIPT_MESSAGES.category }).optional(),
  event: oneLineText('Event', { optional: true }),
  // Expenses and Parts: the names typed in the autocompletes, and the sheet's number
  customer: oneLineText('Customer', { optional: true }),
  job: oneLineText('Job', { optional: true }),
  service_sheet: wholeNumber('Service sheet number', { min: 1 }).optional(),
  // The server reads the stored images here (app/upload-form.server.ts); in the browser, the
  // images uploaded by JavaScript are in images_ids until the post, and the photos kept on the
  // device for the outbox in images_local (the server never sees that field: the upload form drops it).
  images: imageIds,
  images_ids: imageIds,
  images_local: imageIds.optional(),
})

/** What the type requires, and the image: the rules between the fields, for ReceiptSchema and the correction's schema. */
export const receiptRules = [
  (value: z.output<typeof ReceiptFields>, ctx: z.RefinementCtx) => {
    // Runs even when other fields are wrong (so every message shows at once): read defensively.
    const missing = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
    if (value.type === 'Fuel') {
      if (value.truck_id === undefined) missing('truck_id', RECEIPT_MESSAGES.truck)
      if (value.mileage === undefined) missing('mileage', RECEIPT_MESSAGES.mileage)
    }
    if (value.type === 'Expenses') {
      if (value.category === undefined) missing('category', RECEIPT_MESSAGES.category)
      if (!value.customer) missing('customer', RECEIPT_MESSAGES.customerRequired)
      if (!value.event) missing('event', RECEIPT_MESSAGES.event)
    }
    const images = [value.images, value.images_ids, value.images_local].reduce((n, ids) => n + (Array.isArray(ids) ? ids.length : 0), 0)
    if (images === 0) missing('images', IMAGE_REQUIRED)
  },
  { when: () => true },
] as const

export const ReceiptSchema = ReceiptFields.superRefine(...receiptRules)

export type ReceiptInput = z.output<typeof ReceiptSchema>
