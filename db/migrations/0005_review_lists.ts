// What the review lists and the sheet tracker need to stay index scans at a million sheets
// (docs/decisions/0003-list-pagination.md: every filter and sort tests the list's base table).
// - service_reviews carries its sheet's service date, company, storage and job. Triggers keep the
//   copies equal to the sheet's: filled on insert, and rewritten when the review editor changes
//   the sheet's company, storage or job (or anything changes the date).
// - service_status.called_in_at is always set: the call's date for a sheet made from a call, else
//   the sheet's creation time; so 'call-in date desc' walks one plain index.
import { sql, type Kysely } from 'kysely'

// Each review list reads one status (open or approved), so its company, storage and job filters and
// name sorts have indexes of that status only: index-only counts and walks, never a heap visit per
// review to check its status.
const NAMED = [
  ['company', 'company_id', ''],
  ['storage', 'storage_id', ''],
  ['job', 'job_id', ' and job_id is not null'],
] as const

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table service_reviews
      add column service_date date,
      add column company_id bigint,
      add column storage_id bigint,
      add column job_id bigint;
    update service_reviews r set service_date = s.service_date, company_id = s.company_id, storage_id = s.storage_id, job_id = s.job_id
      from service_sheets s where s.id = r.service_sheet_id;
    alter table service_reviews
      alter column service_date set not null,
      alter column company_id set not null,
      alter column storage_id set not null;

    create function service_reviews_copy_sheet() returns trigger language plpgsql as $fn$
    begin
      select s.service_date, s.company_id, s.storage_id, s.job_id
        into new.service_date, new.company_id, new.storage_id, new.job_id
        from service_sheets s where s.id = new.service_sheet_id;
      return new;
    end
    $fn$;
    create trigger service_reviews_copy_sheet before insert on service_reviews
      for each row execute function service_reviews_copy_sheet();

    create function service_sheets_sync_reviews() returns trigger language plpgsql as $fn$
    begin
      update service_reviews
        set service_date = new.service_date, company_id = new.company_id, storage_id = new.storage_id, job_id = new.job_id
        where service_sheet_id = new.id;
      return null;
    end
    $fn$;
    create trigger service_sheets_sync_reviews after update of service_date, company_id, storage_id, job_id on service_sheets
      for each row
      when (old.service_date is distinct from new.service_date or old.company_id is distinct from new.company_id
        or old.storage_id is distinct from new.storage_id or old.job_id is distinct from new.job_id)
      execute function service_sheets_sync_reviews();

    drop index service_reviews_open_idx;
    drop index service_reviews_approved_idx;
    drop index service_reviews_approved_level_idx;
    create index service_reviews_open_date_idx on service_reviews (service_date desc, id desc) where status = 'open';
    create index service_reviews_approved_date_idx on service_reviews (service_date desc, id desc) where status = 'approved';
    create index service_reviews_no_job_idx on service_reviews (id) where job_id is null;
    -- Completed Reviews sorted by level: approved reviews in (level, id) order.
    create index service_reviews_approved_level_id_idx on service_reviews (review_level, id) where status = 'approved';

    update service_status st set called_in_at = s.created_at from service_sheets s where s.id = st.service_sheet_id and st.called_in_at is null;
    alter table service_status alter column called_in_at set not null;
    drop index service_status_called_in_idx;
    create index service_status_called_in_idx on service_status (called_in_at desc, id desc);
    create index service_status_submitted_idx on service_status (submitted_at desc, id desc);
    -- one tracker row per sheet, one sheet per number: a sort by sheet # walks it without a tie-break
    alter table service_status add constraint service_status_number_uq unique (service_sheet_number);
    drop index service_status_number_idx;
    create index service_sheets_no_job_idx on service_sheets (id) where job_id is null;
  `.execute(db)
  for (const [name, column, extra] of NAMED) {
    for (const status of ['open', 'approved']) {
      await sql`create index ${sql.id(`service_reviews_${status}_${name}_date_idx`)} on service_reviews (${sql.id(column)}, service_date desc, id desc) where status = ${sql.lit(status)}${sql.raw(extra)}`.execute(
        db,
      )
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of NAMED) {
    for (const status of ['open', 'approved']) await sql`drop index ${sql.id(`service_reviews_${status}_${name}_date_idx`)}`.execute(db)
  }
  await sql`
    create index service_status_number_idx on service_status (service_sheet_number);
    alter table service_status drop constraint service_status_number_uq;
    drop index if exists service_sheets_no_job_idx;
    drop index if exists service_status_submitted_idx;
    drop index if exists service_status_called_in_idx;
    alter table service_status alter column called_in_at drop not null;
    create index service_status_called_in_idx on service_status (called_in_at desc nulls last, id desc);
    drop trigger service_sheets_sync_reviews on service_sheets;
    drop function service_sheets_sync_reviews();
    drop trigger service_reviews_copy_sheet on service_reviews;
    drop function service_reviews_copy_sheet();
    drop index service_reviews_no_job_idx;
    drop index service_reviews_approved_level_id_idx;
    drop index service_reviews_approved_date_idx;
    drop index service_reviews_open_date_idx;
    alter table service_reviews drop column service_date, drop column company_id, drop column storage_id, drop column job_id;
    create index service_reviews_open_idx on service_reviews (created_at desc, id desc) where status = 'open';
    create index service_reviews_approved_idx on service_reviews (created_at desc, id desc) where status = 'approved';
    create index service_reviews_approved_level_idx on service_reviews (review_level, created_at desc, id desc) where status = 'approved';
  `.execute(db)
}
