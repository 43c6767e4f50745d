// A fresh database for one test file: `const t = await createTestDatabase()` in beforeAll,
// `await t.drop()` in afterAll. A copy of the migrated template (~100 ms), or of the demo
// template (the demo data `npm start` seeds; browser project only), or an empty database.
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { inject } from 'vitest'
import { createDb, type Executor } from '../../db/client.server.ts'
import type { Database } from '../../db/schema.ts'
import { DEMO_TEMPLATE_DB, TEMPLATE_DB, adminQuery, copyDatabase, withDatabase } from './pg-admin.ts'

export interface TestDatabase {
  db: Executor
  url: string
  drop(): Promise<void>
}

export async function createTestDatabase(options: { demo?: boolean; empty?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl')
  const name = `test_${randomBytes(6).toString('hex')}`
  if (options.empty) await adminQuery(adminUrl, `create database ${name}`)
  else await copyDatabase(adminUrl, options.demo ? DEMO_TEMPLATE_DB : TEMPLATE_DB, name)
  const url = withDatabase(adminUrl, name)
  const db = createDb(url, 5)
  return {
    db,
    url,
    async drop() {
      await db.destroy()
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`)
    },
  }
}

/** How many rows `table` holds (a save sent twice adds one; a refused one adds none). */
export async function countRows(db: Executor, table: keyof Database): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db)
  return Number(rows[0]!.n)
}
