// The search box ignores punctuation as it ignores case and accents (issue 38, item 31): "henrys
// fork" finds Henry's Fork, "pt26" and "pt-26" find PT-26-000123. search_fold(text) is fold_text
// (0009: lower, unaccent) with punctuation removed ([[:punct:]]: also LIKE's % and _, so a folded
// word needs no escaping); the search compares search_fold(column) LIKE '%' || search_fold(word) || '%'
// on both sides. The trigram indexes follow the expression: one on search_fold(column) for each
// kind's column; the 0040 indexes on fold_text(column), which only the search box read, go. The
// name tables' 0009 indexes stay: the lists' name filters still read fold_text(name).
// Like 0009 and 0040, each index only when pg_trgm is installed; without it the search scans.
import { sql, type Kysely } from 'kysely'

const INDEXES = [
  ['companies_name_search_trgm_idx', 'companies', 'search_fold(company_name)', ''],
  ['storages_name_search_trgm_idx', 'storages', 'search_fold(name)', ''],
  ['contacts_name_search_trgm_idx', 'contacts', 'search_fold(name)', ''],
  ['receipts_location_search_trgm_idx', 'receipts', 'search_fold(location)', ''],
  ['drive_entries_name_search_trgm_idx', 'drive_entries', 'search_fold(name)', 'where not is_folder'],
  ['pretreats_number_search_trgm_idx', 'pretreats', 'search_fold(pre_treat_number)', ''],
] as const

/** 0040's, replaced by the ones above (and made again by down) */
const REPLACED = [
  ['contacts_name_fold_trgm_idx', 'contacts', 'fold_text(name)', ''],
  ['receipts_location_fold_trgm_idx', 'receipts', 'fold_text(location)', ''],
  ['drive_entries_name_fold_trgm_idx', 'drive_entries', 'fold_text(name)', 'where not is_folder'],
  ['pretreats_number_fold_trgm_idx', 'pretreats', 'fold_text(pre_treat_number)', ''],
] as const

async function createIndexes(db: Kysely<any>, indexes: readonly (readonly [string, string, string, string])[]) {
  for (const [name, table, expression, where] of indexes) {
    await sql`
      do $do$
      begin
        if exists (select 1 from pg_extension where extname = 'pg_trgm') then
          create index if not exists ${sql.raw(name)} on ${sql.table(table)} using gin (${sql.raw(expression)} gin_trgm_ops) ${sql.raw(where)};
        end if;
      end
      $do$;
    `.execute(db)
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function search_fold(text) returns text
      language sql immutable strict parallel safe
      begin atomic
        select regexp_replace(fold_text($1), '[[:punct:]]', '', 'g');
      end;
  `.execute(db)
  await createIndexes(db, INDEXES)
  for (const [name] of REPLACED) await sql`drop index if exists ${sql.raw(name)}`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await createIndexes(db, REPLACED)
  for (const [name] of INDEXES) await sql`drop index if exists ${sql.raw(name)}`.execute(db)
  await sql`drop function if exists search_fold(text)`.execute(db)
}
