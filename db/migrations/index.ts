// The static list of migrations, in order, so the bundler keeps every one of them.
import type { Migration } from 'kysely'
import * as m0001 from './0001_core.ts'
import * as m0002 from './0002_operations_and_pretreats.ts'
import * as m0004 from './0004_list_indexes.ts'
import * as m0005 from './0005_review_lists.ts'
import * as m0006 from './0006_sign_in_throttle.ts'
import * as m0007 from './0007_blob_cleanup.ts'
import * as m0008 from './0008_workflow_states.ts'
import * as m0009 from './0009_name_search.ts'
import * as m0010 from './0010_receipt_list.ts'
import * as m0011 from './0011_storage_checks.ts'
import * as m0012 from './0012_drive.ts'
import * as m0013 from './0013_admin_registry.ts'
import * as m0015 from './0015_workflow_inspector.ts'
import * as m0016 from './0016_user_submission.ts'
import * as m0018 from './0018_registry_admin.ts'
import * as m0019 from './0019_pretreat_workflow.ts'
import * as m0020 from './0020_pretreat_lists.ts'
import * as m0023 from './0023_pretreat_alerts.ts'
import * as m0024 from './0024_pretreat_number_label.ts'
import * as m0025 from './0025_application_records.ts'
import * as m0027 from './0027_restart_lists.ts'
import * as m0028 from './0028_posted_html_expiry.ts'
import * as m0030 from './0030_visible_drive_names.ts'
import * as m0033 from './0033_pretreats_applied.ts'
import * as m0034 from './0034_command_runs.ts'
import * as m0035 from './0035_season_ledger.ts'
import * as m0036 from './0036_grower_reports.ts'
import * as m0037 from './0037_season_reasons.ts'
import * as m0038 from './0038_pretreat_planned_on.ts'
import * as m0039 from './0039_record_corrections.ts'
import * as m0040 from './0040_search.ts'
import * as m0041 from './0041_notices.ts'
import * as m0042 from './0042_restart_follow_ups.ts'
import * as m0043 from './0043_backups.ts'
import * as m0044 from './0044_search_punctuation.ts'
import * as m0045 from './0045_demo_seed.ts'
import * as m0046 from './0046_board_day_every_state.ts'
import * as m0047 from './0047_upload_sessions_by_user.ts'
import * as m0048 from './0048_photo_facts.ts'

export const migrations: Record<string, Migration> = {
  '0001_core': m0001,
  '0002_operations_and_pretreats': m0002,
  '0004_list_indexes': m0004,
  '0005_review_lists': m0005,
  '0006_sign_in_throttle': m0006,
  '0007_blob_cleanup': m0007,
  '0008_workflow_states': m0008,
  '0009_name_search': m0009,
  '0010_receipt_list': m0010,
  '0011_storage_checks': m0011,
  '0012_drive': m0012,
  '0013_admin_registry': m0013,
  '0015_workflow_inspector': m0015,
  '0016_user_submission': m0016,
  '0018_registry_admin': m0018,
  '0019_pretreat_workflow': m0019,
  '0020_pretreat_lists': m0020,
  '0023_pretreat_alerts': m0023,
  '0024_pretreat_number_label': m0024,
  '0025_application_records': m0025,
  '0027_restart_lists': m0027,
  '0028_posted_html_expiry': m0028,
  '0030_visible_drive_names': m0030,
  '0033_pretreats_applied': m0033,
  '0034_command_runs': m0034,
  '0035_season_ledger': m0035,
  '0036_grower_reports': m0036,
  '0037_season_reasons': m0037,
  '0038_pretreat_planned_on': m0038,
  '0039_record_corrections': m0039,
  '0040_search': m0040,
  '0041_notices': m0041,
  '0042_restart_follow_ups': m0042,
  '0043_backups': m0043,
  '0044_search_punctuation': m0044,
  '0045_demo_seed': m0045,
  '0046_board_day_every_state': m0046,
  '0047_upload_sessions_by_user': m0047,
  '0048_photo_facts': m0048,
}
