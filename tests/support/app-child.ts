// One app for a test file, in a child process (tests/support/app-server.ts forks it, bundled once
// per run by tests/support/app-child-bundle.ts): the production build behind the same Express app
// an HTTP process of `npm start` runs (server/http-process.ts), on a free port, with the pg-boss
// workers when WORKERS=on, as bin/start.ts starts them. What `npm start` does before (migrate,
// permissions, the demo seed) is already in the database it is given, a copy of the demo
// template. It tells its parent the port over IPC; SIGTERM stops HTTP, workers and pools, then it
// exits.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { config } from '#core/config.server.ts'
import { closeDb, getDb } from '#db/client.server.ts'
import { createBoss } from '#jobs/boss.server.ts'
import { closeDocumentPool } from '#jobs/documents/chromium-pool.server.ts'
import { startWorkers } from '#jobs/worker.ts'
import { SERVER_BUILD } from '../../bin/build.ts'
import { s3ConnectOrigins } from '../../server/connect-origins.ts'
import { drainThenClose, type Health } from '../../server/health.ts'
import { closeHttp, createHttpApp } from '../../server/http.ts'

const settings = config()
const build = (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild
const health: Health = { draining: false }
const app = createHttpApp({ health, production: true, trustProxy: settings.TRUST_PROXY, connectOrigins: s3ConnectOrigins(settings), build, buildDir: path.dirname(path.dirname(SERVER_BUILD)) })
const boss = settings.WORKERS === 'on' ? createBoss(process.env.DATABASE_URL!) : undefined
if (boss) await startWorkers(boss, getDb())
const http = app.listen(0, () => {
  const address = http.address()
  process.send!({ port: typeof address === 'object' && address ? address.port : 0 })
})

let stopping = false
process.on('SIGTERM', async () => {
  if (stopping) return
  stopping = true
  await drainThenClose(health, settings.DRAIN_SECONDS, () => closeHttp(http, 2_000))
  await boss?.stop({ graceful: true, timeout: 5_000, wait: true })
  await closeDocumentPool()
  await closeDb()
  process.exit(0)
})
// the parent's end ends it too (a test run stopped with Ctrl-C)
process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'))
