// Company, storage and job filters match part of a name, ignoring case and accents ('snake' finds
// Snake River Farms, 'remi' finds Rémi Cellar): the list engine's 'name' filter
// (app/lists/list-engine.server.ts) compares fold_text(name) LIKE fold_text('%text%').
// - fold_text: lower() of unaccent(). unaccent() is only STABLE (its dictionary could change), so
//   an index cannot use it; this wrapper names the dictionary itself and is IMMUTABLE. Its body is
//   bound when it is created (BEGIN ATOMIC), so no search_path can swap what it calls.
// - a trigram index on fold_text(name) of each name table answers '%text%' without reading every
//   name; the matching ids then filter the big table through its foreign-key indexes, as before.
//   pg_trgm is optional (0004): without it the name tables are scanned, which stays correct.
import { sql, type Kysely } from 'kysely'

const NAMES = [
  ['companies', 'company_name'],
  ['storages', 'name'],
  ['jobs', 'name'],
] as const

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create extension if not exists unaccent;
    create function fold_text(text) returns text
      language sql immutable strict parallel safe
      begin atomic
        select lower(unaccent('unaccent'::regdictionary, $1));
      end;
  `.execute(db)
  for (const [table, column] of NAMES) {
    await sql`
      do $do$
      begin
        if exists (select 1 from pg_extension where extname = 'pg_trgm') then
          create index ${sql.raw(`${table}_name_trgm_idx`)} on ${sql.table(table)} using gin (fold_text(${sql.ref(column)}) gin_trgm_ops);
        end if;
      end
      $do$;
    `.execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table] of NAMES) await sql`drop index if exists ${sql.raw(`${table}_name_trgm_idx`)}`.execute(db)
  // unaccent stays, like pg_trgm in 0004: something else may use it by now
  await sql`drop function if exists fold_text(text)`.execute(db)
}
