// The one Kysely Database type. Conventions: `numeric` is a string (exact), `date` is a
// 'yyyy-mm-dd' string, `timestamptz` is a Date, ids are numbers (bigint parsed in client.server.ts).
import type { ColumnType, Generated } from 'kysely'
import type { AlertType, BlobArea, FillStatus, FinalChecklistItem, NoticeEntity, NoticeKind, ReceiptType, ReviewLevel, ServiceReviewStatus, ServiceType, Variety } from '#core/enums.ts'
import type { PretreatState, ServiceSheetState } from '#core/workflow-states.ts'

type Id = Generated<number>
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type Defaulted<T> = ColumnType<T, T | undefined, T>
/** numeric columns: read as string, written as string or number */
type Numeric = ColumnType<string, string | number, string | number>
type NullableNumeric = ColumnType<string | null, string | number | null | undefined, string | number | null>
type DateOnly = ColumnType<string, string, string>
type NullableDate = ColumnType<string | null, string | null | undefined, string | null>

export interface CompaniesTable {
  id: Id
  submission_id: string | null
  qb_list_id: Defaulted<string>
  company_name: string
  website: Defaulted<string>
  service_start: NullableDate
  active: Defaulted<boolean>
  notes: Defaulted<string>
  storage_check_interval: Defaulted<number>
  contact_interval: Defaulted<number>
  created_at: Timestamp
  updated_at: Timestamp
  /** the grower's address (migration 0025), '' when unknown */
  address: Defaulted<string>
}

export interface UsersTable {
  id: Id
  username: string
  password_hash: string
  first_name: Defaulted<string>
  last_name: Defaulted<string>
  email: Defaulted<string>
  company_id: number | null
  is_staff: Defaulted<boolean>
  is_superuser: Defaulted<boolean>
  is_active: Defaulted<boolean>
  current_prefix: Defaulted<string>
  created_at: Timestamp
  last_login_at: Date | null
  /** the Add User form's (migration 0016); null for users made otherwise */
  submission_id: string | null
}

export interface PermissionsTable {
  codename: string
  name: string
}
export interface GroupsTable {
  id: Id
  name: string
}
export interface GroupPermissionsTable {
  group_id: number
  codename: string
}
export interface UserGroupsTable {
  user_id: number
  group_id: number
}
export interface UserPermissionsTable {
  user_id: number
  codename: string
}

export interface SessionsTable {
  id: string
  user_id: number
  created_at: Timestamp
  last_seen_at: Timestamp
  expires_at: Date
  user_agent: Defaulted<string>
  ip: Defaulted<string>
}

export interface LoginAttemptsTable {
  id: Id
  username_key: string
  ip: string
  /** null while the password is being checked */
  succeeded: boolean | null
  at: Timestamp
}

export interface StoragesTable {
  id: Id
  submission_id: string | null
  company_id: number
  grower_id: number | null
  name: string
  type: string | null
  address: Defaulted<string>
  gps_lat: NullableNumeric
  gps_lng: NullableNumeric
  service_start: NullableDate
  duct_count: number | null
  duct_size_inches: NullableNumeric
  duct_spacing_inches: NullableNumeric
  door_type: string | null
  door_count: number | null
  length_feet: NullableNumeric
  width_feet: NullableNumeric
  notes: Defaulted<string>
  pretreat_notes: Defaulted<string>
  double_bay: Defaulted<boolean>
  bill_to_grower: Defaulted<boolean>
  active: Defaulted<boolean>
  created_at: Timestamp
  updated_at: Timestamp
  /** migration 0035: the crop is seed potatoes; the season's planned removal of the crop */
  seed: Defaulted<boolean>
  planned_removal: NullableDate
}

export interface JobsTable {
  id: Id
  submission_id: string | null
  name: string
  company_id: number
  storage_id: number
  active: Defaulted<boolean>
  notes: Defaulted<string>
  created_at: Timestamp
}

export interface TrucksTable {
  id: Id
  submission_id: string | null
  make: Defaulted<string>
  model: Defaulted<string>
  number: string
  active: Defaulted<boolean>
  created_at: Timestamp
}

