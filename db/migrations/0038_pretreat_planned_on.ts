// The dispatch board (issue 24, decision 0066): a pre-treat's planned day, set when it is scheduled
// or assigned (the board, the assign window). Nullable: a pre-treat planned for no day stays where
// it was; the sheet's application date is its own and still defaults to today when empty. The
// board reads a week of days (the application date, else the planned day) among the pre-treats not
// yet submitted, and the oldest with no day: two partial indexes, so neither reads the history.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table pretreats add column planned_on date
      constraint pretreats_planned_on_ck check (planned_on between date '2000-01-01' and date '2099-12-31');
    create index pretreats_board_day_ix on pretreats ((coalesce(application_date, planned_on)))
      where status in ('pending', 'assigned', 'in-progress') and not void;
    create index pretreats_board_no_day_ix on pretreats (id)
      where status in ('pending', 'assigned') and not void and application_date is null and planned_on is null;
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index pretreats_board_day_ix; drop index pretreats_board_no_day_ix; alter table pretreats drop column planned_on`.execute(db)
}
