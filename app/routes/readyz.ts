// GET /readyz: whether this process can serve (issue 25): the database answers, every migration
// this build knows is applied, and the file store answers. 200 when all do; 503 naming the one
// that does not, as 'failed' (what failed is logged: an error's text may name a path of the server's);
// while the process drains, 503 from server/health.ts before this runs. No session
// and no user data: a load balancer asks it every few seconds.
import { json } from '@remix-run/node'
import { sql } from 'kysely'
import { log } from '#core/log.server.ts'
import { getDb } from '#db/client.server.ts'
import { migrations } from '#db/migrations/index.ts'
import { getBlobStore } from '#storage/index.server.ts'

/** A check that has not answered in this long has failed. */
const CHECK_TIMEOUT_MS = 2_000

/** A check's answer: 'ok', or what failed (for the log only: it may name a path of the server's). */
type Outcome = 'ok' | { failed: string }

async function check(run: () => Promise<Outcome>): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<Outcome>((resolve) => (timer = setTimeout(() => resolve({ failed: `no answer within ${CHECK_TIMEOUT_MS / 1000} s` }), CHECK_TIMEOUT_MS)))
  try {
    return await Promise.race([run(), late])
  } catch (error) {
    return { failed: error instanceof Error ? error.message.slice(0, 500) : 'failed' }
  } finally {
    clearTimeout(timer)
  }
}

const MISSING = 'not applied: '

async function migrationsApplied(): Promise<Outcome> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(getDb())
  const applied = new Set(rows.map((r) => r.name))
  const missing = Object.keys(migrations).filter((name) => !applied.has(name))
  return missing.length === 0 ? 'ok' : { failed: `${MISSING}${missing.join(', ')}` }
}

/** Whoever asks learns which check failed; what failed (an error's message, a path) goes to the log. */
function shown(name: string, outcome: Outcome): 'ok' | 'failed' {
  if (outcome === 'ok') return 'ok'
  log().warn({ msg: 'not ready', check: name, detail: outcome.failed })
  return 'failed'
}

export async function loader() {
  const [migrationsCheck, store] = await Promise.all([
    check(migrationsApplied),
    check(() =>
      getBlobStore()
        .ping()
        .then(() => 'ok' as const),
    ),
  ])
  // the migrations' read is the database's check: a database that does not answer fails both
  const answered = migrationsCheck === 'ok' || migrationsCheck.failed.startsWith(MISSING)
  const checks = {
    database: answered ? 'ok' : shown('database', migrationsCheck),
    migrations: answered ? shown('migrations', migrationsCheck) : 'unknown',
    store: shown('store', store),
  }
  const ready = Object.values(checks).every((c) => c === 'ok')
  return json({ status: ready ? 'ready' : 'not ready', checks }, { status: ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } })
}
