// The spec's enumerations (operations.md §9, storages-and-pretreats.md), one definition each, for
// the browser, the server and the database schema alike. A workflow's states are not here: they
// belong to its machine (workflows/*.machine.ts).

export const SERVICE_TYPES = ['Pre-Season', 'Fan', 'Doors', 'Panel', 'Cell', 'Refer', 'EC', 'Humidifier', 'High Pressure System', 'Communications', 'Other'] as const
export type ServiceType = (typeof SERVICE_TYPES)[number]

export const REVIEW_LEVELS = [1, 2, 3] as const
export type ReviewLevel = (typeof REVIEW_LEVELS)[number]
/** 'returned': the sheet was sent back to its author (decision 0069); its reviews open again when it is resubmitted */
export type ServiceReviewStatus = 'open' | 'approved' | 'returned'

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

export const ALERT_TYPES = ['level_1_reviews', 'level_2_reviews', 'level_3_reviews', 'pending_aws_imports', 'storage_checks_due', 'pretreats_to_assign', 'pretreats_to_review'] as const
export type AlertType = (typeof ALERT_TYPES)[number]

/**
 * The bell's counts that are each user's own, counted live when the bell is read (not stored in
 * alert_counts): the author's notices (decision 0069).
 */
export const NOTICE_ALERT_TYPES = ['pretreats_assigned_to_me', 'pretreats_sent_back', 'pretreats_changed', 'completed_pretreats_changed', 'service_sheets_sent_back', 'service_sheets_changed'] as const
export type NoticeAlertType = (typeof NOTICE_ALERT_TYPES)[number]

/** What a notice is about, and what happened to it (notices.entity, notices.kind). */
export const NOTICE_ENTITIES = ['service_sheet', 'pretreat'] as const
export type NoticeEntity = (typeof NOTICE_ENTITIES)[number]
export const NOTICE_KINDS = ['sent_back', 'changed'] as const
export type NoticeKind = (typeof NOTICE_KINDS)[number]

/** storages.type and storages.door_type (storages-and-pretreats.md §9) */
export const STORAGE_TYPES = ['Behlen', 'Straightwall', 'K Span', 'A-Frame', 'Quonset'] as const
export type StorageType = (typeof STORAGE_TYPES)[number]
export const DOOR_TYPES = ['Fresh Air', 'Louvres'] as const
export type DoorType = (typeof DOOR_TYPES)[number]
/** A product's units (spec §3 Chemical/product): oz and gal change the quantity formula (§5). */
export const PRODUCT_UNITS = ['oz', 'gal', 'other'] as const
export type ProductUnit = (typeof PRODUCT_UNITS)[number]

// Pre-treats (storages-and-pretreats.md §9); the database's CHECK constraints (0002) list the same.
export const TREATED_FOR = ['Sprouting', 'Bacteria'] as const
export type TreatedFor = (typeof TREATED_FOR)[number]
export const STOCK_TYPES = ['Process', 'Fresh'] as const
export type StockType = (typeof STOCK_TYPES)[number]
/** The pre-treat form's defaults (§9). */
export const PRETREAT_DEFAULTS = { treated_for: 'Sprouting', stock_type: 'Process', variety: 'Russet - Process' } as const
export const WEATHER = ['Clear', 'Cloudy', 'Snow', 'Rain', 'Windy'] as const
export type Weather = (typeof WEATHER)[number]
export const WIND_DIRECTIONS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const
export type WindDirection = (typeof WIND_DIRECTIONS)[number]
export const PILE_DRYNESS = ['Dry', 'Damp', 'Wet'] as const
export type PileDryness = (typeof PILE_DRYNESS)[number]
export const SPROUTING = ['None', 'Eyes Open', 'Peeping to 1/4"', 'Peeping to 1/2"', '1/2" or more'] as const
export type Sprouting = (typeof SPROUTING)[number]
export const DUCTS_OPEN = ['All Open', 'Other'] as const
export type DuctsOpen = (typeof DUCTS_OPEN)[number]
export const DUCT_CONDITIONS = ['Dry', 'Wet'] as const
export type DuctCondition = (typeof DUCT_CONDITIONS)[number]
export const BYPASS_DOOR = ['None', 'Open', 'Closed'] as const
export type BypassDoor = (typeof BYPASS_DOOR)[number]
/** The final checklist's 13 yes/no items, in the sheet's order (final_checklists columns). */
export const FINAL_CHECKLIST_ITEMS = ['inverter', 'wires', 'coils', 'residue', 'covers', 'fan_direction', 'system_run', 'purge', 'panel', 'instructions', 'tools', 'lights', 'storage'] as const
export type FinalChecklistItem = (typeof FINAL_CHECKLIST_ITEMS)[number]
