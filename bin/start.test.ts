// `npm start` as a user runs it: embedded database in an empty folder, demo data, workers, HTTP;
// Ctrl-C stops everything; a second start keeps the first run's data.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const dataDir = path.join(root, '.data', `start-test-${process.pid}`)
fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 })

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

function start(): { child: ChildProcess; ready: Promise<{ url: string; output: () => string }> } {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, STORAGE_DIR: path.join(dataDir, 'blobs'), PORT: '0', NODE_ENV: 'production' }
  delete env.DATABASE_URL
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/start.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()))
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()))
  const ready = new Promise<{ url: string; output: () => string }>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /http:\/\/localhost:(\d+)\//.exec(output)
      if (match) {
        clearInterval(timer)
        resolve({ url: `http://localhost:${match[1]}`, output: () => output })
      }
    }, 50)
    child.once('exit', (code) => {
      clearInterval(timer)
      reject(new Error(`exited ${code}: ${output}`))
    })
  })
  return { child, ready }
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  child.kill('SIGINT')
  return exited
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
    const { url, output } = await first.ready
    expect((await fetch(`${url}/login`)).status).toBe(200)
    expect(output()).toContain('Seeded demo data into the empty database.')
    expect(output()).toContain('workers: in-process')

    const client = new pg.Client({ connectionString: fs.readFileSync(path.join(dataDir, 'pg-url'), 'utf8') })
    await client.connect()
    await client.query(`insert into companies (company_name) values ('Marker Farms')`)
    await client.end()

    expect(await stop(first.child)).toBe(0)
    expect(postmasterRunning()).toBe(false)

    const second = start()
    const again = await second.ready
    expect(again.output()).not.toContain('Seeded demo data')
    expect(again.output()).toMatch(/Demo logins \(password for all: demo-pass-1\):\n  admin /)
    const page = await fetch(`${again.url}/login`)
    expect(page.status).toBe(200)
    const check = new pg.Client({ connectionString: fs.readFileSync(path.join(dataDir, 'pg-url'), 'utf8') })
    await check.connect()
    const { rows } = await check.query(`select count(*)::int as n from companies where company_name = 'Marker Farms'`)
    await check.end()
    expect(rows[0].n).toBe(1)
    expect(await stop(second.child)).toBe(0)
    expect(postmasterRunning()).toBe(false)
  }, 120_000)
})
