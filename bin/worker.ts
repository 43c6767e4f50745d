// `npm run worker`: the background workers alone, for more machines beside the app instances.
import { closeDb, getDb } from '#db/client.server.ts'
import { openDatabase } from '#db/connection.ts'
import { createBoss } from '#jobs/boss.server.ts'
import { closeDocumentPool } from '#jobs/documents/chromium-pool.server.ts'
import { startWorkers } from '#jobs/worker.ts'
import { config } from '#core/config.server.ts'
import { collectProcessMetrics } from '#core/metrics.server.ts'
import { closeHttp } from '../server/http.ts'
import { metricsAddress, ownMetrics, startMetricsServer } from '../server/metrics.ts'

const database = await openDatabase()
process.env.DATABASE_URL = database.url
const boss = createBoss(database.url)
await startWorkers(boss, getDb())
const settings = config()
let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | undefined
if (settings.METRICS_PORT !== undefined) {
  collectProcessMetrics()
  metricsServer = await startMetricsServer({ port: settings.METRICS_PORT, host: settings.METRICS_HOST, token: settings.METRICS_TOKEN }, ownMetrics)
  console.log(`Metrics: ${metricsAddress(metricsServer)}`)
}
console.log('Workers running. Press Ctrl-C to stop.')

let stopping = false
async function shutdown(): Promise<void> {
  if (stopping) return
  stopping = true
  if (metricsServer) await closeHttp(metricsServer, 1_000)
  await boss.stop({ graceful: true, timeout: 10_000, wait: true })
  await closeDocumentPool()
  await closeDb()
  await database.release()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown())
process.on('SIGTERM', () => void shutdown())
