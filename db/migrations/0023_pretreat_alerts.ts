// Issue 11, pre-treats on the alerts bell (jobs/alert-aggregation.job.ts): scheduled pre-treats
// waiting for an applicator (assigners) and submitted sheets waiting for review (reviewers).
import { sql, type Kysely } from 'kysely'

const BEFORE = `'level_1_reviews', 'level_2_reviews', 'level_3_reviews', 'pending_aws_imports', 'storage_checks_due'`

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table alert_counts drop constraint alert_counts_type_ck;
    alter table alert_counts add constraint alert_counts_type_ck
      check (type in (${sql.raw(BEFORE)}, 'pretreats_to_assign', 'pretreats_to_review'));
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    delete from alert_counts where type in ('pretreats_to_assign', 'pretreats_to_review');
    alter table alert_counts drop constraint alert_counts_type_ck;
    alter table alert_counts add constraint alert_counts_type_ck check (type in (${sql.raw(BEFORE)}));
  `.execute(db)
}
