// The dispatch board shows every pre-treat with a day in its week, started and submitted ones too
// (issue 38: a lane whose applicator is at work that day no longer looks free, and its bookings
// warn): the day index of 0038 covers every pre-treat not void, whatever its status. The board and
// its bookings still read one week of it, never the history.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    drop index pretreats_board_day_ix;
    create index pretreats_board_day_ix on pretreats ((coalesce(application_date, planned_on))) where not void;
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop index pretreats_board_day_ix;
    create index pretreats_board_day_ix on pretreats ((coalesce(application_date, planned_on)))
      where status in ('pending', 'assigned', 'in-progress') and not void;
  `.execute(db)
}
