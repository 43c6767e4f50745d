// The season summary's figure (issue 12 target: < 200 ms over 1M pre-treats), runnable alone:
//   npx tsx bench/season-summary.ts [--n=500] [--pretreats=N: a smaller database for a quick try]
// At 1,000,000 pre-treats (bench/seed-pretreats.ts) with a record for each completed one
// (bench/seed-application-records.ts: ~994,000 records over 6 seasons, 150 growers, 12 licences, the
// demo's products), the /season-summary loader for its fullest season, signed in as the demo
// reviewer ptreview2, beside a floor: the loader's two statements (the season's totals and the
// seasons with records) sent raw through pg. For scale, the same table counted from the records'
// lines (what the summary would cost without the kept totals) is printed as INFO. In the same
// database, a storage's season ledger (bench/storage-ledger.ts).
import pg from 'pg'
import { sql } from 'kysely'
import { startSession } from '#app/auth/session.server.ts'
import { loader as seasonSummaryLoader } from '#app/routes/season-summary.tsx'
import { applicationRecordList } from '#app/lists/application-record-list.server.ts'
import type { Executor } from '#db/client.server.ts'
import { recordSeasons, seasonRecount, seasonTotals, seasonTotalsQuery } from '#db/queries/application-records.ts'
import { argN, isMain, runAlone, type BenchRow } from './alone.ts'
import { seedApplicationRecords } from './seed-application-records.ts'
import { seedPretreats } from './seed-pretreats.ts'
import { benchStorage } from './storage-detail.ts'
import { benchStorageLedger } from './storage-ledger.ts'
import { summarize, timeMs, timeSideBySide, type Timing } from './stats.ts'

const LIMIT_MS = 200
const WARMUP = 20

export async function benchSeasonSummary(db: Executor, options: { databaseUrl: string; n?: number; pretreats?: number; log?: (line: string) => void }): Promise<BenchRow[]> {
  const n = options.n ?? 500
  const log = options.log ?? (() => undefined)
  process.env.DATABASE_URL ??= options.databaseUrl // the loader's pool (getDb)
  const pretreats = await seedPretreats(db, { log, target: options.pretreats })
  if (pretreats.inserted > 0) log(`  pretreats: ${pretreats.inserted.toLocaleString('en-US')} added in ${pretreats.seconds.toFixed(0)} s`)
  // the ledger's storage (issue 23) among them: made before the records, so its completed pre-treats get theirs too
  await benchStorage(db, log)
  const records = await seedApplicationRecords(db, { log })
  if (records.inserted > 0) log(`  application records: ${records.inserted.toLocaleString('en-US')} added in ${records.seconds.toFixed(0)} s`)

  const total = Number((await sql<{ n: string }>`select count(*) as n from application_records`.execute(db)).rows[0]!.n)
  const fullest = (await sql<{ season: number; n: string }>`select season, sum(applications) as n from application_record_totals group by season order by 2 desc limit 1`.execute(db)).rows[0]
  if (!fullest) throw new Error('No application record totals: the seeding failed.')
  const season = fullest.season
  const reviewer = await db.selectFrom('users').select('id').where('username', '=', 'ptreview2').executeTakeFirstOrThrow()
  const cookie = (await startSession(db, new Request('http://localhost/'), reviewer.id)).split(';')[0]!
  const callLoader = async () => {
    const response = await seasonSummaryLoader({
      request: new Request(`http://localhost/season-summary?season=${season}`, { headers: { cookie } }),
      params: {},
      context: { cspNonce: '', csrfToken: '' },
    })
    return response.json()
  }
  const groups = (await seasonTotals(db, season)).length

  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
  const compiledTotals = seasonTotalsQuery(db, season).compile()
  const compiledSeasons = db.selectFrom('application_record_totals').select('season').distinct().orderBy('season', 'desc').compile()
  const raw = () => Promise.all([pool.query(compiledTotals.sql, [...compiledTotals.parameters]), pool.query(compiledSeasons.sql, [...compiledSeasons.parameters])])
  const recount = () => seasonRecount(db, season)
  try {
    await recordSeasons(db)
    const [l, r] = (await timeSideBySide([callLoader, raw], { n, warmup: WARMUP })) as [Timing, Timing]
    const recounts: number[] = []
    for (let i = 0; i < 5; i++) recounts.push(await timeMs(recount))
    const c = summarize(recounts)
    const shape = `season ${season}: ${Number(fullest.n).toLocaleString('en-US')} applications in ${groups} rows; ${total.toLocaleString('en-US')} records`
    const rows: BenchRow[] = [
      { name: '/season-summary loader', figure: `p95 ${l.p95.toFixed(2)} ms, p50 ${l.p50.toFixed(2)} ms (n=${n}; ${shape})`, limit: `< ${LIMIT_MS} ms`, ok: l.p95 < LIMIT_MS },
      { name: '  floor: its 2 statements raw', figure: `p95 ${r.p95.toFixed(2)} ms, p50 ${r.p50.toFixed(2)} ms`, limit: 'floor', ok: true },
      { name: '  without kept totals: a recount of the lines', figure: `p50 ${c.p50.toFixed(1)} ms (n=5)`, limit: 'INFO', ok: true },
    ]
    // the records' list at the same size: the engine's load for page 1, a middle page, and a grower filter with a season's dates
    const pages = Math.ceil(total / 10)
    for (const [name, search] of [
      ['page 1', ''],
      [`middle page (${Math.ceil(pages / 2).toLocaleString('en-US')})`, `current_page=${Math.ceil(pages / 2)}`],
      ['grower "Grower 042" + a season', `filter_by=grower&filter_value=Grower%20042&start_date=${season}-07-01&end_date=${season + 1}-06-30`],
    ] as const) {
      const params = new URLSearchParams(search)
      for (let i = 0; i < 5; i++) await applicationRecordList.load(db, params)
      const samples: number[] = []
      for (let i = 0; i < Math.min(n, 100); i++) samples.push(await timeMs(() => applicationRecordList.load(db, params)))
      const t = summarize(samples)
      rows.push({ name: `/application-records list, ${name}`, figure: `p95 ${t.p95.toFixed(2)} ms, p50 ${t.p50.toFixed(2)} ms (n=${samples.length})`, limit: '< 100 ms', ok: t.p95 < 100 })
    }
    rows.push(...(await benchStorageLedger(db, { databaseUrl: options.databaseUrl, n, log })))
    for (const row of rows) log(`${row.name}: ${row.figure}`)
    return rows
  } finally {
    await pool.end()
  }
}

// Alone: its own database `bench_season_summary` (bench/alone.ts).
if (isMain(import.meta.url)) {
  const n = argN(500)
  // --pretreats=N: a smaller database for a quick try (its own, so the full one is not mixed with it)
  const pretreats = Number(/--pretreats=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 0) || undefined
  await runAlone(pretreats ? `bench_season_summary_${pretreats}` : 'bench_season_summary', (db, databaseUrl) =>
    benchSeasonSummary(db, { databaseUrl, n, pretreats, log: (line) => console.error(line) }),
  )
}
