// `npm run restore -- <backup>` (a folder, or s3://bucket/prefix/backup-<time>): brings a backup (bin/backup.ts) back into an empty database
// and file store. It migrates the database to the migrations the backup was made at, loads every
// table in one transaction (as replica, session_replication_role, which needs a superuser as the
// embedded database's is: neither foreign keys row by row nor the counters' triggers, since the
// backup holds the counters as they were),
// moves each identity past its highest id, migrates on to this version's last migration, and puts
// every file back (the written messages among them), checking its SHA-256 against the manifest.
import { createHash } from 'node:crypto'
import { buffer } from 'node:stream/consumers'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import { sql } from 'kysely'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { createDb } from '#db/client.server.ts'
import { openDatabase } from '#db/connection.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { migrations as knownMigrations } from '#db/migrations/index.ts'
import { EML_TYPE, mailKey } from '#mail/mailer.server.ts'
import { BlobNotFoundError, type BlobStore } from '#storage/blob-store.ts'
import { getBlobStore } from '#storage/index.server.ts'
import { appTables, backupStore, FORMAT, MANIFEST, quoteIdent, splitBackupAddress, type Manifest } from './backup/format.ts'
import { CONSOLE, isMainModule, type CommandOutput } from './cli-io.ts'

export class RestoreRefused extends Error {}

/** Restores backup `name` of `source` into the empty database at `databaseUrl` and the file store `store`. */
export async function restoreBackup(source: BlobStore, name: string, databaseUrl: string, store: BlobStore, output: CommandOutput = CONSOLE): Promise<Manifest> {
  const read = async (key: string) => buffer(await source.getStream(`${name}/${key}`))
  const manifest = JSON.parse(
    (
      await read(MANIFEST).catch((error: unknown) => {
        if (error instanceof BlobNotFoundError) throw new RestoreRefused(`${name} is not a whole backup: it has no ${MANIFEST} (a backup that did not finish, or not a backup).`)
        throw error
      })
    ).toString('utf8'),
  ) as Manifest
  if (manifest.format !== FORMAT) throw new RestoreRefused(`This backup's format (${manifest.format}) is not one this version reads (${FORMAT}).`)
  const unknown = manifest.migrations.filter((m) => !(m in knownMigrations))
  if (unknown.length > 0) throw new RestoreRefused(`This backup was made by a newer version (migrations ${unknown.join(', ')}): restore it with that version.`)

  const db = createDb(databaseUrl, 2)
  const client = new pg.Client({ connectionString: databaseUrl })
  try {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p')`.execute(
      db,
    )
    if (rows[0]!.n > 0) throw new RestoreRefused('The database is not empty: restore into a new, empty database.')
    if (manifest.migrations.length > 0) await migrateToLatest(db, manifest.migrations.at(-1))
    const tables = new Map((await appTables(db)).map((t) => [t.name, t]))
    await client.connect()
    await client.query('begin')
    await client.query('set local session_replication_role = replica')
    // the rows the migrations made (counters of empty tables) give way to the backup's
    await client.query(`truncate ${[...tables.keys()].map(quoteIdent).join(', ')}`)
    for (const table of manifest.tables) {
      if (!tables.has(table.name)) throw new RestoreRefused(`The backup's table ${table.name} is not in the database its migrations make.`)
      const columns = table.columns.map(quoteIdent).join(', ')
      await pipeline(await source.getStream(`${name}/${table.file}`), createGunzip(), client.query(copyFrom(`copy ${quoteIdent(table.name)} (${columns}) from stdin`)))
      const loaded = Number((await client.query<{ n: string }>(`select count(*) as n from ${quoteIdent(table.name)}`)).rows[0]!.n)
      if (loaded !== table.rows) throw new Error(`${table.name}: ${loaded} rows loaded, the backup holds ${table.rows}`)
    }
    // identities and serials go on from the highest id loaded
    await client.query(`
      do $$
      declare r record;
      begin
        for r in select c.table_name, c.column_name, pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) as seq
                 from information_schema.columns c
                 where c.table_schema = 'public' and pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) is not null loop
          execute format('select setval(%L, coalesce((select max(%I) from %I), 0) + 1, false)', r.seq, r.column_name, r.table_name);
        end loop;
      end $$`)
    await client.query('commit')
    await migrateToLatest(db)

    const types = new Map((await db.selectFrom('blobs').select(['key', 'content_type']).execute()).map((b) => [b.key, b.content_type]))
    for (const { eml_file } of await db.selectFrom('grower_reports').select('eml_file').where('eml_file', '<>', '').execute()) types.set(mailKey(eml_file), EML_TYPE)
    for (const file of manifest.files) {
      const bytes = await read(`files/${file.key}`)
      const sha256 = createHash('sha256').update(bytes).digest('hex')
      if (sha256 !== file.sha256) throw new Error(`The backup's copy of ${file.key} is damaged (its SHA-256 differs from the manifest's).`)
      await store.put(file.key, bytes, { contentType: types.get(file.key) ?? 'application/octet-stream' })
    }
  } finally {
    await client.end().catch(() => undefined)
    await db.destroy()
  }
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0)
  output.out(`Restored ${manifest.tables.length} tables (${rows} rows) and ${manifest.files.length} files from the backup of ${manifest.created_at}.`)
  return manifest
}

if (isMainModule(import.meta.url)) {
  const address = process.argv[2]
  if (!address) {
    console.error('Usage: npm run restore -- <backup: a folder, or s3://bucket/prefix/backup-…> (into an empty database and file store)')
    process.exit(2)
  }
  const database = await openDatabase()
  try {
    const [where, name] = splitBackupAddress(address)
    // PostgreSQL itself when DATABASE_URL is a pooler: migrations take a session-level lock (db/migrate.ts)
    await restoreBackup(await backupStore(where), name, database.directUrl ?? database.url, getBlobStore())
  } catch (error) {
    console.error(error instanceof RestoreRefused ? error.message : `The restore failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 1
  } finally {
    await database.release()
  }
}
