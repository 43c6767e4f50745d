// The reasons given to go on past the season check (issue 23, decision 0063), on the application
// record: every reason given for the pre-treat (the form's, and those given since at the assign step
// and in the review, each kept in its step's history row: workflow_events.details.season_reason),
// as the record was kept — where, who, when, the reason and the warnings it answered — so the
// record prints them as they were. Records kept before now get the form's reason.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table application_records
      add column season_reasons jsonb not null default '[]'
        constraint application_records_season_reasons_ck check (jsonb_typeof(season_reasons) = 'array');
    update application_records r
      set season_reasons = jsonb_build_array(jsonb_build_object(
        'step', 'form', 'by', null, 'at', null, 'reason', p.dose_reason,
        'warnings', coalesce((select jsonb_agg(w ->> 'message') from jsonb_array_elements(p.dose_warnings) w where jsonb_typeof(w -> 'message') = 'string'), '[]'::jsonb)))
      from pretreats p
      where p.id = r.pretreat_id and btrim(p.dose_reason) <> '' and jsonb_array_length(p.dose_warnings) > 0;
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table application_records drop column season_reasons`.execute(db)
}
