// `npm start` as a user runs it: embedded database in an empty folder, demo data, workers, HTTP;
// Ctrl-C stops everything; a second start keeps the first run's data.
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countedRequests, load } from '../bench/http-load.ts'
import { spawnApp } from '../tests/support/app-process.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { createUser } from '#db/queries/users.ts'
import { DEMO_PASSWORD } from './demo/data.ts'

const root = path.resolve(import.meta.dirname, '..')
const dataDir = path.join(root, '.data', `start-test-${process.pid}`)
fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 })

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

function start() {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, STORAGE_DIR: path.join(dataDir, 'blobs') }
  delete env.DATABASE_URL
  return spawnApp(env)
}

function postmasterRunning(): boolean {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid')
  if (!fs.existsSync(pidFile)) return false
  try {
    process.kill(Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]), 0)
    return true
  } catch {
    return false
  }
}

describe('npm start', () => {
  it('starts on an empty folder with demo data, stops cleanly on Ctrl-C, and keeps the data on the next start', async () => {
    const first = start()
    const url = await first.url
    const output = first.output
    expect((await fetch(`${url}/login`)).status).toBe(200)
    expect(output()).toContain('Seeded demo data into the empty database.')
    expect(output()).toContain('workers: in-process')

    const client = new pg.Client({ connectionString: fs.readFileSync(path.join(dataDir, 'pg-url'), 'utf8') })
    await client.connect()
    await client.query(`insert into companies (company_name) values ('Marker Farms')`)
    await client.end()

    expect(await first.stop('SIGINT')).toBe(0)
    expect(postmasterRunning()).toBe(false)

    const second = start()
    const againUrl = await second.url
    expect(second.output()).not.toContain('Seeded demo data')
    expect(second.output()).toMatch(/Demo logins \(password for all: demo-pass-1\):\n {2}admin /)
    const page = await fetch(`${againUrl}/login`)
    expect(page.status).toBe(200)
    const check = new pg.Client({ connectionString: fs.readFileSync(path.join(dataDir, 'pg-url'), 'utf8') })
    await check.connect()
    const { rows } = await check.query(`select count(*)::int as n from companies where company_name = 'Marker Farms'`)
    await check.end()
    expect(rows[0].n).toBe(1)
    expect(await second.stop('SIGINT')).toBe(0)
    expect(postmasterRunning()).toBe(false)
  }, 120_000)
})

