// The statements a piece of the app sends: its pool (db/client.server.ts keeps it on globalThis,
// where the server build finds it too) is swapped for one that records each query, for one call.
import { Kysely, PostgresDialect } from 'kysely'
import type pg from 'pg'
import type { Executor } from '#db/client.server.ts'

export interface SentStatement {
  sql: string
  parameters: unknown[]
}

/** A Kysely on `pool` that appends every statement it runs to `sink`. */
export function recordingDb(pool: pg.Pool, sink: SentStatement[]): Executor {
  return new Kysely({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') sink.push({ sql: event.query.sql, parameters: [...event.query.parameters] })
    },
  }) as Executor
}

const holder = globalThis as typeof globalThis & { __appDb?: Executor }

/** Runs `fn` with the app's pool recording; nothing else may use the app's pool meanwhile. */
export async function captureStatements(pool: pg.Pool, fn: () => Promise<unknown>): Promise<SentStatement[]> {
  const sink: SentStatement[] = []
  const previous = holder.__appDb
  holder.__appDb = recordingDb(pool, sink)
  try {
    await fn()
  } finally {
    holder.__appDb = previous
  }
  return sink
}

/** `a` and `b` hold the same statements (text and parameters), in any order. */
export function sameStatements(a: readonly SentStatement[], b: readonly SentStatement[]): boolean {
  const key = (s: SentStatement) => JSON.stringify([s.sql, s.parameters])
  const sorted = (list: readonly SentStatement[]) => list.map(key).sort()
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b))
}
