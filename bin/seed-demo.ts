// npm run seed:demo — migrates, then adds the demo data (safe to run again: adds only what is missing).
// Uses DATABASE_URL when set, else the embedded database in .data/pg. A DATABASE_URL database gets
// it only when it is empty or a demo one already (decision 0076).
import { createDb } from '#db/client.server.ts'
import { openDatabase } from '#db/connection.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { getBlobStore } from '#storage/index.server.ts'
import { CONSOLE, isMainModule, type CommandOutput } from './cli-io.ts'
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from './demo/data.ts'
import { hasNoUsers, isDemoDatabase } from './demo/demo-database.ts'

const NOT_A_DEMO = 'this database has accounts and is not a demo one: the demo would add accounts that sign in with a published password. Seed an empty database.'

/** Seeds the demo; answers the exit code. */
export async function seedDemoCommand(io: CommandOutput = CONSOLE): Promise<number> {
  const handle = await openDatabase()
  const db = createDb(handle.url, 2)
  try {
    const applied = await migrateToLatest(db)
    if (applied.length) io.out(`Applied ${applied.length} migration(s): ${applied.join(', ')}`)
    // never the demo's accounts, with their published password, beside real ones (decision 0076)
    if (!handle.embedded && !(await hasNoUsers(db)) && !(await isDemoDatabase(db))) throw new Error(NOT_A_DEMO)
    const created = await seedDemo(db, { store: getBlobStore() })
    const added = Object.entries(created).filter(([, n]) => n > 0)
    io.out(added.length ? `Demo data added: ${added.map(([table, n]) => `${table} ${n}`).join(', ')}` : 'Demo data already present; nothing added.')
    io.out(`Demo logins (password for all: ${DEMO_PASSWORD}):`)
    for (const login of DEMO_LOGINS) io.out(`  ${login.username.padEnd(11)} ${login.role}`)
    return 0
  } catch (error) {
    io.err(`seed:demo: ${(error as Error).message.split('\n')[0]}`)
    return 1
  } finally {
    await db.destroy()
    await handle.release()
  }
}

if (isMainModule(import.meta.url)) process.exitCode = await seedDemoCommand()
