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
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index pretreats_staged_idx, pretreats_scheduled_idx, pretreats_review_idx`.execute(db)
}
