// Issue 11, the pre-treat lists (docs/decisions/0036): one partial index per list that is a small
// part of the table (staged, scheduled, review), in the lists' default order (newest first), so a
// page and its count read only that list's rows at a million pre-treats. The completed list, most
// of the table, walks pretreats_status_created_idx (0002); its total is the row count less the
// rest, counted on pretreats_open_since_idx (0015).
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index pretreats_staged_idx on pretreats (created_at desc, id desc) where status = 'pending' and upcoming;
    create index pretreats_scheduled_idx on pretreats (created_at desc, id desc) where status in ('pending', 'assigned', 'in-progress') and not upcoming;
    create index pretreats_review_idx on pretreats (created_at desc, id desc) where status in ('to-review', 'to-review1', 'to-review2');
    -- status and upcoming together: without it the planner multiplies their frequencies, takes the
    -- staged list for one row and joins all of it before picking the page (13 ms instead of 0.7 at 1M)
    create statistics pretreats_list_stats (mcv) on status, upcoming from pretreats;
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop statistics pretreats_list_stats;
    drop index pretreats_staged_idx, pretreats_scheduled_idx, pretreats_review_idx`.execute(db)
}
