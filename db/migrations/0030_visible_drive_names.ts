// Drive names without invisible characters (decision 0046): new names with a bidirectional control
// or another invisible format character are refused (storage/drive-keys.ts); the names stored
// before lose them here (numbered like an upload when the cleaned name is taken; a folder's
// contents follow it), and a CHECK keeps them out from now on. Down drops the CHECK only.
import { sql, type Kysely } from 'kysely'
import { INVISIBLE_PG_CLASS, withoutInvisible } from '#core/invisible-characters.ts'

/** 'report.pdf', 2 → 'report (2).pdf' (as storage/drive-keys.ts numberedName). */
function numbered(name: string, n: number): string {
  if (n <= 1) return name
  const dot = name.lastIndexOf('.')
  const cut = dot > 0 && name.length - dot <= 11 ? dot : name.length
  return `${name.slice(0, cut)} (${n})${name.slice(cut)}`
}

export async function up(db: Kysely<any>): Promise<void> {
  // shallowest first: a renamed folder's contents are renamed under their new parent
  for (;;) {
    const { rows } = await sql<{ id: string; parent: string; name: string; is_folder: boolean }>`
      select id, parent, name, is_folder from drive_entries where name ~ ${INVISIBLE_PG_CLASS}
      order by length(parent), parent, name limit 1`.execute(db)
    const entry = rows[0]
    if (!entry) break
    const clean = withoutInvisible(entry.name).trim().replace(/^\.+/, '') || 'unnamed'
    let name = clean
    for (let n = 2; ; n++) {
      const taken = await sql`select 1 from drive_entries where parent = ${entry.parent} and name = ${name}`.execute(db)
      if (taken.rows.length === 0) break
      name = numbered(clean, n)
    }
    await sql`update drive_entries set name = ${name} where id = ${entry.id}`.execute(db)
    if (entry.is_folder) {
      const from = `${entry.parent}${entry.name}/`
      const to = `${entry.parent}${name}/`
      await sql`update drive_entries set parent = ${to} || substr(parent, length(${from}) + 1) where left(parent, length(${from})) = ${from}`.execute(db)
    }
  }
  await sql`alter table drive_entries add constraint drive_entries_name_visible_ck check (name !~ ${sql.lit(INVISIBLE_PG_CLASS)})`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table drive_entries drop constraint drive_entries_name_visible_ck`.execute(db)
}
