// A real app server for one browser-test file: its own database (a copy of the migrated
// template), started by `npm start`'s own entry point, so the tests see what users see.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createTestDatabase, type TestDatabase } from './db.ts'

export interface AppServer {
  url: string
  db: TestDatabase['db']
  stop(): Promise<void>
}

export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  const database = await createTestDatabase()
  const blobs = fs.mkdtempSync(path.join(os.tmpdir(), 'app-blobs-'))
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bin/start.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: database.url, PORT: '0', WORKERS: 'off', STORAGE_DIR: blobs, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The app did not start within 60 s:\n${output}`)), 60_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /http:\/\/localhost:(\d+)\//.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(`http://localhost:${match[1]}`)
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`The app exited (${code}) before listening:\n${output}`))
    })
  })
  return {
    url,
    db: database.db,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await exited
      }
      await database.drop()
      fs.rmSync(blobs, { recursive: true, force: true })
    },
  }
}