export interface PartsTable {
  id: Id
  submission_id: string | null
  part_number: string
  description: Defaulted<string>
  is_special: Defaulted<boolean>
  active: Defaulted<boolean>
  created_at: Timestamp
}

export interface CallInsTable {
  id: Id
  submission_id: string
  company_id: number
  storage_id: number
  job_id: number | null
  created_by: number
  call_in_date: DateOnly
  requested_by: string
  description: string
  got_it: Defaulted<boolean>
  created_at: Timestamp
}

export interface WorkflowEventsTable {
  id: Id
  entity: string
  entity_id: number
  from_state: string
  event: string
  to_state: string
  actor_id: number | null
  at: Timestamp
  details: Defaulted<unknown>
}

export interface BlobsTable {
  id: string
  area: BlobArea
  key: string
  filename: string
  content_type: string
  size_bytes: number
  created_by: number | null
  created_at: Timestamp
  /** hex SHA-256 of the content, filled for documents that are converted */
  sha256: Defaulted<string | null>
  /** a photo's capture time and GPS position, read from its original's EXIF (migration 0048) */
  taken_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  latitude: NullableNumeric
  longitude: NullableNumeric
}

/** The auditing drive's tree (migration 0012): a folder's key is parent || name || '/'. */
export interface DriveEntriesTable {
  id: Generated<string>
  /** '' for the root, else a folder key ending in '/' */
  parent: string
  name: string
  is_folder: boolean
  blob_id: string | null
  /** 'folder', or the file's type label ('pdf', 'docx', 'png', …) */
  file_type: string
  size_bytes: Defaulted<number>
  modified_at: Timestamp
  created_by: number | null
  /** tsvector of the file's words; read and written through SQL only */
  content: Defaulted<string | null>
}

