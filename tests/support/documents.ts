// A test database with what makes documents beside it: blobs in a throw-away folder (the blob store
// every module reads), one Chromium, and pg-boss with its queues, its workers running as the app
// runs them (`workers: true`) or not (the test runs the jobs itself). stop() undoes it all.
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type PgBoss from 'pg-boss'
import { createBoss } from '#jobs/boss.server.ts'
import { ChromiumPool } from '#jobs/documents/chromium-pool.server.ts'
import { QUEUES } from '#jobs/queues.ts'
import { startWorkers } from '#jobs/worker.ts'
import { FsDriver } from '#storage/fs-driver.server.ts'
import { setBlobStore } from '#storage/index.server.ts'
import { CHROMIUM_PATH } from './browser.ts'
import { createTestDatabase, type TestDatabase } from './db.ts'

export interface DocumentsBeside {
  t: TestDatabase
  store: FsDriver
  pool: ChromiumPool
  boss: PgBoss
  stop(): Promise<void>
}

/** `name` names the blob folder; what was made before a step that fails is undone. */
export async function startDocuments(name: string, options: { workers: boolean }): Promise<DocumentsBeside> {
  const undo: (() => Promise<unknown>)[] = []
  const stop = async () => {
    for (const step of undo.splice(0).reverse()) await step()
  }
  try {
    const t = await createTestDatabase()
    undo.push(() => t.drop())
    const root = await fsp.mkdtemp(path.join(os.tmpdir(), `${name}-`))
    undo.push(() => fsp.rm(root, { recursive: true, force: true }))
    const store = new FsDriver({ root })
    setBlobStore(store)
    undo.push(async () => setBlobStore(undefined))
    const pool = new ChromiumPool({ executablePath: CHROMIUM_PATH, size: 1 })
    undo.push(() => pool.close())
    const boss = createBoss(t.url)
    undo.push(() => boss.stop({ graceful: false, wait: true }))
    if (options.workers) {
      await startWorkers(
        boss,
        t.db,
        () => store,
        () => pool,
      )
    } else {
      await boss.start()
      for (const queue of Object.values(QUEUES)) await boss.createQueue(queue)
    }
    return { t, store, pool, boss, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
