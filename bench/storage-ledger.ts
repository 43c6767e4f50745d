// The season ledger's figure (issue 23 target: < 100 ms), run inside bench/season-summary.ts, in its
// database of ~1,000,000 pre-treats: the bench storage with ten seasons of history
// (bench/storage-detail.ts benchStorage: applied pre-treats with chemical lines) among them, and the
// /view-storage/{id}?tab=ledger loader for its fullest season, called in-process signed in as the
// demo admin (session look-up included), beside a floor: every statement the loader sends, run raw
// through pg and scheduled as the loader schedules them. The ledger has no all-seasons view.
import pg from 'pg'
import { sql } from 'kysely'
import { loadSession, startSession } from '#app/auth/session.server.ts'
import { loader as storageLoader } from '#app/routes/view-storage.$id/data.server.ts'
import { season as seasonOfYear } from '#core/season.ts'
import { PRETREAT_STATE_SETS } from '#core/pretreat-states.ts'
import type { Executor } from '#db/client.server.ts'
import { inStates } from '#db/queries/states.ts'
import { latestReentry, ledgerSeasons, storageSeasonLedger } from '#db/queries/season.ts'
import { storageDetail } from '#db/queries/storage-detail.ts'
import type { BenchRow } from './alone.ts'
import { captureStatements, recordingDb, sameStatements, type SentStatement } from './capture.ts'
import { benchStorage } from './storage-detail.ts'
import { timeSideBySide, type Timing } from './stats.ts'

const LIMIT_MS = 100
const WARMUP = 20
/** the session look-up's prepared-statement name in the floor (the app prepares it too) */
const SESSION_STATEMENT = 'bench-ledger-session-read'

/** What `fn` sends through a Kysely on `pool`, in the order the statements finished. */
async function recorded(pool: pg.Pool, fn: (db: Executor) => Promise<unknown>): Promise<SentStatement[]> {
  const sink: SentStatement[] = []
  await fn(recordingDb(pool, sink))
  return sink
}

export async function benchStorageLedger(db: Executor, options: { databaseUrl: string; n: number; log: (line: string) => void }): Promise<BenchRow[]> {
  const { n, log } = options
  const { id } = await benchStorage(db, log)
  const fullest = (
    await sql<{ year: number; n: string }>`
      select extract(year from application_date - interval '6 months')::int as year, count(*) as n from pretreats
      where storage_id = ${id} and ${inStates('status', PRETREAT_STATE_SETS.applied)} and application_date is not null
      group by 1 order by 2 desc, 1 desc limit 1`.execute(db)
  ).rows[0]
  if (!fullest) throw new Error('The bench storage has no applied pre-treats.')
  const season = seasonOfYear(fullest.year)
  const counts = (
    await sql<{
      pretreats: string
      storages: string
      here: string
    }>`select count(*) as pretreats, count(distinct storage_id) as storages, count(*) filter (where storage_id = ${id}) as here from pretreats`.execute(db)
  ).rows[0]!
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
  const cookie = (await startSession(db, new Request('http://localhost/'), admin.id)).split(';')[0]!
  const url = `http://localhost/view-storage/${id}?tab=ledger&season=${season.year}`
  const callLoader = () => storageLoader({ request: new Request(url, { headers: { cookie } }), params: { id: String(id) }, context: { cspNonce: '', csrfToken: '' } })

  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
  try {
    // The floor, step by step as the loader runs: the session look-up; then at once the storage,
    // the latest application (then its products) and the ledger's seasons (then the storage's flags
    // beside the season's lines, then their products' label limits).
    const [session] = await recorded(pool, (rec) => loadSession(rec, new Request(url, { headers: { cookie } })))
    const [detail] = await recorded(pool, (rec) => storageDetail(rec, id))
    const [seasons] = await recorded(pool, (rec) => ledgerSeasons(rec, id))
    const [latest, ...latestThen] = await recorded(pool, (rec) => latestReentry(rec, id))
    // the storage's flags and the season's lines go together (recorded as they finished), the limits after
    const [a, b, ...limits] = await recorded(pool, (rec) => storageSeasonLedger(rec, id, season))
    const [lines, flags] = a?.sql.includes('pretreat_chemicals') ? [a, b] : [b, a]
    if (!session || !detail || !seasons || !latest || !flags || !lines) throw new Error('a ledger read sent no statement')
    const query = (s: SentStatement) => pool.query(s.sql, s.parameters)
    const steps = async (...list: SentStatement[][]) => {
      for (const step of list) await Promise.all(step.map(query))
    }
    const raw = async () => {
      await pool.query({ name: SESSION_STATEMENT, text: session.sql, values: session.parameters })
      await Promise.all([query(detail), steps([latest], latestThen), steps([seasons], [flags, lines], limits)])
    }
    const floor = [session, detail, latest, ...latestThen, seasons, flags, lines, ...limits]
    const first = await callLoader()
    const sent = await captureStatements(pool, callLoader)
    if (!sameStatements(sent, floor))
      throw new Error(`the ledger's loader sends other statements than the floor runs:\n-- loader:\n${sent.map((q) => q.sql).join('\n')}\n-- floor:\n${floor.map((q) => q.sql).join('\n')}`)
    const ledger = first.content.tab === 'ledger' ? first.content.ledger : null
    const entries = ledger ? ledger.lines.length + ledger.voids.length : 0
    if (entries !== (await query(lines)).rowCount) throw new Error(`the loader's ledger (${entries} lines) differs from the raw SQL's`)

    const [l, r] = (await timeSideBySide([callLoader, raw], { n, warmup: WARMUP })) as [Timing, Timing]
    const shape = `season ${season.label}: ${fullest.n} applications, ${entries} lines; ${Number(counts.here).toLocaleString('en-US')} pre-treats over ${(await ledgerSeasons(db, id)).length} seasons at the storage, ${Number(counts.pretreats).toLocaleString('en-US')} over ${counts.storages} storages in all`
    return [
      { name: '/view-storage ledger tab loader, fullest season', figure: `p95 ${l.p95.toFixed(2)} ms, p50 ${l.p50.toFixed(2)} ms (n=${n}; ${shape})`, limit: `< ${LIMIT_MS} ms`, ok: l.p95 < LIMIT_MS },
      {
        name: `  floor: its ${floor.length} statements raw`,
        figure: `p95 ${r.p95.toFixed(2)} ms, p50 ${r.p50.toFixed(2)} ms (loader / raw p95 ${(l.p95 / r.p95).toFixed(2)}×)`,
        limit: 'floor',
        ok: true,
      },
    ]
  } finally {
    await pool.end()
  }
}
