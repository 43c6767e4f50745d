// Indexes for the list engine (app/lists/list-engine.server.ts, docs/decisions/0003-list-pagination.md)
// beyond the ones 0001 made for each list's default sort and filters:
// - the calls without a job, in id order: the run a sort by job name reads apart, and its count;
// - storage names case-insensitively, for the exact-name storage filter (companies and jobs have
//   their lower(name) unique indexes already);
// - trigrams of a call's description, so 'Description contains' is an index scan, not a read of
//   every call. pg_trgm ships with Postgres (and the embedded one); where it cannot be installed
//   the filter still works, by a sequential scan.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index call_ins_no_job_idx on call_ins (id) where job_id is null;
    create index storages_lower_name_idx on storages (lower(name));
    do $do$
    begin
      begin
        create extension if not exists pg_trgm;
      exception when others then
        raise notice 'pg_trgm is not available (%); description search will scan the table', sqlerrm;
      end;
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        create index call_ins_description_trgm_idx on call_ins using gin (description gin_trgm_ops);
      end if;
    end
    $do$;
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  // pg_trgm stays: other indexes may use it by now
  await sql`
    drop index if exists call_ins_description_trgm_idx;
    drop index if exists storages_lower_name_idx;
    drop index if exists call_ins_no_job_idx;
  `.execute(db)
}
