// The rows of one statement, batch by batch, from a server-side cursor: what an export of a whole
// list reads (a million rows never sit in memory at once). The cursor lives in a read-only
// transaction on one connection of the pool, held until the last batch is read or the reader stops
// (a `for await` that breaks, a stream that is cancelled): then it is closed and the connection
// goes back to the pool. One statement, so one snapshot: rows written meanwhile neither appear
// halfway nor shift others from batch to batch.
import { CompiledQuery } from 'kysely'
import type { Executor } from '#db/client.server.ts'

/** One connection of the pool, kept until `release` (Kysely lends connections to a callback only). */
function reserveConnection(db: Executor): Promise<{ conn: Executor; release: () => void }> {
  return new Promise((resolve, reject) => {
    db.connection()
      .execute((conn) => new Promise<void>((release) => resolve({ conn, release })))
      .catch(reject)
  })
}

export async function* readByCursor<Row>(db: Executor, query: CompiledQuery<Row>, batchSize = 1000): AsyncGenerator<Row[], void, undefined> {
  const { conn, release } = await reserveConnection(db)
  let open = false
  try {
    await conn.executeQuery(CompiledQuery.raw('begin transaction read only'))
    open = true
    // cursor_tuple_fraction plans it to start at once, which is what a streamed file wants
    await conn.executeQuery(CompiledQuery.raw(`declare list_rows no scroll cursor for ${query.sql}`, [...query.parameters]))
    const fetch = CompiledQuery.raw(`fetch ${Math.max(1, Math.trunc(batchSize))} from list_rows`)
    while (true) {
      const { rows } = await conn.executeQuery<Row>(fetch)
      if (rows.length > 0) yield rows
      if (rows.length < batchSize) break
    }
    await conn.executeQuery(CompiledQuery.raw('commit'))
    open = false
  } finally {
    // a reader that stopped early (or a failed fetch) leaves the transaction open: end it before
    // the connection is lent again
    if (open) await conn.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined)
    release()
  }
}
