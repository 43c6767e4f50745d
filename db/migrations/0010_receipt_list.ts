// Indexes for Receipts (/view-receipt, app/lists/receipt-list.server.ts) beyond the ones 0002 made
// for its default sort (date) and its type, customer and creator filters: one per sortable column,
// in the order the list engine asks for (the column, then id as the tie-break), so that every sort
// is an index walk at a million receipts, page 1 and deep pages alike.
// - truck and customer are nullable keys: the engine reads the rows without one as their own run,
//   in id order (the partial "no_…" indexes), and walks the others by key;
// - trigrams of the location, so 'Location contains' is an index scan (pg_trgm, as in 0004).
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index receipts_type_id_idx on receipts (type, id);
    create index receipts_location_id_idx on receipts (location, id);
    create index receipts_total_id_idx on receipts (total_amount, id);
    create index receipts_truck_id_idx on receipts (truck_id, id) where truck_id is not null;
    create index receipts_no_truck_idx on receipts (id) where truck_id is null;
    create index receipts_customer_id_idx on receipts (customer_id, id) where customer_id is not null;
    create index receipts_no_customer_idx on receipts (id) where customer_id is null;
    create index receipts_created_by_id_idx on receipts (created_by, id);
    do $do$
    begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        create index receipts_location_trgm_idx on receipts using gin (location gin_trgm_ops);
      end if;
    end
    $do$;
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop index if exists receipts_location_trgm_idx;
    drop index receipts_created_by_id_idx;
    drop index receipts_no_customer_idx;
    drop index receipts_customer_id_idx;
    drop index receipts_no_truck_idx;
    drop index receipts_truck_id_idx;
    drop index receipts_total_id_idx;
    drop index receipts_location_id_idx;
    drop index receipts_type_id_idx;
  `.execute(db)
}
