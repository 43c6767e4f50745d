// `npm run backup -- <folder or s3://bucket/prefix>` (or BACKUP_TO): a consistent backup of the
// database and the stored files (bin/backup/format.ts says what it holds). The database is read in one REPEATABLE READ
// transaction, so every table shows the same moment; the files named by that moment's `blobs`, and
// the messages written without a mail server its `grower_reports` name (mail/<name>), are then
// copied (a stored file is never changed in place, only added or removed, so the files of the
// moment are those bytes). `npm run restore` brings one back.
import { createHash } from 'node:crypto'
import path from 'node:path'
import { buffer } from 'node:stream/consumers'
import { createGzip } from 'node:zlib'
import pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'
import { APP_VERSION, config } from '#core/config.server.ts'
import { createDb } from '#db/client.server.ts'
import { openDatabase } from '#db/connection.ts'
import { EML_FILE, mailKey } from '#mail/mailer.server.ts'
import { BlobNotFoundError, type BlobStore } from '#storage/blob-store.ts'
import { getBlobStore } from '#storage/index.server.ts'
import { appTables, backupStore, FORMAT, MANIFEST, quoteIdent, type FileDump, type Manifest, type TableDump } from './backup/format.ts'
import { CONSOLE, isMainModule, type CommandOutput } from './cli-io.ts'

export interface BackupJob {
  /** the database backed up (the backup is recorded in it once whole: table backups) */
  databaseUrl: string
  /** its file store */
  store: BlobStore
  /** where the backup goes (bin/backup/format.ts backupStore), and that place as a person names it */
  target: BlobStore
  location: string
}

/** Backs up the database and its files as a new backup in the target; its name. */
export async function makeBackup({ databaseUrl, store, target, location }: BackupJob, output: CommandOutput = CONSOLE): Promise<string> {
  const started = new Date()
  const name = `backup-${started.toISOString().replace(/[:.]/g, '-')}`
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const db = createDb(databaseUrl, 1)
  const tables: TableDump[] = []
  let migrations: string[] = []
  let keys: string[] = []
  try {
    await client.query('begin isolation level repeatable read read only')
    migrations = (await client.query<{ name: string }>('select name from kysely_migration order by name')).rows.map((r) => r.name)
    for (const table of await appTables(db)) {
      const columns = table.columns.map(quoteIdent).join(', ')
      const file = `db/${table.name}.copy.gz`
      const rows = Number((await client.query<{ n: string }>(`select count(*) as n from ${quoteIdent(table.name)}`)).rows[0]!.n)
      const dump = client.query(copyTo(`copy ${quoteIdent(table.name)} (${columns}) to stdout`)).pipe(createGzip())
      await target.put(`${name}/${file}`, dump, { contentType: 'application/gzip' })
      tables.push({ name: table.name, columns: table.columns, rows, file })
    }
    const blobs = (await client.query<{ key: string }>('select key from blobs')).rows.map((r) => r.key)
    // no blobs row names these: their report does (mail/mailer.server.ts)
    const messages = (await client.query<{ file: string }>(`select distinct eml_file as file from grower_reports where eml_file <> ''`)).rows.map((r) => r.file).filter((file) => EML_FILE.test(file))
    keys = [...blobs, ...messages.map(mailKey)].sort()
    await client.query('commit')
  } finally {
    await client.end()
    await db.destroy()
  }

  const files: FileDump[] = []
  const missing: string[] = []
  for (const key of keys) {
    let bytes: Buffer
    try {
      bytes = await buffer(await store.getStream(key))
    } catch (error) {
      if (!(error instanceof BlobNotFoundError)) throw error
      missing.push(key)
      continue
    }
    await target.put(`${name}/files/${key}`, bytes, { contentType: 'application/octet-stream' })
    files.push({ key, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') })
  }
  const manifest: Manifest = { format: FORMAT, app_version: APP_VERSION, created_at: started.toISOString(), migrations, tables, files, missing_files: missing }
  await target.put(`${name}/${MANIFEST}`, Buffer.from(JSON.stringify(manifest, null, 2)), { contentType: 'application/json' })
  const rows = tables.reduce((sum, t) => sum + t.rows, 0)
  const recorder = createDb(databaseUrl, 1)
  try {
    await recorder
      .insertInto('backups')
      .values({
        name,
        location,
        started_at: started,
        tables: tables.length,
        rows,
        files: files.length,
        bytes: files.reduce((sum, f) => sum + f.bytes, 0),
        missing_files: missing.length,
        app_version: APP_VERSION,
      })
      .execute()
  } finally {
    await recorder.destroy()
  }
  output.out(`Backed up ${tables.length} tables (${rows} rows) and ${files.length} files as ${name}`)
  if (missing.length > 0) output.err(`${missing.length} files the database names were not in the store: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}`)
  return name
}

if (isMainModule(import.meta.url)) {
  const dir = process.argv[2] ?? config().BACKUP_TO
  if (!dir) {
    console.error('Usage: npm run backup -- <folder or s3://bucket/prefix> (or set BACKUP_TO)')
    process.exit(2)
  }
  const database = await openDatabase()
  try {
    const location = /^s3:\/\//.test(dir) ? dir : path.resolve(dir)
    // PostgreSQL itself when DATABASE_URL is a pooler: the read holds one transaction for minutes
    await makeBackup({ databaseUrl: database.directUrl ?? database.url, store: getBlobStore(), target: await backupStore(location), location })
  } catch (error) {
    console.error(`The backup failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 1
  } finally {
    await database.release()
  }
}