/** The processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): { pid: number; command: string }[] {
  const found: { pid: number; command: string }[] = []
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === pid) found.push({ pid: Number(entry), command: fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ') })
    } catch {
      // it ended while we looked
    }
  }
  return found
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function until<T>(what: string, check: () => T | undefined | false, seconds = 30): Promise<T> {
  for (let i = 0; i < seconds * 10; i++) {
    const value = check()
    if (value) return value
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`Waited ${seconds} s for ${what}`)
}

describe('npm start in production: HTTP processes', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database?.drop())
  const env = () => ({ ...process.env, DATABASE_URL: database.url, WORKERS: 'off', STORAGE_DIR: path.join(dataDir, 'blobs-http') })

  it('serves from WEB_CONCURRENCY processes, counts their requests in one /metrics (every one the bench sent), replaces one that dies, and stops them all', async () => {
    const token = 'metrics-token-0123456789'
    const app = spawnApp({ ...env(), WEB_CONCURRENCY: '3', METRICS_PORT: '0', METRICS_TOKEN: token })
    const url = await app.url
    expect(app.output()).toContain('HTTP: 3 processes')
    // a production start on an empty database (DATABASE_URL, no DEMO=1): no demo accounts, and how to make the first superuser
    expect(app.output()).toContain('No user can sign in yet. Create the first superuser: npm run user:create -- --username')
    expect(app.output()).not.toMatch(/demo/i)
    expect(await database.db.selectFrom('users').select('id').execute()).toEqual([])
    // ready with a file store no file has been put in yet (npm start makes its folder)
    expect(fs.existsSync(path.join(dataDir, 'blobs-http'))).toBe(true)
    expect((await fetch(`${url}/readyz`)).status).toBe(200)
    const first = childrenOf(app.pid).filter((c) => c.command.includes('server/http-process.ts'))
    expect(first).toHaveLength(3)
    const statuses = await Promise.all(Array.from({ length: 12 }, () => fetch(`${url}/login`, { headers: { connection: 'close' } }).then((r) => r.status)))
    expect(statuses.every((s) => s === 200)).toBe(true)

    // the three processes' requests in one scrape of the primary, on a private address, behind the token
    const metricsUrl = /Metrics: (http:\/\/127\.0\.0\.1:\d+\/metrics)/.exec(app.output())![1]!
    expect((await fetch(metricsUrl)).status).toBe(401)
    const scraped = await (await fetch(metricsUrl, { headers: { authorization: `Bearer ${token}` } })).text()
    const count = scraped.split('\n').find((line) => line.startsWith('http_request_duration_seconds_count{') && ['route="login"', 'method="GET"', 'status="200"'].every((l) => line.includes(l)))
    expect(count?.split(' ').at(-1)).toBe('12')
    expect(scraped).toMatch(/^db_pool_connections\{state="total"\} \d+$/m)
    expect(scraped).toMatch(/^process_cpu_seconds_total \d/m)

    // the bench's load (autocannon, cut off when its time is up): /metrics counts every request it sent
    const before = await countedRequests(metricsUrl, token)
    const bench = await load(`${url}/login`, {}, 1, 6)
    expect(bench.errors).toBe(0)
    expect(bench.sent).toBeGreaterThan(50)
    // the requests cut off are answered, and counted, a moment later
    let counted = 0
    for (let i = 0; i < 20 && counted < bench.sent; i++) {
      if (i) await new Promise((r) => setTimeout(r, 100))
      counted = (await countedRequests(metricsUrl, token)) - before
    }
    expect(counted).toBe(bench.sent)

    process.kill(first[0]!.pid, 'SIGKILL')
    const now = await until('a new HTTP process', () => {
      const current = childrenOf(app.pid).filter((c) => c.command.includes('server/http-process.ts'))
      return current.length === 3 && !current.some((c) => c.pid === first[0]!.pid) && current
    })
    await until('the new process to listen', () => app.output().includes('exited (SIGKILL); starting another.'))
    expect((await fetch(`${url}/login`)).status).toBe(200)

    expect(await app.stop('SIGTERM')).toBe(0)
    expect(now.filter((c) => alive(c.pid))).toEqual([])
  }, 90_000)

  it('refuses to start while accounts of a database that is not a demo one sign in with the demo password, naming them and the fix', async () => {
    const other = await createTestDatabase()
    try {
      await createUser(other.db, { username: 'admin', password: DEMO_PASSWORD, isSuperuser: true, permissions: [] })
      await createUser(other.db, { username: 'tech', password: DEMO_PASSWORD, permissions: [] })
      await createUser(other.db, { username: 'viewer', password: 'a-password-of-its-own', permissions: [] })
      const app = spawnApp({ ...env(), DATABASE_URL: other.url })
      await expect(app.url).rejects.toThrow(/admin, tech still sign in with the demo password[\s\S]*npm run user:deactivate -- admin tech/)
      expect(app.output()).not.toContain('viewer')
      expect(await app.stop()).toBe(1)
    } finally {
      await other.drop()
    }
  }, 60_000)

  it('refuses to start when the pools could open more connections than the database allows', async () => {
    const app = spawnApp({ ...env(), WEB_CONCURRENCY: '2', DB_POOL_SIZE: '1000' })
    await expect(app.url).rejects.toThrow(/may open 3000 connections; the database allows \d+\. Lower WEB_CONCURRENCY or DB_POOL_SIZE/)
    expect(await app.stop()).toBe(1)
  }, 60_000)
})
