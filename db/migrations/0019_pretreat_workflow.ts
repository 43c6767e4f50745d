// Issue 11, pre-treats: what the workflow keeps beside the columns 0002 made.
// - dose_warnings / dose_reason: the label limits the planned dose passed when the form was saved
//   (core/dose-check.ts), and the reason given to save it anyway; a warning never stands without one.
// - sheet_submit_id: the submission id of the application sheet's submit, so a submit sent twice
//   (a double click, an offline queue replayed) submits once and the replay is answered as done.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table pretreats
      add column dose_warnings jsonb not null default '[]'
        constraint pretreats_dose_warnings_ck check (jsonb_typeof(dose_warnings) = 'array'),
      add column dose_reason text not null default '',
      add column sheet_submit_id uuid constraint pretreats_sheet_submit_uq unique,
      add constraint pretreats_dose_reason_ck check (jsonb_array_length(dose_warnings) = 0 or btrim(dose_reason) <> '')
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    alter table pretreats
      drop constraint pretreats_dose_reason_ck,
      drop column sheet_submit_id,
      drop column dose_reason,
      drop column dose_warnings
  `.execute(db)
}
