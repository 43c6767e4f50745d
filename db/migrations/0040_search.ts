// The search box (issue 24, decision 0068) finds part of a name or number, ignoring case and
// accents, in seven kinds of records. Growers and storages already have their trigram index on
// fold_text(name) (0009); this adds the others', so a '%text%' match is an index scan on a million
// rows rather than a read of every row:
// - contacts by name, receipts by location, drive files by name: fold_text(column) (0009's function)
// - pre-treat numbers (PT-26-000123) folded, so 'pt-26' finds them; service sheet numbers as text
// Like 0009, each index only when pg_trgm is installed (0004); without it the search scans, which
// stays correct.
import { sql, type Kysely } from 'kysely'

const INDEXES = [
  ['contacts_name_fold_trgm_idx', 'contacts', 'fold_text(name)', ''],
  ['receipts_location_fold_trgm_idx', 'receipts', 'fold_text(location)', ''],
  ['drive_entries_name_fold_trgm_idx', 'drive_entries', 'fold_text(name)', 'where not is_folder'],
  ['pretreats_number_fold_trgm_idx', 'pretreats', 'fold_text(pre_treat_number)', ''],
  ['service_sheets_number_trgm_idx', 'service_sheets', '(service_sheet_number::text)', ''],
] as const

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, expression, where] of INDEXES) {
    await sql`
      do $do$
      begin
        if exists (select 1 from pg_extension where extname = 'pg_trgm') then
          create index ${sql.raw(name)} on ${sql.table(table)} using gin (${sql.raw(expression)} gin_trgm_ops) ${sql.raw(where)};
        end if;
      end
      $do$;
    `.execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await sql`drop index if exists ${sql.raw(name)}`.execute(db)
}
