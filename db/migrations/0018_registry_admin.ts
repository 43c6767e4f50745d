// Issue 10, registry admin (jobs, trucks, parts lists and forms):
// - trucks and parts get created_at, so their lists have a date for the date range ("Added")
//   like every other list; existing rows count as added now.
// - truck and part numbers are unique case ignored, as job names already are (a 't-12' beside a
//   'T-12' is the same truck to a person): the unique constraints become unique indexes on lower().
// - jobs, trucks and parts are counted in row_counts, so their lists' unfiltered totals are O(1);
//   jobs get an index on company_id for the list's sort by company (storage_id has one).
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table trucks add column created_at timestamptz not null default now();
    alter table parts add column created_at timestamptz not null default now();
    alter table trucks drop constraint trucks_number_uq;
    create unique index trucks_number_uq on trucks (lower(number));
    create index trucks_number_idx on trucks (number, id);
    alter table parts drop constraint parts_number_uq;
    create unique index parts_number_uq on parts (lower(part_number));
    create index parts_number_idx on parts (part_number, id);
    create index jobs_company_idx on jobs (company_id);
    select row_counts_install('jobs');
    select row_counts_install('trucks');
    select row_counts_install('parts');
  `.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    delete from row_counts where table_name in ('jobs', 'trucks', 'parts');
    drop trigger jobs_count_ins on jobs; drop trigger jobs_count_del on jobs; drop trigger jobs_count_trunc on jobs;
    drop trigger trucks_count_ins on trucks; drop trigger trucks_count_del on trucks; drop trigger trucks_count_trunc on trucks;
    drop trigger parts_count_ins on parts; drop trigger parts_count_del on parts; drop trigger parts_count_trunc on parts;
    drop index jobs_company_idx;
    drop index parts_number_idx; drop index parts_number_uq;
    alter table parts add constraint parts_number_uq unique (part_number);
    drop index trucks_number_idx; drop index trucks_number_uq;
    alter table trucks add constraint trucks_number_uq unique (number);
    alter table parts drop column created_at;
    alter table trucks drop column created_at;
  `.execute(db)
}
