// npm run db:migrate — applies pending migrations and syncs the permission list.
// Uses DATABASE_URL when set, else the embedded database in .data/pg.
import { createDb } from '#db/client.server.ts'
import { openDatabase } from '#db/connection.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { syncPermissions } from '#db/seeds/permissions.ts'

function describe(url: string): string {
  const u = new URL(url)
  return `${u.hostname}:${u.port || '5432'}${u.pathname}`
}

const handle = await openDatabase()
const db = createDb(handle.url, 2)
try {
  console.log(`Database: ${describe(handle.url)}${handle.embedded ? ' (embedded)' : ''}`)
  const applied = await migrateToLatest(db)
  console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'No pending migrations; the database is up to date.')
  const synced = await syncPermissions(db)
  console.log(`Permissions: ${synced} added or updated.`)
} catch (error) {
  console.error(`db:migrate: ${(error as Error).message.split('\n')[0]}`)
  process.exitCode = 1
} finally {
  await db.destroy()
  await handle.release()
}
