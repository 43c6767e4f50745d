// Starts one PostgreSQL for the whole run (embedded, or the server in DATABASE_URL) and builds a
// migrated template database; each test file then gets its own copy (tests/support/db.ts).
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { createDb } from '../../db/client.server.ts'
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../db/embedded.ts'
import { migrateToLatest } from '../../db/migrate.ts'
import { TEMPLATE_DB, adminQuery, withDatabase } from './pg-admin.ts'

let embedded: EmbeddedPostgres | undefined

export async function setup(project: TestProject): Promise<void> {
  let adminUrl: string
  if (process.env.DATABASE_URL) {
    adminUrl = withDatabase(process.env.DATABASE_URL, 'postgres')
  } else {
    embedded = await startEmbeddedPostgres({ dataDir: path.resolve('.data/test-pg'), database: 'postgres' })
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
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string
  }
}
