// The season chemical ledger (issue 23, decision 0063):
// - products: the rest of a label's season limits beside 0013's (each null when the label sets
//   none): the most product per season per cwt or per ton of potatoes (in the product's units),
//   the days between applications, the days from the last application to the crop's removal, the
//   re-entry interval after an application, 'not for seed potatoes'; and its supplier, for the record.
// - storages: whether the crop is seed, and the planned removal date of the season.
// - application_records: what the record adds for the grower's report: the target (what it was
//   treated for), the products' suppliers, and when people may go in again.
// - the ledger's read: a storage's applications in a date range, void ones included (0033's index
//   leaves them out).
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table products
      add column max_total_per_season numeric(14, 6) constraint products_max_total_ck check (max_total_per_season > 0),
      add column max_total_basis text not null default 'cwt' constraint products_max_total_basis_ck check (max_total_basis in ('cwt', 'ton')),
      add column min_days_between integer constraint products_min_days_between_ck check (min_days_between between 1 and 3650),
      add column min_days_before_removal integer constraint products_min_days_before_removal_ck check (min_days_before_removal between 1 and 3650),
      add column reentry_hours numeric(8, 2) constraint products_reentry_hours_ck check (reentry_hours > 0 and reentry_hours <= 8760),
      add column not_for_seed boolean not null default false,
      add column supplier text not null default '';
    alter table storages
      add column seed boolean not null default false,
      add column planned_removal date;
    alter table application_records
      add column target text not null default '',
      add column suppliers text not null default '',
      add column reentry_from text not null default '';
    create index pretreats_storage_ledger_idx on pretreats (storage_id, application_date)
      where status in ('to-review', 'to-review1', 'to-review2', 'completed') and application_date is not null;
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop index pretreats_storage_ledger_idx;
    alter table application_records drop column reentry_from, drop column suppliers, drop column target;
    alter table storages drop column planned_removal, drop column seed;
    alter table products drop column supplier, drop column not_for_seed, drop column reentry_hours, drop column min_days_before_removal,
      drop column min_days_between, drop column max_total_basis, drop column max_total_per_season;
  `.execute(db)
}
