// `npm run worker`: the background workers alone, for more machines beside the app instances.
import { closeDb, getDb } from '#db/client.server.ts'
import { openDatabase } from '#db/connection.ts'
import { createBoss } from '#jobs/boss.server.ts'
import { closeDocumentPool } from '#jobs/documents/chromium-pool.server.ts'
import { startWorkers } from '#jobs/worker.ts'

const database = await openDatabase()
process.env.DATABASE_URL = database.url
const boss = createBoss(database.url)
await startWorkers(boss, getDb())
console.log('Workers running. Press Ctrl-C to stop.')

let stopping = false
async function shutdown(): Promise<void> {
  if (stopping) return
  stopping = true
  await boss.stop({ graceful: true, timeout: 10_000, wait: true })
  await closeDocumentPool()
  await closeDb()
  await database.release()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown())
process.on('SIGTERM', () => void shutdown())
