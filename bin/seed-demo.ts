// npm run seed:demo — migrates, then adds the demo data (safe to run again: adds only what is missing).
// Uses DATABASE_URL when set, else the embedded database in .data/pg.
import { createDb } from '#db/client.server.ts'
import { openDatabase } from '#db/connection.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { getBlobStore } from '#storage/index.server.ts'
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from './demo/data.ts'

const handle = await openDatabase()
const db = createDb(handle.url, 2)
try {
  const applied = await migrateToLatest(db)
  if (applied.length) console.log(`Applied ${applied.length} migration(s): ${applied.join(', ')}`)
  const created = await seedDemo(db, { store: getBlobStore() })
  const added = Object.entries(created).filter(([, n]) => n > 0)
  console.log(added.length ? `Demo data added: ${added.map(([table, n]) => `${table} ${n}`).join(', ')}` : 'Demo data already present; nothing added.')
  console.log(`Demo logins (password for all: ${DEMO_PASSWORD}):`)
  for (const login of DEMO_LOGINS) console.log(`  ${login.username.padEnd(11)} ${login.role}`)
} catch (error) {
  console.error(`seed:demo: ${(error as Error).message.split('\n')[0]}`)
  process.exitCode = 1
} finally {
  await db.destroy()
  await handle.release()
}
