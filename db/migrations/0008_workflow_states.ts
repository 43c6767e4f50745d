// Issue 7: states from the machine, the tracker's call-in date, sheet numbers not burnt by GET.
// - service_sheets.status allows every state of the review machine (core/workflow-states.ts
//   SERVICE_SHEET_STATES; workflows/workflow-states.test.ts compares the three). A sheet is
//   inserted in the machine's initial state, 'submitted', and the workflow runner moves it to
//   level 1 in the same transaction, so no sheet rests in 'submitted'.
// - service_status.called_in_at is the call's date, or null for a sheet made without a call (the
//   tracker shows 'No Date Available'); such rows had the sheet's creation time and become null.
// - A user holds at most one open (unused) sheet number: the form reuses it on every load. Older
//   open numbers are released (reserved_by null): they stay as gaps, as numbers are never reused.
//   The literal lists here are this migration's; later changes of a tuple need a new migration.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table service_sheets drop constraint service_sheets_status_ck;
    alter table service_sheets add constraint service_sheets_status_ck
      check (status in ('submitted', 'level_1_review', 'level_2_review', 'level_3_review', 'complete'));
    alter table service_sheets alter column status set default 'submitted';

    alter table service_status alter column called_in_at drop not null;
    update service_status st set called_in_at = null
      from service_sheets s where s.id = st.service_sheet_id and s.call_in_id is null;

    update service_sheet_numbers n set reserved_by = null
      where n.used_by_sheet is null and n.reserved_by is not null
        and n.number < (select max(m.number) from service_sheet_numbers m where m.reserved_by = n.reserved_by and m.used_by_sheet is null);
    create unique index service_sheet_numbers_open_uq on service_sheet_numbers (reserved_by) where used_by_sheet is null;
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop index service_sheet_numbers_open_uq;

    update service_status st set called_in_at = s.created_at
      from service_sheets s where s.id = st.service_sheet_id and st.called_in_at is null;
    alter table service_status alter column called_in_at set not null;

    alter table service_sheets alter column status set default 'level_1_review';
    alter table service_sheets drop constraint service_sheets_status_ck;
    alter table service_sheets add constraint service_sheets_status_ck
      check (status in ('level_1_review', 'level_2_review', 'level_3_review', 'complete'));
  `.execute(db)
}
