// `npm start`: the whole app. Without DATABASE_URL it runs the embedded Postgres (data in .data/,
// kept between runs), migrates, seeds demo data into an empty database (with DATABASE_URL only when
// DEMO=1: bin/demo/demo-database.ts, decision 0076) and starts the pg-boss
// workers, all in this (primary) process; then it forks WEB_CONCURRENCY HTTP processes (default:
// one per core, server/http-processes.ts) that share PORT and nothing but the database.
// Ctrl-C or SIGTERM stops HTTP, workers, pools and database in turn, and exits 0.
// `--dev` serves from this one process through Vite's dev server (hot reload) instead.
import type { Server } from 'node:http'
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import type { ViteDevServer } from 'vite'
import { config } from '#core/config.server.ts'
import { signingSecret } from '#core/secrets.server.ts'
import { closeDb, getDb } from '#db/client.server.ts'
import { DATA_DIR, openDatabase } from '#db/connection.ts'
import { migrateDatabase } from '#db/migrate.ts'
import { DEMO_PASSWORD } from './demo/data.ts'
import { settleDemo, type DemoStart } from './demo/demo-database.ts'
import { syncPermissions } from '#db/seeds/permissions.ts'
import { createBoss } from '#jobs/boss.server.ts'
import { closeDocumentPool } from '#jobs/documents/chromium-pool.server.ts'
import { startWorkers } from '#jobs/worker.ts'
import { getBlobStore } from '#storage/index.server.ts'
import { s3ConnectOrigins } from '../server/connect-origins.ts'
import { closeHttp, createHttpApp } from '../server/http.ts'
import { startHttpProcesses, type HttpProcesses } from '../server/http-processes.ts'
import { machineMetrics, metricsAddress, startMetricsServer } from '../server/metrics.ts'
import { collectProcessMetrics } from '#core/metrics.server.ts'
import { buildIfStale, SERVER_BUILD } from './build.ts'

/** pg-boss's own pool (jobs/boss.server.ts) */
const BOSS_CONNECTIONS = 4

const dev = process.argv.includes('--dev')
process.env.NODE_ENV ??= dev ? 'development' : 'production'
const settings = config()
process.env.DB_POOL_SIZE = String(settings.DB_POOL_SIZE) // read by every process's pool (db/client.server.ts)
const httpCount = dev ? 1 : settings.WEB_CONCURRENCY

const database = await openDatabase()
process.env.DATABASE_URL = database.url
const db = getDb()
let boss: ReturnType<typeof createBoss> | undefined
let devServer: Server | undefined
let vite: ViteDevServer | undefined
let processes: HttpProcesses | undefined
let metricsServer: Server | undefined

let stopping = false
async function stopAll(): Promise<void> {
  if (metricsServer) await closeHttp(metricsServer, 1_000)
  if (devServer) await closeHttp(devServer)
  await vite?.close()
  // each drains (DRAIN_SECONDS), then has its requests' grace (server/http.ts closeHttp)
  await processes?.stop((settings.DRAIN_SECONDS + 15) * 1000)
  await boss?.stop({ graceful: true, timeout: 10_000, wait: true })
  await closeDocumentPool()
  await closeDb()
  await database.release()
}
async function shutdown(signal: string): Promise<void> {
  if (stopping) return
  stopping = true
  console.log(`\n${signal}: stopping…`)
  await stopAll()
  console.log('Stopped.')
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))

/**
 * Every process has its own pool: refuse to start when they could open more connections than the
 * server allows, rather than fail requests under load with "too many clients". Behind a pooler
 * (DATABASE_DIRECT_URL set) the pools connect to it, and its own pool sizes bound the server's
 * connections: nothing to check here.
 */
