// The dispatch board (issue 24, decision 0066): a pre-treat's planned day, set when it is scheduled
// or assigned (the board, the assign window). Nullable: a pre-treat planned for no day stays where
// it was; the sheet's application date is its own and still defaults to today when empty. The
// board reads a week of planned days among the scheduled and staged pre-treats: a partial index on
// the day, for the pre-treats not yet started.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table pretreats add column planned_on date
      constraint pretreats_planned_on_ck check (planned_on between date '2000-01-01' and date '2099-12-31');
    create index pretreats_planned_on_ix on pretreats (planned_on) where status in ('pending', 'assigned') and not void;
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index pretreats_planned_on_ix; alter table pretreats drop column planned_on`.execute(db)
}
