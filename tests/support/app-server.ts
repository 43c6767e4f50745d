// A real app server for one browser-test file: its own database (a copy of the migrated
// template), started by `npm start`'s own entry point, so the tests see what users see.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawnApp } from './app-process.ts'
import { createTestDatabase, type TestDatabase } from './db.ts'

export interface AppServer {
  url: string
  db: TestDatabase['db']
  stop(): Promise<void>
}

export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  const database = await createTestDatabase()
  const blobs = fs.mkdtempSync(path.join(os.tmpdir(), 'app-blobs-'))
  const app = spawnApp({ ...process.env, DATABASE_URL: database.url, WORKERS: 'off', STORAGE_DIR: blobs, ...env })
  return {
    url: await app.url,
    db: database.db,
    async stop() {
      await app.stop()
      await database.drop()
      fs.rmSync(blobs, { recursive: true, force: true })
    },
  }
}
