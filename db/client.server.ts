// One connection pool per process. It lives on globalThis because the Remix server bundle and
// the code started by bin/ (workers, CLIs) are separate module graphs in the same process.
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely'
import pg from 'pg'
import { watchPool } from '#core/metrics.server.ts'
import type { Database } from './schema.ts'

// numeric stays a string (exact money and quantities); bigint ids come back as numbers,
// which is safe far beyond any row count this app will see; dates stay 'yyyy-mm-dd' strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value)

/** What every query takes: the pool, or a transaction (a Transaction is a Kysely). */
export type Executor = Kysely<Database>

const pools = new WeakMap<Executor, pg.Pool>()
/**
 * Pools whose URL is a transaction-mode pooler's (PgBouncer; DATABASE_DIRECT_URL is then set):
 * the next statement may run on another server connection, where a name prepared on the last is
 * missing or already taken (PgBouncer before 1.21 answers 42P05), so nothing is prepared by name.
 */
const behindPooler = new WeakSet<Executor>()

export function createDb(connectionString: string, max = 10, options: { behindPooler?: boolean } = {}): Executor {
  const pool = new pg.Pool({ connectionString, max })
  // An idle connection closed by the server (a restart, a failover) must not crash the process:
  // the pool drops it and the next query opens a new one.
  pool.on('error', (error) => console.error(`[db] idle connection closed: ${error.message}`))
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  pools.set(db, pool)
  if (options.behindPooler) behindPooler.add(db)
  return db
}

/**
 * Runs `query` as a named prepared statement: each connection parses and plans it once. For the
 * statement every request runs (the session look-up), planning costs more than executing it.
 * Only for statements of one fixed shape whose best plan does not depend on the values.
 * A transaction (or any other Kysely instance) runs it the plain way.
 */
export async function executePrepared<Row>(db: Executor, name: string, query: CompiledQuery<Row>): Promise<Row[]> {
  const pool = pools.get(db)
  if (!pool || behindPooler.has(db)) return (await db.executeQuery(query)).rows
  const result = await pool.query({ name, text: query.sql, values: [...query.parameters] })
  return result.rows as Row[]
}

/** Runs `work` in the caller's transaction when it is one, else in a transaction of its own. */
export function inTransaction<T>(db: Executor, work: (trx: Executor) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work)
}

/** The constraint a unique violation broke (PostgreSQL 23505), or null for any other error. */
export function uniqueConstraint(error: unknown): string | null {
  const e = error as { code?: string; constraint?: string } | null
  return e?.code === '23505' ? (e.constraint ?? '') : null
}

const holder = globalThis as typeof globalThis & { __appDb?: Executor }

/** The app's pool, created on first use from DATABASE_URL (set by bin/start.ts for the embedded database). */
export function getDb(): Executor {
  if (!holder.__appDb) {
    const url = process.env.DATABASE_URL
    if (!url) throw new Error('DATABASE_URL is not set')
    holder.__appDb = createDb(url, Number(process.env.DB_POOL_SIZE ?? 10), { behindPooler: !!process.env.DATABASE_DIRECT_URL })
    watchPool(() => {
      const pool = holder.__appDb && pools.get(holder.__appDb)
      return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null
    })
  }
  return holder.__appDb
}

export async function closeDb(): Promise<void> {
  const db = holder.__appDb
  holder.__appDb = undefined
  await db?.destroy()
}
