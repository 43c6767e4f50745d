// Issue 8, storage checks:
// - the alerts bell counts storages whose check is due ('storage_checks_due', jobs/alert-aggregation.job.ts);
// - user_display_names: each user's name as the lists show it (db/queries/users.ts userDisplayName),
//   so the storage check list's Inspector filter finds a user by part of that name through the
//   list engine's name filter (a view: users are few, the look-up reads them all);
// - the list's sorts by variety and by fill status walk an index, not a sort of every check.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table alert_counts drop constraint alert_counts_type_ck;
    alter table alert_counts add constraint alert_counts_type_ck
      check (type in ('level_1_reviews', 'level_2_reviews', 'level_3_reviews', 'pending_aws_imports', 'storage_checks_due'));

    create view user_display_names as
      select id, coalesce(nullif(btrim(concat_ws(' ', first_name, last_name)), ''), username) as name from users;

    create index storage_checks_variety_idx on storage_checks (variety, id);
    create index storage_checks_fill_status_idx on storage_checks (fill_status, id);
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop index storage_checks_fill_status_idx;
    drop index storage_checks_variety_idx;
    drop view user_display_names;
    delete from alert_counts where type = 'storage_checks_due';
    alter table alert_counts drop constraint alert_counts_type_ck;
    alter table alert_counts add constraint alert_counts_type_ck
      check (type in ('level_1_reviews', 'level_2_reviews', 'level_3_reviews', 'pending_aws_imports'));
  `.execute(db)
}
