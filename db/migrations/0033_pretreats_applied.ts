// A storage's last pre-treat applied (decision 0050): the storage cards read, per storage, the
// latest application date of a pre-treat that was submitted (in review or completed) and is not
// void. One backward step on this partial index per card.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index pretreats_storage_applied_idx on pretreats (storage_id, application_date desc, id desc)
      where not void and status in ('to-review', 'to-review1', 'to-review2', 'completed') and application_date is not null;
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index pretreats_storage_applied_idx`.execute(db)
}