async function checkConnectionBudget(): Promise<void> {
  if (database.directUrl) return
  const { rows } = await sql<{ max: number; reserved: number }>`select current_setting('max_connections')::int as max, current_setting('superuser_reserved_connections')::int as reserved`.execute(db)
  const allowed = rows[0]!.max - rows[0]!.reserved
  const needed = (httpCount + 1) * settings.DB_POOL_SIZE + (settings.WORKERS === 'on' ? BOSS_CONNECTIONS : 0)
  if (needed > allowed) {
    throw new Error(
      `${httpCount} HTTP processes and this one, with DB_POOL_SIZE=${settings.DB_POOL_SIZE} connections each, may open ${needed} connections; ` +
        `the database allows ${allowed}. Lower WEB_CONCURRENCY or DB_POOL_SIZE, or raise max_connections.`,
    )
  }
}

let port: number
let demo: DemoStart | undefined
try {
  await migrateDatabase(database.directUrl ?? database.url)
  await syncPermissions(db)
  // the demo only where it is wanted: the embedded database, or DEMO=1 (decision 0076)
  demo = await settleDemo(db, { embedded: database.embedded, demoSwitch: settings.DEMO, store: getBlobStore() })
  if (demo.seeded) console.log('Seeded demo data into the empty database.')
  await checkConnectionBudget()
  // the file store's folder, made here: /readyz then tells a folder that is gone (an unmounted
  // volume) from one no file has made yet (a new node behind a load balancer)
  if (settings.STORAGE_DRIVER === 'fs') fs.mkdirSync(settings.STORAGE_DIR, { recursive: true })

  boss = settings.WORKERS === 'on' ? createBoss(database.url) : undefined
  if (boss) await startWorkers(boss, db)

  if (dev) {
    const { createServer } = await import('vite')
    vite = await createServer({ server: { middlewareMode: true } })
    devServer = createHttpApp({ trustProxy: settings.TRUST_PROXY, connectOrigins: s3ConnectOrigins(settings), production: false, vite }).listen(settings.PORT)
    await new Promise<void>((resolve, reject) => devServer!.once('listening', resolve).once('error', reject))
    const address = devServer.address()
    port = typeof address === 'object' && address ? address.port : settings.PORT
  } else {
    buildIfStale() // here, once, before the HTTP processes load the build
    signingSecret() // made here when missing, so every HTTP process reads the same one
    processes = startHttpProcesses(httpCount, SERVER_BUILD)
    port = await processes.listening
  }
  if (settings.METRICS_PORT !== undefined) {
    collectProcessMetrics()
    metricsServer = await startMetricsServer({ port: settings.METRICS_PORT, host: settings.METRICS_HOST, token: settings.METRICS_TOKEN }, machineMetrics)
  }
} catch (error) {
  if (stopping) await new Promise(() => undefined) // a signal's shutdown is under way and exits
  stopping = true
  console.error(error instanceof Error ? error.message : error)
  await stopAll()
  process.exit(1)
}

/** A folder as the person would type it: relative when it is under the current one. */
const shownPath = (folder: string) => (folder.startsWith(process.cwd() + path.sep) ? path.relative(process.cwd(), folder) : folder)

console.log(`\nField operations app: http://localhost:${port}/`)
console.log(
  `Database: ${database.embedded ? `embedded PostgreSQL in ${shownPath(path.join(DATA_DIR, 'pg'))}` : 'DATABASE_URL'}; workers: ${boss ? 'in-process' : 'off'}; ` +
    `HTTP: ${dev ? 'one process (development)' : `${httpCount} process${httpCount === 1 ? '' : 'es'}`}`,
)
if (metricsServer) console.log(`Metrics: ${metricsAddress(metricsServer)}${settings.METRICS_TOKEN ? ' (bearer token: METRICS_TOKEN)' : ''}`)
if (demo?.notice) console.log(demo.notice)
if (demo?.logins.length) {
  console.log(`Demo logins (password for all: ${DEMO_PASSWORD}):`)
  for (const login of demo.logins) console.log(`  ${login.username.padEnd(12)} ${login.role}`)
}
console.log('Press Ctrl-C to stop.')
