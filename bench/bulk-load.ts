// The usual bulk load (PostgreSQL manual, "Populating a Database"), shared by the bench's seeders:
// inside the caller's transaction, drop the tables' foreign keys and secondary indexes, run the
// inserts, then put them back exactly as the catalog defined them. Re-adding a foreign key checks
// every row in one join instead of one lookup per row; an index built at once is a sort instead of
// a million inserts. Primary keys, unique constraints, checks and triggers stay in force throughout.
// If anything fails the transaction rolls back and the schema is untouched.
import { sql, type Transaction } from 'kysely'
import type { Executor } from '#db/client.server.ts'
import type { Database } from '#db/schema.ts'

export async function withBulkLoad(trx: Transaction<Database>, tables: readonly string[], load: () => Promise<void>): Promise<{ indexes: number; foreignKeys: number }> {
  const foreignKeys = (
    await sql<{ table: string; name: string; def: string }>`
      select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as def
      from pg_constraint where conrelid = any(${tables}::regclass[]) and contype = 'f' order by conrelid::regclass::text, conname`.execute(trx)
  ).rows
  const indexes = (
    await sql<{ name: string; def: string }>`
      select i.relname as name, pg_get_indexdef(i.oid) as def
      from pg_index x join pg_class i on i.oid = x.indexrelid
      where x.indrelid = any(${tables}::regclass[])
        and not exists (select 1 from pg_constraint c where c.conindid = i.oid)
      order by i.relname`.execute(trx)
  ).rows
  for (const fk of foreignKeys) await sql`alter table ${sql.table(fk.table)} drop constraint ${sql.id(fk.name)}`.execute(trx)
  for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(trx)

  await load()

  await sql`set local maintenance_work_mem = '256MB'`.execute(trx)
  for (const index of indexes) await sql.raw(index.def).execute(trx)
  for (const fk of foreignKeys) await sql`alter table ${sql.table(fk.table)} add constraint ${sql.id(fk.name)} ${sql.raw(fk.def)}`.execute(trx)
  return { indexes: indexes.length, foreignKeys: foreignKeys.length }
}

/** row_counts' total for `table` beside count(*). */
export async function verifyRowCount(db: Executor, table: string): Promise<{ counted: number; tracked: number | null }> {
  const row = (
    await sql<{ counted: string; tracked: string | null }>`
      select (select count(*) from ${sql.table(table)}) as counted, (select n from row_counts where table_name = ${table}) as tracked`.execute(db)
  ).rows[0]!
  return { counted: Number(row.counted), tracked: row.tracked === null ? null : Number(row.tracked) }
}
