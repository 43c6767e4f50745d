// The one Kysely Database type. Conventions: `numeric` is a string (exact), `date` is a
// 'yyyy-mm-dd' string, `timestamptz` is a Date, ids are numbers (bigint parsed in client.server.ts).
import type { ColumnType, Generated } from 'kysely'

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
  succeeded: boolean
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
}

export interface PartsTable {
  id: Id
  submission_id: string | null
  part_number: string
  description: Defaulted<string>
  is_special: Defaulted<boolean>
  active: Defaulted<boolean>
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

export type BlobArea = 'drive' | 'receipts' | 'service' | 'storage_checks' | 'storages' | 'documents'

export interface BlobsTable {
  id: string
  area: BlobArea
  key: string
  filename: string
  content_type: string
  size_bytes: number
  created_by: number | null
  created_at: Timestamp
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

export type AlertType = 'level_1_reviews' | 'level_2_reviews' | 'level_3_reviews' | 'pending_aws_imports'

export interface AlertCountsTable {
  type: AlertType
  count: number
  computed_at: Timestamp
}

export interface RowCountsTable {
  table_name: string
  n: number
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
  upload_sessions: UploadSessionsTable
  alert_counts: AlertCountsTable
  row_counts: RowCountsTable
}
