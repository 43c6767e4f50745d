// Restarts (decision 0041): the restart form's submission id, so that a form sent twice (a double
// click, a retry on a bad connection) completes the restart once and the repeat is answered as the
// first was; and an exact row count, so the completed list (nearly every restart, a million at a
// million pre-treats) knows its total without counting: completed = all − the pending few.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table restarts add column submission_id uuid constraint restarts_submission_uq unique;
    alter table restarts add constraint restarts_submission_ck check (submission_id is null or completed_at is not null);
    select row_counts_install('restarts');
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop trigger restarts_count_ins on restarts;
    drop trigger restarts_count_del on restarts;
    drop trigger restarts_count_trunc on restarts;
    delete from row_counts where table_name = 'restarts';
    alter table restarts drop column submission_id;
  `.execute(db)
}
