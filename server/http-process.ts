// One HTTP process of `npm start` (forked by server/http-processes.ts with the path of the
// production build's server/index.js as its argument): that build behind the Express app, listening on the port every HTTP process shares. It owns only its own pool
// (DB_POOL_SIZE connections); the database, migrations and background workers belong to the
// primary. SIGTERM (sent by the primary) stops its /readyz for DRAIN_SECONDS while it still serves,
// then, as SIGINT (Ctrl-C reaches the whole process group) does at once, finishes the requests
// under way, closes the pool and exits 0.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { config } from '#core/config.server.ts'
import { closeDb } from '#db/client.server.ts'
import { s3ConnectOrigins } from './connect-origins.ts'
import { drainThenClose, type Health } from './health.ts'
import { closeHttp, createHttpApp } from './http.ts'
import { answerMetricsRequests } from './metrics.ts'
import { collectProcessMetrics } from '#core/metrics.server.ts'

async function main(): Promise<void> {
  const settings = config()
  const serverBuild = process.argv[2]
  if (!serverBuild) throw new Error('Usage: http-process.ts <path of build/server/index.js>')
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild
  if (settings.METRICS_PORT !== undefined) {
    collectProcessMetrics()
    answerMetricsRequests()
  }
  const health: Health = { draining: false }
  const app = createHttpApp({
    health,
    production: true,
    trustProxy: settings.TRUST_PROXY,
    connectOrigins: s3ConnectOrigins(settings),
    build,
    buildDir: path.dirname(path.dirname(serverBuild)),
  })
  const http = app.listen(settings.PORT)
  http.once('error', (error) => {
    console.error(`HTTP process ${process.pid} could not listen on port ${settings.PORT}: ${error.message}`)
    process.exit(1)
  })

  let stopping = false
  // SIGTERM (a deploy, a scale-down): drain first; Ctrl-C: stop now
  const stop = async (drainSeconds: number) => {
    if (stopping) return
    stopping = true
    await drainThenClose(health, drainSeconds, () => closeHttp(http))
    await closeDb()
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop(settings.DRAIN_SECONDS))
  process.on('SIGINT', () => void stop(0))
}

await main()