export interface DocumentConversionsTable {
  id: Generated<string>
  kind: 'docx' | 'html'
  source_hash: string
  source_blob_id: string | null
  status: Defaulted<'pending' | 'done' | 'failed'>
  pdf_blob_id: string | null
  error: string | null
  attempts: Defaulted<number>
  created_at: Timestamp
  updated_at: Timestamp
  /** 0028: posted HTML only (POST /api/convert/): when the conversion, its HTML and its PDF are deleted */
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

export interface UploadSessionsTable {
  id: string
  area: BlobArea
  key: string
  driver_upload_id: string
  filename: string
  size_bytes: number
  chunk_count: number
  status: Defaulted<'pending' | 'completed' | 'aborted'>
  blob_id: string | null
  created_by: number
  created_at: Timestamp
  completed_at: Date | null
}

export interface AlertCountsTable {
  type: AlertType
  count: number
  computed_at: Timestamp
}

/** 0015: records per workflow state, kept by triggers on the workflow's table */
export interface WorkflowStateCountsTable {
  entity: string
  state: string
  n: number
}

export interface RowCountsTable {
  table_name: string
  n: number
}

// ---- 0002: customers, service sheets, receipts, storage checks, pre-treats ----

type NullableTime = ColumnType<string | null, string | null | undefined, string | null>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
/** numeric columns that default to 0 */
type DefaultedNumeric = ColumnType<string, string | number | undefined, string | number>

export interface ContactsTable {
  id: Id
  submission_id: string | null
  company_id: number
  name: string
  email: Defaulted<string>
  /** '' or '+1' followed by digits */
  phone: Defaulted<string>
  role: Defaulted<string>
  active: Defaulted<boolean>
  notes: Defaulted<string>
  contact_interval: Defaulted<number>
  /** migration 0036: the grower's reports are e-mailed to this contact */
  receives_reports: Defaulted<boolean>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface InteractionsTable {
  id: Id
  submission_id: string
  company_id: number
  contact_id: number
  notes: string
  created_by: number
  created_at: Timestamp
  last_modified_at: Timestamp
  last_modified_by: number | null
  /** migration 0039: the optimistic lock of corrections, and the delete mark (all three or none) */
  version: Defaulted<number>
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  deleted_by: number | null
  deleted_reason: string | null
}

/** The review machine's states (core/workflow-states.ts); the CHECK constraint lists the same. */
export type ServiceSheetStatus = ServiceSheetState

/** Reserve with `insert into service_sheet_numbers (reserved_by) values ($1) returning number`. */
export interface ServiceSheetNumbersTable {
  number: Generated<number>
  reserved_by: number | null
  reserved_at: Timestamp
  /** Filled by a trigger when a sheet is inserted with this number. */
  used_by_sheet: ColumnType<number | null, never, number | null>
}

export interface ServiceSheetsTable {
  id: Id
  submission_id: string
  service_sheet_number: number
  company_id: number
  storage_id: number
  job_id: number | null
  created_by: number
  service_date: DateOnly
  po_number: Defaulted<string>
  requested_by: string
  service_rendered: ColumnType<ServiceType[], ServiceType[] | undefined, ServiceType[]>
  other_service: Defaulted<string>
  description: string
  notes: string
  call_in_id: number | null
  travel_hours: Numeric
  labor_hours: Numeric
  travel_hours1: DefaultedNumeric
  travel_hours2: DefaultedNumeric
  travel_hours3: DefaultedNumeric
  labor_hours1: DefaultedNumeric
  labor_hours2: DefaultedNumeric
  labor_hours3: DefaultedNumeric
  nc1_travel: DefaultedNumeric
  nc2_travel: DefaultedNumeric
  nc3_travel: DefaultedNumeric
  nc1_labor: DefaultedNumeric
  nc2_labor: DefaultedNumeric
  nc3_labor: DefaultedNumeric
  status: Defaulted<ServiceSheetStatus>
  version: Defaulted<number>
  created_at: Timestamp
  updated_at: Timestamp
  /** when it entered its status (0015; moved by saveWorkflowStatus) */
  state_since: Timestamp
}

export interface ServiceSheetPartsTable {
  id: Id
  service_sheet_id: number
  part_id: number
  quantity: ColumnType<string, string | number | undefined, string | number>
  description: Defaulted<string>
  nc1: Defaulted<boolean>
  nc2: Defaulted<boolean>
  nc3: Defaulted<boolean>
  marked_for_deletion1: Defaulted<boolean>
  marked_for_deletion2: Defaulted<boolean>
  marked_for_deletion3: Defaulted<boolean>
  /** 0 when added on the sheet form, 1..3 when added in that review level */
  added_at_level: Defaulted<number>
  created_at: Timestamp
}

export interface ServiceSheetImagesTable {
  service_sheet_id: number
  blob_id: string
  position: Defaulted<number>
}
export interface ReceiptImagesTable {
  receipt_id: number
  blob_id: string
  position: Defaulted<number>
  /** migration 0039: taken off by a correction (kept, so the file stays and the history can name it) */
  removed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}
export interface StorageCheckImagesTable {
  storage_check_id: number
  blob_id: string
  position: Defaulted<number>
  /** migration 0039: taken off by a correction (kept, so the file stays and the history can name it) */
  removed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}
export interface StorageImagesTable {
  storage_id: number
  blob_id: string
  position: Defaulted<number>
}

export interface ServiceReviewsTable {
  id: Id
  service_sheet_id: number
  review_level: ReviewLevel
  status: Defaulted<ServiceReviewStatus>
  comments: Defaulted<string>
  reviewed_by: number | null
  reviewed_at: NullableTimestamp
  version: Defaulted<number>
  created_at: Timestamp
  /** copies of the sheet's, kept equal by triggers (migration 0005) */
  service_date: ColumnType<string, never, never>
  company_id: ColumnType<number, never, never>
  storage_id: ColumnType<number, never, never>
  job_id: ColumnType<number | null, never, never>
}

export interface ServiceStatusTable {
  id: Id
  service_sheet_id: number
  service_sheet_number: number
  /** the call's date for a sheet made from a call; null for a sheet made without one ('No Date Available') */
  called_in_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  review_1_completed: Defaulted<boolean>
  review_2_completed: Defaulted<boolean>
  review_3_completed: Defaulted<boolean>
  submitted_completed: Defaulted<boolean>
  submitted_at: NullableTimestamp
  created_at: Timestamp
}

export interface ReceiptsTable {
  id: Id
  submission_id: string
  type: ReceiptType
  date: DateOnly
  location: string
  total_amount: Numeric
  truck_id: number | null
  mileage: NullableNumeric
  customer_id: number | null
  job_id: number | null
  service_sheet_id: number | null
  event: Defaulted<string>
  /** Expenses only: true = Food, false = Entertainment */
  is_food: boolean | null
  created_by: number
  created_at: Timestamp
  /** migration 0039: the optimistic lock of corrections, and the delete mark (all three or none) */
  version: Defaulted<number>
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  deleted_by: number | null
  deleted_reason: string | null
}

export interface StorageChecksTable {
  id: Id
  submission_id: string
  company_id: number
  storage_id: number
  created_by: number
  date_inspected: DateOnly
  variety: Variety
  fill_status: FillStatus
  setpoint: NullableNumeric
  runtime_hours: NullableNumeric
  plenum: NullableNumeric
  humidity: NullableNumeric
  pile1: NullableNumeric
  pile2: NullableNumeric
  pile3: NullableNumeric
  pile4: NullableNumeric
  notes: string
  created_at: Timestamp
  /** migration 0039: the optimistic lock of corrections, and the delete mark (all three or none) */
  version: Defaulted<number>
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  deleted_by: number | null
  deleted_reason: string | null
}

/** One correction or delete mark of a receipt, storage check or customer note (migration 0039, decision 0067). */
export interface RecordCorrectionsTable {
  id: Id
  receipt_id: number | null
  storage_check_id: number | null
  interaction_id: number | null
  action: 'correct' | 'delete'
  /** the record's version this correction made */
  version: number
  changed_by: number
  changed_at: Timestamp
  /** [{ field, old, new }], as the record showed them */
  changes: ColumnType<unknown, string | undefined, string>
  reason: Defaulted<string>
}

export type ProductUnits = 'oz' | 'gal' | 'other'

export interface ProductsTable {
  id: Id
  submission_id: string | null
  product_name: string
  registration: Defaulted<string>
  units: ProductUnits
  ppm: NullableNumeric
  ppm_constant: NullableNumeric
  per: NullableNumeric
  converter: NullableNumeric
  min_qty: DefaultedNumeric
  active: Defaulted<boolean>
  /** the label's limits, for the pre-treat dose check; null: the label sets none */
  max_ppm_per_application: NullableNumeric
  max_applications_per_season: number | null
  /** migration 0035: the most per season, in the product's units per cwt (or per ton) of potatoes */
  max_total_per_season: NullableNumeric
  max_total_basis: Defaulted<'cwt' | 'ton'>
  min_days_between: number | null
  min_days_before_removal: number | null
  reentry_hours: NullableNumeric
  not_for_seed: Defaulted<boolean>
  supplier: Defaulted<string>
}

export interface ApplicationsTable {
  id: Id
  submission_id: string | null
  name: string
  base_price: DefaultedNumeric
  active: Defaulted<boolean>
}

export interface ApplicationProductsTable {
  application_id: number
  product_id: number
  position: Defaulted<number>
}

/** The pre-treat form's Destination choices (names kept by admins). */
export interface DestinationsTable {
  id: Id
  submission_id: string | null
  name: string
  position: Defaulted<number>
  active: Defaulted<boolean>
}

/** The pre-treat form's Pre Written Messages (restart instructions). */
export interface PretreatMessagesTable {
  id: Id
  submission_id: string | null
  text: string
  position: Defaulted<number>
  active: Defaulted<boolean>
}

export interface ApplicatorsTable {
  id: Id
  user_id: number
  license: Defaulted<string>
  expiration: NullableDate
  active: Defaulted<boolean>
}

/** Reserve with `insert into pretreat_numbers (reserved_by) values ($1) returning number, label`. */
export interface PretreatNumbersTable {
  number: Generated<number>
  year: Defaulted<number>
  /** PT-YY-000001, generated from year and number; pretreats.pre_treat_number references it */
  label: ColumnType<string, never, never>
  reserved_by: number | null
  reserved_at: Timestamp
  /** Filled by a trigger when a pre-treat is inserted with this label. */
  used_by_pretreat: ColumnType<number | null, never, number | null>
}

/** core/workflow-states.ts PRETREAT_STATES; the CHECK constraint lists the same. */
export type PretreatStatus = PretreatState

export interface PretreatsTable {
  id: Id
  submission_id: string
  status: Defaulted<PretreatStatus>
  /** when it entered its status (0015; moved by saveWorkflowStatus) */
  state_since: Timestamp
  /** the label, PT-YY-000001 */
  pre_treat_number: string
  created_at: Timestamp
  created_by: number
  recommended_by: number
  requested_by: number | null
  other_name: Defaulted<string>
  company_id: number
  storage_id: number
  treated_for: Defaulted<'Sprouting' | 'Bacteria'>
  stock_type: Defaulted<'Process' | 'Fresh'>
  variety: Defaulted<Variety>
  destination: Defaulted<string>
  application_notes: string
  purge: Defaulted<boolean>
  upcoming: Defaulted<boolean>
  application_id: number | null
  void: Defaulted<boolean>
  void_comments: Defaulted<string>
  application_date: NullableDate
  /** migration 0038: the day the dispatch board plans it for (issue 24) */
  planned_on: NullableDate
  batch_numbers: Defaulted<string>
  sampled_by: Defaulted<string>
  assigned_to: number | null
  truck_id: number | null
  start_time: NullableTime
  stop_time: NullableTime
  last_modified: Timestamp
  last_modified_by: number | null
  pile_front: 'Dry' | 'Damp' | 'Wet' | null
  pile_middle: 'Dry' | 'Damp' | 'Wet' | null
  pile_back: 'Dry' | 'Damp' | 'Wet' | null
  sprouting: 'None' | 'Eyes Open' | 'Peeping to 1/4"' | 'Peeping to 1/2"' | '1/2" or more' | null
  pile_comments: Defaulted<string>
  temps1_front: NullableNumeric
  temps1_middle: NullableNumeric
  temps1_back: NullableNumeric
  temps2_front: NullableNumeric
  temps2_middle: NullableNumeric
  temps2_back: NullableNumeric
  set_point: NullableNumeric
  ducts_open: 'All Open' | 'Other' | null
  ducts_open_other: Defaulted<string>
  ducts_condition: 'Dry' | 'Wet' | null
  storage_temp_front: NullableNumeric
  storage_temp_middle: NullableNumeric
  storage_temp_back: NullableNumeric
  bypass_door: 'None' | 'Open' | 'Closed' | null
  coils_covered: boolean | null
  cell_covered: boolean | null
  env_temp: NullableNumeric
  weather: 'Clear' | 'Cloudy' | 'Snow' | 'Rain' | 'Windy' | null
  wind_speed: NullableNumeric
  wind_direction: 'N' | 'NE' | 'E' | 'SE' | 'S' | 'SW' | 'W' | 'NW' | null
  env_comments: Defaulted<string>
  version: Defaulted<number>
  /** 0019: the label limits the planned dose passed (core/season-check.ts DoseWarning[]), and the reason it was saved anyway */
  dose_warnings: ColumnType<unknown, string | undefined, string>
  dose_reason: Defaulted<string>
  /** 0019: the application sheet's submit, so a submit sent twice submits once */
  sheet_submit_id: string | null
}

export interface PretreatBillToTable {
  pretreat_id: number
  company_id: number
}

export interface PretreatChemicalsTable {
  id: Id
  pretreat_id: number
  product_id: number
  cwt: Numeric
  quantity_requested: NullableNumeric
  quantity_used: NullableNumeric
}

export interface PretreatPricesTable {
  pretreat_id: number
  company_id: number
  price: Numeric
  cwt_share: Numeric
}

/** One boolean column per item of FINAL_CHECKLIST_ITEMS. */
export interface FinalChecklistsTable extends Record<FinalChecklistItem, boolean> {
  id: Id
  pretreat_id: number
  /** minutes; required (> 0) when purge */
  purge_time: number | null
  /** degrees F, > 0 */
  barrel_temp: Numeric
  completed_by: number | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface RestartsTable {
  id: Id
  pretreat_id: number
  remote: boolean | null
  running: boolean | null
  cleaned_up: boolean | null
  comments: Defaulted<string>
  /** null while pending; set together with completed_by */
  completed_at: NullableTimestamp
  completed_by: number | null
  created_at: Timestamp
  /** the restart form's submission id, set when it completes the restart (migration 0027) */
  submission_id: string | null
}

/** 0041 (decision 0069): a notice for a record's author (sent back with a reason, or changed by a reviewer); counted while unseen */
export interface NoticesTable {
  id: Id
  user_id: number
  entity: NoticeEntity
  record_id: number
  kind: NoticeKind
  reason: Defaulted<string>
  raised_by: number | null
  raised_at: Timestamp
  seen_at: NullableTimestamp
}

export interface Database {
  companies: CompaniesTable
  users: UsersTable
  permissions: PermissionsTable
  groups: GroupsTable
  group_permissions: GroupPermissionsTable
  user_groups: UserGroupsTable
  user_permissions: UserPermissionsTable
  sessions: SessionsTable
  login_attempts: LoginAttemptsTable
  storages: StoragesTable
  jobs: JobsTable
  trucks: TrucksTable
  parts: PartsTable
  call_ins: CallInsTable
  workflow_events: WorkflowEventsTable
  blobs: BlobsTable
  drive_entries: DriveEntriesTable
  document_conversions: DocumentConversionsTable
  upload_sessions: UploadSessionsTable
  alert_counts: AlertCountsTable
  notices: NoticesTable
  row_counts: RowCountsTable
  workflow_state_counts: WorkflowStateCountsTable
  contacts: ContactsTable
  interactions: InteractionsTable
  service_sheet_numbers: ServiceSheetNumbersTable
  service_sheets: ServiceSheetsTable
  service_sheet_parts: ServiceSheetPartsTable
  service_sheet_images: ServiceSheetImagesTable
  service_reviews: ServiceReviewsTable
  service_status: ServiceStatusTable
  receipts: ReceiptsTable
  receipt_images: ReceiptImagesTable
  storage_checks: StorageChecksTable
  storage_check_images: StorageCheckImagesTable
  storage_images: StorageImagesTable
  record_corrections: RecordCorrectionsTable
  products: ProductsTable
  applications: ApplicationsTable
  application_products: ApplicationProductsTable
  applicators: ApplicatorsTable
  destinations: DestinationsTable
  pretreat_messages: PretreatMessagesTable
  pretreat_numbers: PretreatNumbersTable
  pretreats: PretreatsTable
  pretreat_bill_to: PretreatBillToTable
  pretreat_chemicals: PretreatChemicalsTable
  pretreat_prices: PretreatPricesTable
  final_checklists: FinalChecklistsTable
  restarts: RestartsTable
  application_records: ApplicationRecordsTable
  application_record_products: ApplicationRecordProductsTable
  application_record_totals: ApplicationRecordTotalsTable
  command_runs: CommandRunsTable
  grower_reports: GrowerReportsTable
  restart_follow_ups: RestartFollowUpsTable
  backups: BackupsTable
  demo_seed: DemoSeedTable
}

/** Migration 0025: the application record kept for a pre-treat (a snapshot; never deleted). */
export interface ApplicationRecordsTable {
  id: Id
  pretreat_id: number
  pre_treat_number: string
  state: 'completed' | 'void' | 'pending'
  void_reason: Defaulted<string>
  season: number
  grower_name: string
  grower_address: Defaulted<string>
  storage_name: string
  site: Defaulted<string>
  commodity: Defaulted<string>
  variety: Defaulted<string>
  cwt: NullableNumeric
  products: Defaulted<string>
  epa_registrations: Defaulted<string>
  amounts: Defaulted<string>
  rates: Defaulted<string>
  application_date: NullableDate
  start_time: string | null
  stop_time: string | null
  wind_speed: NullableNumeric
  wind_direction: string | null
  recommended_by_name: Defaulted<string>
  applicator_name: Defaulted<string>
  applicator_licence: Defaulted<string>
  /** the missing items' labels, '; ' between them ('' = complete) */
  gaps: Defaulted<string>
  kept_at: Timestamp
  /** migration 0035: what it was treated for, the products' suppliers ('; '), 'yyyy-mm-dd hh:mm' or '' */
  target: Defaulted<string>
  suppliers: Defaulted<string>
  reentry_from: Defaulted<string>
  /** migration 0037: every reason given past the season check, as kept (core/season-reasons.ts SeasonReason[]) */
  season_reasons: ColumnType<unknown, string | undefined, string>
}

export interface ApplicationRecordProductsTable {
  record_id: number
  position: number
  product_name: string
  epa_registration: Defaulted<string>
  units: string
  cwt: Numeric
  quantity_used: NullableNumeric
  rate_ppm: NullableNumeric
  season: number
  grower_name: string
  applicator_licence: string
  counted: boolean
}

export interface ApplicationRecordTotalsTable {
  season: number
  grower_name: string
  applicator_licence: string
  product_name: string
  units: string
  cwt: Numeric
  quantity: Numeric
  applications: number
}

/** Migration 0034: what a command answered for an idempotency key (commands/command.ts). */
export interface CommandRunsTable {
  key: string
  command: string
  actor_id: number | null
  /** sha256 of the input, as stable JSON */
  input_hash: string
  result: ColumnType<unknown, string, string>
  created_at: Timestamp
}

export type GrowerReportStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'no-recipients'

/** Migration 0036: a grower's report asked for (at completion, or resent by someone) and what became of it. */
export interface GrowerReportsTable {
  id: Id
  pretreat_id: number
  reason: 'completed' | 'resend'
  requested_by: number | null
  requested_at: Timestamp
  submission_id: string | null
  /** the HTML conversion whose PDF is attached */
  conversion_id: string | null
  status: Defaulted<GrowerReportStatus>
  attempts: Defaulted<number>
  claimed_at: NullableTimestamp
  sent_at: NullableTimestamp
  /** the addresses it went to, comma-separated */
  recipients: Defaulted<string>
  transport: Defaulted<'' | 'smtp' | 'file'>
  message_id: Defaulted<string>
  /** the .eml's name, when written to the file store (key mail/<name>) for want of SMTP_URL */
  eml_file: Defaulted<string>
  error: Defaulted<string>
}

/** Migration 0042: a restart answered not running or not cleaned up, followed up by the assigners (decision 0070). */
export interface RestartFollowUpsTable {
  id: Id
  storage_id: number
  /** the restart that raised it (one each) */
  restart_id: number
  not_running: boolean
  not_cleaned_up: boolean
  raised_at: Timestamp
  /** null while open; set together with closed_by */
  closed_at: NullableTimestamp
  closed_by: number | null
  /** the later restart of the storage, answered running and cleaned up, that closed it */
  closed_by_restart_id: number | null
  /** how it was resolved, when an assigner closed it by a note */
  closing_note: string | null
  closing_submission_id: string | null
}

/** Migration 0045 (decision 0076): one row when the demo seed made this database. */
export interface DemoSeedTable {
  only_row: Defaulted<boolean>
  seeded_at: Timestamp
}

/** Migration 0043: a finished backup (npm run backup), recorded in the database it backed up. */
export interface BackupsTable {
  id: Id
  name: string
  /** the folder or s3:// address it went to */
  location: string
  started_at: ColumnType<Date, Date | string, Date | string>
  finished_at: Timestamp
  tables: number
  rows: number
  files: number
  bytes: number
  missing_files: Defaulted<number>
  app_version: string
}
