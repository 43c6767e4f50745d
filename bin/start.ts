// `npm start`: the whole app in one process. Without DATABASE_URL it runs the embedded Postgres
// (data in .data/, kept between runs), migrates, seeds demo data into an empty database, starts
// the pg-boss workers and serves HTTP on PORT. Ctrl-C stops HTTP, workers and database in turn.
// `--dev` serves through Vite's dev server (hot reload) instead of the production build.
import type { Server } from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { config } from '#core/config.server.ts'
import { closeDb, getDb } from '#db/client.server.ts'
import { openDatabase } from '#db/connection.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from './demo/data.ts'
import { syncPermissions } from '#db/seeds/permissions.ts'
import { createBoss } from '#jobs/boss.server.ts'
import { startWorkers } from '#jobs/worker.ts'
import { s3ConnectOrigins } from '../server/connect-origins.ts'
import { createHttpApp } from '../server/http.ts'
import { buildIfStale, SERVER_BUILD } from './build.ts'

const dev = process.argv.includes('--dev')
process.env.NODE_ENV ??= dev ? 'development' : 'production'
const settings = config()

const database = await openDatabase()
process.env.DATABASE_URL = database.url
const db = getDb()
await migrateToLatest(db)
await syncPermissions(db)
const empty = !(await db.selectFrom('users').select('id').limit(1).executeTakeFirst())
if (empty) {
  await seedDemo(db)
  console.log('Seeded demo data into the empty database.')
}

// The demo logins that exist in this database (none on a real deployment).
const present = new Set(
  (await db.selectFrom('users').select('username').where('username', 'in', DEMO_LOGINS.map((l) => l.username)).execute()).map((u) => u.username),
)
const demoLogins = DEMO_LOGINS.filter((l) => present.has(l.username))

const boss = settings.WORKERS === 'on' ? createBoss(database.url) : undefined
if (boss) await startWorkers(boss, db)

const common = { trustProxy: settings.TRUST_PROXY, connectOrigins: s3ConnectOrigins(settings) }
let app: ReturnType<typeof createHttpApp>
if (dev) {
  const { createServer } = await import('vite')
  app = createHttpApp({ ...common, production: false, vite: await createServer({ server: { middlewareMode: true } }) })
} else {
  buildIfStale()
  const build = (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild
  app = createHttpApp({ ...common, production: true, build, buildDir: path.dirname(path.dirname(SERVER_BUILD)) })
}
const http: Server = app.listen(settings.PORT)
await new Promise<void>((resolve, reject) => http.once('listening', resolve).once('error', reject))

const address = http.address()
const port = typeof address === 'object' && address ? address.port : settings.PORT
console.log(`\nField operations app: http://localhost:${port}/`)
console.log(`Database: ${database.embedded ? 'embedded PostgreSQL in .data/pg' : 'DATABASE_URL'}; workers: ${boss ? 'in-process' : 'off'}`)
if (demoLogins.length > 0) {
  console.log(`Demo logins (password for all: ${DEMO_PASSWORD}):`)
  for (const login of demoLogins) console.log(`  ${login.username.padEnd(12)} ${login.role}`)
}
console.log('Press Ctrl-C to stop.')

let stopping = false
async function shutdown(signal: string): Promise<void> {
  if (stopping) return
  stopping = true
  console.log(`\n${signal}: stopping…`)
  const closed = new Promise<void>((resolve) => http.close(() => resolve()))
  http.closeIdleConnections()
  await Promise.race([closed, new Promise((r) => setTimeout(r, 10_000))])
  http.closeAllConnections()
  await boss?.stop({ graceful: true, timeout: 10_000, wait: true })
  await closeDb()
  await database.release()
  console.log('Stopped.')
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
