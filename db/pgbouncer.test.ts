// The app behind PgBouncer in transaction mode (decision 0074): migrations over the direct
// connection (what DATABASE_DIRECT_URL gives them), then through the pooler the sign-in
// throttle's transaction-level locks and pg-boss (its own schema install, jobs sent from pg-boss
// and from a Kysely transaction, fetched and completed).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import type PgBoss from 'pg-boss'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBoss } from '../jobs/boss.server.ts'
import { enqueue } from '../jobs/enqueue.server.ts'
import { QUEUES } from '../jobs/queues.ts'
import { startPgbouncer, type Pgbouncer } from '../tests/cluster/pgbouncer.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { createDb, type Executor } from './client.server.ts'
import { freePort } from './embedded.ts'
import { migrateDatabase } from './migrate.ts'
import { migrations } from './migrations/index.ts'
import { findSession } from './queries/sessions.ts'
import { recordAttemptIfAdmitted } from './queries/sign-in-attempts.ts'

let t: TestDatabase
let workDir: string
let bouncer: Pgbouncer
let pooled: Executor
beforeAll(async () => {
  t = await createTestDatabase({ empty: true })
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgbouncer-'))
  bouncer = await startPgbouncer(t.url, { workDir, port: await freePort() })
  // as the app opens it when DATABASE_DIRECT_URL says DATABASE_URL is a pooler's
  pooled = createDb(bouncer.url, 10, { behindPooler: true })
})
afterAll(async () => {
  await pooled?.destroy()
  await bouncer?.stop()
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true })
  await t?.drop()
})

/** The server session (backend pid) a statement of `client` runs in. */
const backend = async (client: pg.Client) => (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid

describe('behind PgBouncer in transaction mode', () => {
  it('is transaction pooling: a connection’s next statement runs in another server session while its last one is in a transaction elsewhere', async () => {
    const [a, b] = [new pg.Client({ connectionString: bouncer.url }), new pg.Client({ connectionString: bouncer.url })]
    await Promise.all([a.connect(), b.connect()])
    try {
      const first = await backend(a)
      await b.query('begin')
      // the server session a's statement ran in went back to the pool, and b's transaction has it
      expect(await backend(b)).toBe(first)
      expect(await backend(a)).not.toBe(first)
      await b.query('commit')
    } finally {
      await Promise.all([a.end(), b.end()])
    }
  })

  it('migrates over the direct connection; the pooled connections then see every migration', async () => {
    expect(await migrateDatabase(t.url)).toEqual(Object.keys(migrations))
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(pooled)
    expect(rows.map((r) => r.name)).toEqual(Object.keys(migrations))
    expect(await migrateDatabase(t.url)).toEqual([])
  })

  it('serialises the sign-in throttle’s tries with its transaction-level locks: 12 at once, 5 admitted, each seeing the ones before', async () => {
    const attempt = { usernameKey: 'pooled', ip: '198.51.100.7', windowMinutes: 15 }
    const tries = await Promise.all(Array.from({ length: 12 }, () => recordAttemptIfAdmitted(pooled, attempt, (counts) => counts.ofUsernameAtAddress < 5)))
    const admitted = tries.filter((r) => r !== null)
    expect(admitted.map((r) => r.counts.ofUsernameAtAddress).sort()).toEqual([0, 1, 2, 3, 4])
    const stored = await pooled
      .selectFrom('login_attempts')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('username_key', '=', 'pooled')
      .executeTakeFirstOrThrow()
    expect(stored.n).toBe(5)
  })

  it('runs the session look-up every request makes (a named prepared statement on a direct connection) from many connections at once', async () => {
    // PgBouncer before 1.21 answers a name prepared on another client's server session with 42P05
    for (let round = 0; round < 3; round++) {
      const found = await Promise.all(Array.from({ length: 10 }, (_, i) => findSession(pooled, `no-such-session-${round}-${i}`)))
      expect(found).toEqual(Array.from({ length: 10 }, () => null))
    }
  })

  it('runs pg-boss: it installs its schema, and a job sent by it or from a Kysely transaction is fetched and completed', async () => {
    let boss: PgBoss | undefined
    try {
      boss = createBoss(bouncer.url)
      await boss.start()
      await boss.createQueue('pooler-check')
      const sent = await boss.send('pooler-check', { n: 1 })
      const [fetched] = await boss.fetch<{ n: number }>('pooler-check')
      expect(fetched).toMatchObject({ id: sent, data: { n: 1 } })
      await boss.complete('pooler-check', fetched!.id)
      expect(await boss.getJobById('pooler-check', fetched!.id)).toMatchObject({ state: 'completed' })

      // the app's own way to send: pg-boss's insert in the caller's transaction (jobs/enqueue.server.ts)
      await boss.createQueue(QUEUES.alertAggregation)
      await pooled.transaction().execute((trx) => enqueue(trx, QUEUES.alertAggregation, { from: 'transaction' }))
      const [queued] = await boss.fetch<{ from: string }>(QUEUES.alertAggregation)
      expect(queued?.data).toEqual({ from: 'transaction' })
      await boss.complete(QUEUES.alertAggregation, queued!.id)
      expect(await boss.getJobById(QUEUES.alertAggregation, queued!.id)).toMatchObject({ state: 'completed' })
    } finally {
      await boss?.stop({ graceful: false, wait: true })
    }
  })
})
