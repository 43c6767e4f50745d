// The spec's enumerations (operations.md §9, storages-and-pretreats.md), one definition each, for
// the browser, the server and the database schema alike. A workflow's states are not here: they
// belong to its machine (workflows/*.machine.ts).

export const SERVICE_TYPES = [
  'Pre-Season', 'Fan', 'Doors', 'Panel', 'Cell', 'Refer', 'EC', 'Humidifier', 'High Pressure System', 'Communications', 'Other',
] as const
export type ServiceType = (typeof SERVICE_TYPES)[number]

export const REVIEW_LEVELS = [1, 2, 3] as const
export type ReviewLevel = (typeof REVIEW_LEVELS)[number]
export type ServiceReviewStatus = 'open' | 'approved'

export const RECEIPT_TYPES = ['Fuel', 'Expenses', 'Parts'] as const
export type ReceiptType = (typeof RECEIPT_TYPES)[number]
/** An Expenses receipt's category, stored as receipts.is_food. */
export const EXPENSE_CATEGORIES = ['Food', 'Entertainment'] as const
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number]

export const VARIETIES = ['Russet - Process', 'Russet - Fryer', 'Russet - Fresh', 'Red', 'Yellow', 'Minis'] as const
export type Variety = (typeof VARIETIES)[number]

export const FILL_STATUSES = ['Full', '3/4 Full', '1/2 Full', '1/4 Full', 'Empty'] as const
export type FillStatus = (typeof FILL_STATUSES)[number]

/** Where stored files belong (each a key prefix in the blob store). */
export const BLOB_AREAS = ['drive', 'receipts', 'service', 'storage_checks', 'storages', 'documents'] as const
export type BlobArea = (typeof BLOB_AREAS)[number]

export const ALERT_TYPES = ['level_1_reviews', 'level_2_reviews', 'level_3_reviews', 'pending_aws_imports', 'storage_checks_due'] as const
export type AlertType = (typeof ALERT_TYPES)[number]

/** storages.type and storages.door_type (storages-and-pretreats.md §9) */
export const STORAGE_TYPES = ['Behlen', 'Straightwall', 'K Span', 'A-Frame', 'Quonset'] as const
export type StorageType = (typeof STORAGE_TYPES)[number]
export const DOOR_TYPES = ['Fresh Air', 'Louvres'] as const
export type DoorType = (typeof DOOR_TYPES)[number]
/** A product's units (spec §3 Chemical/product): oz and gal change the quantity formula (§5). */
export const PRODUCT_UNITS = ['oz', 'gal', 'other'] as const
export type ProductUnit = (typeof PRODUCT_UNITS)[number]
