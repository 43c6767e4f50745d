// npm run db:migrate — applies pending migrations and syncs the permission list.
// Uses DATABASE_URL when set, else the embedded database in .data/pg; the migrations go through
// DATABASE_DIRECT_URL when that is set too (DATABASE_URL then goes through a pooler: decision 0074).
import { createDb } from '#db/client.server.ts'
import { openDatabase } from '#db/connection.ts'
import { migrateDatabase } from '#db/migrate.ts'
import { syncPermissions } from '#db/seeds/permissions.ts'

function describe(url: string): string {
  const u = new URL(url)
  return `${u.hostname}:${u.port || '5432'}${u.pathname}`
}

const handle = await openDatabase()
const db = createDb(handle.url, 2)
try {
  console.log(`Database: ${describe(handle.url)}${handle.embedded ? ' (embedded)' : ''}${handle.directUrl ? `; migrations through DATABASE_DIRECT_URL: ${describe(handle.directUrl)}` : ''}`)
  const applied = await migrateDatabase(handle.directUrl ?? handle.url)
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
