// `npm run backup -- <folder>` (or BACKUP_DIR): a consistent backup of the database and the stored
// files (bin/backup/format.ts says what it holds). The database is read in one REPEATABLE READ
// transaction, so every table shows the same moment; the files named by that moment's `blobs`
// are then copied (a stored file is never changed in place, only added or removed, so the files
// of the moment are those bytes). `npm run restore` brings one back.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'
import { APP_VERSION } from '#core/config.server.ts'
import { createDb } from '#db/client.server.ts'
import { openDatabase } from '#db/connection.ts'
import { BlobNotFoundError, type BlobStore } from '#storage/blob-store.ts'
import { getBlobStore } from '#storage/index.server.ts'
import { appTables, FORMAT, MANIFEST, quoteIdent, type FileDump, type Manifest, type TableDump } from './backup/format.ts'
import { CONSOLE, isMainModule, type CommandOutput } from './cli-io.ts'

/** Writes a backup of the database at `databaseUrl` and the files of `store` into a new folder under `dir`; its path. */
export async function makeBackup(databaseUrl: string, store: BlobStore, dir: string, output: CommandOutput = CONSOLE): Promise<string> {
  const started = new Date()
  const name = `backup-${started.toISOString().replace(/[:.]/g, '-')}`
  const partial = path.join(dir, `${name}.partial`)
  fs.mkdirSync(path.join(partial, 'db'), { recursive: true })
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const db = createDb(databaseUrl, 1)
  let tables: TableDump[] = []
  let migrations: string[] = []
  let keys: string[] = []
  try {
    await client.query('begin isolation level repeatable read read only')
    migrations = (await client.query<{ name: string }>('select name from kysely_migration order by name')).rows.map((r) => r.name)
    for (const table of await appTables(db)) {
      const columns = table.columns.map(quoteIdent).join(', ')
      const file = `db/${table.name}.copy.gz`
      const rows = Number((await client.query<{ n: string }>(`select count(*) as n from ${quoteIdent(table.name)}`)).rows[0]!.n)
      await pipeline(client.query(copyTo(`copy ${quoteIdent(table.name)} (${columns}) to stdout`)), createGzip(), fs.createWriteStream(path.join(partial, file)))
      tables.push({ name: table.name, columns: table.columns, rows, file })
    }
    keys = (await client.query<{ key: string }>('select key from blobs order by key')).rows.map((r) => r.key)
    await client.query('commit')
  } finally {
    await client.end()
    await db.destroy()
  }

  const files: FileDump[] = []
  const missing: string[] = []
  for (const key of keys) {
    const target = path.join(partial, 'files', ...key.split('/'))
    fs.mkdirSync(path.dirname(target), { recursive: true })
    const hash = createHash('sha256')
    let bytes = 0
    try {
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk)
          bytes += chunk.length
          done(null, chunk)
        },
      })
      await pipeline(await store.getStream(key), counted, fs.createWriteStream(target))
      files.push({ key, bytes, sha256: hash.digest('hex') })
    } catch (error) {
      if (!(error instanceof BlobNotFoundError)) throw error
      fs.rmSync(target, { force: true })
      missing.push(key)
    }
  }
  tables = tables.sort((a, b) => a.name.localeCompare(b.name))
  const manifest: Manifest = { format: FORMAT, app_version: APP_VERSION, created_at: started.toISOString(), migrations, tables, files, missing_files: missing }
  fs.writeFileSync(path.join(partial, MANIFEST), JSON.stringify(manifest, null, 2))
  const final = path.join(dir, name)
  fs.renameSync(partial, final)
  const rows = tables.reduce((sum, t) => sum + t.rows, 0)
  output.out(`Backed up ${tables.length} tables (${rows} rows) and ${files.length} files to ${final}`)
  if (missing.length > 0) output.err(`${missing.length} files the database names were not in the store: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}`)
  return final
}

if (isMainModule(import.meta.url)) {
  const dir = process.argv[2] ?? process.env.BACKUP_DIR
  if (!dir) {
    console.error('Usage: npm run backup -- <folder> (or set BACKUP_DIR)')
    process.exit(2)
  }
  const database = await openDatabase()
  try {
    await makeBackup(database.url, getBlobStore(), path.resolve(dir))
  } catch (error) {
    console.error(`The backup failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 1
  } finally {
    await database.release()
  }
}
