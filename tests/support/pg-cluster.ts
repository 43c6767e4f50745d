// The run's one PostgreSQL and its template databases, shared by the global setups of every
// project (they run in vitest's main process; the state lives on globalThis because each setup
// file may be loaded in its own module graph). Each is made at most once per run, when a project
// first needs it:
// - the migrated template: an empty, migrated database (tests/support/db.ts copies it per file);
// - the demo template: a copy of it with the permissions and the demo data `npm start` seeds, and
//   the demo's files in a folder beside it (tests/support/app-server.ts copies both per app).
import fs from 'node:fs'
import path from 'node:path'
import { createDb } from '../../db/client.server.ts'
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../db/embedded.ts'
import { migrateToLatest } from '../../db/migrate.ts'
import { DEMO_TEMPLATE_DB, TEMPLATE_DB, adminQuery, withDatabase } from './pg-admin.ts'

interface ClusterState {
  users: number
  cluster?: Promise<{ adminUrl: string; embedded?: EmbeddedPostgres; dataDir?: string }>
  migrated?: Promise<void>
  demo?: Promise<{ blobDir: string }>
}
const holder = globalThis as typeof globalThis & { __testCluster?: ClusterState }
const state = (holder.__testCluster ??= { users: 0 })

/** The run's own folder (inside the project): its cluster, the demo's files, the apps' bundle. */
export const runDir = path.resolve(`.data/test-run-${process.pid}`)

/** The run's cluster (embedded in .data/, or the server of DATABASE_URL); call releaseCluster once per call. */
export async function useCluster(): Promise<string> {
  state.users++
  state.cluster ??= (async () => {
    if (process.env.DATABASE_URL) return { adminUrl: withDatabase(process.env.DATABASE_URL, 'postgres') }
    // one throw-away cluster per run, so runs side by side (two terminals, CI jobs) never collide
    const dataDir = path.join(runDir, 'pg')
    // thrown away after the run: nothing to keep through a crash, so no waiting for the disk
    const settings = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }
    const embedded = await startEmbeddedPostgres({ dataDir, database: 'postgres', settings })
    return { adminUrl: embedded.url, embedded, dataDir }
  })()
  return (await state.cluster).adminUrl
}

export async function releaseCluster(): Promise<void> {
  if (--state.users > 0 || !state.cluster) return
  const { embedded } = await state.cluster
  state.cluster = state.migrated = state.demo = undefined
  await embedded?.stop()
  fs.rmSync(runDir, { recursive: true, force: true })
}

/** The migrated, empty template. */
export function migratedTemplate(adminUrl: string): Promise<void> {
  return (state.migrated ??= (async () => {
    await adminQuery(adminUrl, `drop database if exists ${TEMPLATE_DB} with (force)`)
    await adminQuery(adminUrl, `create database ${TEMPLATE_DB}`)
    const db = createDb(withDatabase(adminUrl, TEMPLATE_DB), 2)
    try {
      await migrateToLatest(db)
    } finally {
      await db.destroy()
    }
  })())
}

/** The demo template: what `npm start` seeds into an empty database, made once per run. */
export function demoTemplate(adminUrl: string): Promise<{ blobDir: string }> {
  return (state.demo ??= (async () => {
    await migratedTemplate(adminUrl)
    await adminQuery(adminUrl, `drop database if exists ${DEMO_TEMPLATE_DB} with (force)`)
    await adminQuery(adminUrl, `create database ${DEMO_TEMPLATE_DB} template ${TEMPLATE_DB}`)
    const blobDir = path.join(runDir, 'demo-blobs')
    fs.rmSync(blobDir, { recursive: true, force: true })
    fs.mkdirSync(blobDir, { recursive: true })
    // the same seed `npm start` runs (bin/start.ts), with its files in the template's folder
    const { syncPermissions } = await import('../../db/seeds/permissions.ts')
    const { seedDemo } = await import('../../bin/demo/data.ts')
    const { FsDriver } = await import('../../storage/fs-driver.server.ts')
    const db = createDb(withDatabase(adminUrl, DEMO_TEMPLATE_DB), 2)
    try {
      await syncPermissions(db)
      await seedDemo(db, { store: new FsDriver({ root: blobDir }) })
    } finally {
      await db.destroy()
    }
    return { blobDir }
  })())
}
