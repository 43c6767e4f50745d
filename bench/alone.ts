// How a bench section runs by itself (`npx tsx bench/<section>.ts [--n=N]`): in its own database
// (embedded, or on the server of DATABASE_URL), migrated and seeded with the demo data, printing
// its rows as `npm run bench` would.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { closeDb, createDb, type Executor } from '#db/client.server.ts'
import { ensureDatabase, openDatabase } from '#db/connection.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { seedDemo } from '../bin/demo/data.ts'

export interface BenchRow {
  name: string
  figure: string
  limit: string
  ok: boolean
}

/** True when the module at `moduleUrl` is the script node was started with. */
export function isMain(moduleUrl: string): boolean {
  return !!process.argv[1] && fileURLToPath(moduleUrl) === path.resolve(process.argv[1])
}

/** `--n=` from the command line, or `fallback`. */
export function argN(fallback: number): number {
  return Number(/--n=(\d+)/.exec(process.argv.join(' '))?.[1] ?? fallback)
}

export function printRows(rows: readonly BenchRow[]): void {
  const w = [Math.max(...rows.map((r) => r.name.length)), Math.max(...rows.map((r) => r.figure.length)), Math.max(...rows.map((r) => r.limit.length))]
  for (const r of rows) console.log(`${r.name.padEnd(w[0]!)}  ${r.figure.padEnd(w[1]!)}  ${r.limit.padEnd(w[2]!)}  ${r.ok ? 'PASS' : 'FAIL'}`)
}

/** Runs `measure` in the database `name`, made and seeded when missing, and prints its rows. */
export async function runAlone(name: string, measure: (db: Executor, databaseUrl: string) => Promise<readonly BenchRow[]>): Promise<void> {
  const given = process.env.DATABASE_URL
  let databaseUrl: string
  let release = async () => undefined as void
  if (given) {
    await ensureDatabase(given, name)
    const url = new URL(given)
    url.pathname = `/${name}`
    databaseUrl = url.toString()
  } else {
    const handle = await openDatabase({ database: name })
    databaseUrl = handle.url
    release = handle.release
  }
  const db = createDb(databaseUrl)
  try {
    await migrateToLatest(db)
    await seedDemo(db)
    printRows(await measure(db, databaseUrl))
  } finally {
    await db.destroy()
    await closeDb()
    await release()
  }
}
