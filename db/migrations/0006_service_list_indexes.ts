// Indexes for the service lists at millions of rows (docs/decisions/0003-list-pagination.md):
// - Available and Completed Reviews read one status each ('open' or 'approved'), so their company,
//   storage and job filters and name sorts use indexes of that status only: index-only counts and
//   walks, never a heap visit per review to check its status. They replace 0005's indexes on all
//   reviews (a review is only ever open or approved, so the two partial sets cover them).
// - Completed Reviews sorted by level: approved reviews in (level, id) order.
// - The tracker's sheet numbers are unique (one status row per sheet, one sheet per number): a
//   unique constraint says so and lets a sort by sheet # walk it without a tie-break.
import { sql, type Kysely } from 'kysely'

const NAMED = [
  ['company', 'company_id', ''],
  ['storage', 'storage_id', ''],
  ['job', 'job_id', ' and job_id is not null'],
] as const

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, column, extra] of NAMED) {
    for (const status of ['open', 'approved']) {
      await sql`create index ${sql.id(`service_reviews_${status}_${name}_date_idx`)} on service_reviews (${sql.id(column)}, service_date desc, id desc) where status = ${sql.lit(status)}${sql.raw(extra)}`.execute(db)
    }
    await sql`drop index ${sql.id(`service_reviews_${name}_date_idx`)}`.execute(db)
  }
  await sql`
    create index service_reviews_approved_level_id_idx on service_reviews (review_level, id) where status = 'approved';
    alter table service_status add constraint service_status_number_uq unique (service_sheet_number);
    drop index service_status_number_idx;
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create index service_status_number_idx on service_status (service_sheet_number);
    alter table service_status drop constraint service_status_number_uq;
    drop index service_reviews_approved_level_id_idx;
    create index service_reviews_company_date_idx on service_reviews (company_id, service_date desc, id desc);
    create index service_reviews_storage_date_idx on service_reviews (storage_id, service_date desc, id desc);
    create index service_reviews_job_date_idx on service_reviews (job_id, service_date desc, id desc) where job_id is not null;
  `.execute(db)
  for (const [name] of NAMED) {
    for (const status of ['open', 'approved']) await sql`drop index ${sql.id(`service_reviews_${status}_${name}_date_idx`)}`.execute(db)
  }
}
