// Starts one PostgreSQL for the whole run (embedded, or the server in DATABASE_URL) and builds a
// migrated template database; each test file then gets its own copy (tests/support/db.ts).
import fs from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { createDb } from '../../db/client.server.ts'
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../db/embedded.ts'
import { migrateToLatest } from '../../db/migrate.ts'
import { buildIfStale } from '../../bin/build.ts'
import { ensureChromium } from './browser.ts'
import { TEMPLATE_DB, adminQuery, withDatabase } from './pg-admin.ts'

let embedded: EmbeddedPostgres | undefined
let dataDir: string | undefined

export async function setup(project: TestProject): Promise<void> {
  // Browser tests run the production build and Debian's Chromium; both are made ready once here.
  buildIfStale()
  ensureChromium()
  let adminUrl: string
  if (process.env.DATABASE_URL) {
    adminUrl = withDatabase(process.env.DATABASE_URL, 'postgres')
  } else {
    // One throw-away cluster per run, so runs side by side (two terminals, CI jobs) never collide.
    dataDir = path.resolve(`.data/test-pg-${process.pid}`)
    embedded = await startEmbeddedPostgres({ dataDir, database: 'postgres' })
    adminUrl = embedded.url
  }
  await adminQuery(adminUrl, `drop database if exists ${TEMPLATE_DB} with (force)`)
  await adminQuery(adminUrl, `create database ${TEMPLATE_DB}`)
  const db = createDb(withDatabase(adminUrl, TEMPLATE_DB), 2)
  try {
    await migrateToLatest(db)
  } finally {
    await db.destroy()
  }
  project.provide('pgAdminUrl', adminUrl)
}

export async function teardown(): Promise<void> {
  await embedded?.stop()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string
  }
}
