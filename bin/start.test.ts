// `npm start` as a user runs it: embedded database in an empty folder, demo data, workers, HTTP;
// Ctrl-C stops everything; a second start keeps the first run's data.
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { spawnApp } from '../tests/support/app-process.ts'

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
    expect(second.output()).toMatch(/Demo logins \(password for all: demo-pass-1\):\n  admin /)
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
