// The four pre-treat lists' figures (issue 11 target), runnable alone:  npx tsx bench/pretreat-lists.ts [--n=500]
// At 1,000,000 pre-treats (bench/seed-pretreats.ts: 1,000 staged, 2,000 scheduled, 3,000 to review,
// the rest completed), each list's loader (loadPretreatList, signed in as the demo assigner, so the
// scheduled list also reads the applicators for its Assign selects) beside every statement it sends
// run raw, scheduled as the loader schedules them: the session look-up and the applicators beside
// the list's statements, a name filter's look-up first, page 1's rows beside the count, a later
// page's rows after it. Limits: loader p95 ≤ 1.3× raw p95, and < 100 ms.
import pg from 'pg'
import { ACCESS } from '#app/access.ts'
import { startSession } from '#app/auth/session.server.ts'
import { loadPretreatList } from '#app/features/pretreat-lists/list-data.server.ts'
import { LIST_TEXTS } from '#app/features/pretreat-lists/pretreat-list.tsx'
import { PRETREAT_LIST_ENGINES } from '#app/lists/pretreat-lists.server.ts'
import type { CompiledList } from '#app/lists/list-engine.server.ts'
import type { Executor } from '#db/client.server.ts'
import type { PretreatListName } from '#db/queries/pretreat-lists.ts'
import { captureStatements, sameStatements, type SentStatement } from './capture.ts'
import { seedPretreats } from './seed-pretreats.ts'
import { argN, isMain, runAlone, type BenchRow } from './alone.ts'
import { timeSideBySide, type Timing } from './stats.ts'

const LIMITS = { ratio: 1.3, p95Ms: 100 }
const WARMUP = 20

interface Case {
  list: PretreatListName
  name: string
  search: string
}

const key = (q: { sql: string; parameters: readonly unknown[] }) => JSON.stringify([q.sql, q.parameters])

/** The list's statements, as the engine schedules them (see bench/run.ts runRaw). */
async function runList(pool: pg.Pool, compiled: CompiledList): Promise<number> {
  if (compiled.lookup) await pool.query(compiled.lookup.sql, [...compiled.lookup.parameters])
  const count = async () => Number((await pool.query<{ total: string | number }>(compiled.count.sql, [...compiled.count.parameters])).rows[0]?.total ?? 0)
  const rows = () => pool.query(compiled.rows.sql, [...compiled.rows.parameters])
  if (compiled.page === 1) return (await Promise.all([count(), rows()]))[0]
  const total = await count()
  if (total > 0) await rows()
  return total
}

export async function benchPretreatLists(db: Executor, options: { databaseUrl: string; n?: number; log?: (line: string) => void }): Promise<BenchRow[]> {
  const n = options.n ?? 500
  const log = options.log ?? (() => undefined)
  process.env.DATABASE_URL ??= options.databaseUrl // the loader's pool (getDb)
  const seeded = await seedPretreats(db, { log })
  if (seeded.inserted > 0) log(`  pretreats: ${seeded.inserted.toLocaleString('en-US')} added in ${seeded.seconds.toFixed(0)} s`)

  const assigner = await db.selectFrom('users').select('id').where('username', '=', 'assigner').executeTakeFirstOrThrow()
  const cookie = (await startSession(db, new Request('http://localhost/'), assigner.id)).split(';')[0]!
  const completedPages = Math.ceil((await PRETREAT_LIST_ENGINES.completed.load(db, '')).total / 10)
  const owner = (await db.selectFrom('companies').select('company_name').innerJoin('storages', 'storages.company_id', 'companies.id').orderBy('companies.id').executeTakeFirstOrThrow()).company_name
  const year = new Date().getFullYear()
  const cases: Case[] = [
    { list: 'staged', name: 'page 1', search: '' },
    { list: 'scheduled', name: 'page 1', search: '' },
    { list: 'scheduled', name: 'by owner, page 1', search: '?sort_by=company&order=asc' },
    { list: 'review', name: 'page 1', search: '' },
    { list: 'completed', name: 'page 1', search: '' },
    { list: 'completed', name: `last page (${completedPages.toLocaleString('en-US')})`, search: `?current_page=${completedPages}` },
    { list: 'completed', name: 'middle page', search: `?current_page=${Math.ceil(completedPages / 2)}` },
    {
      list: 'completed',
      name: `owner "${owner.slice(0, 5)}" + a year's dates, page 1`,
      search: `?filter_by=company&filter_value=${encodeURIComponent(owner.slice(0, 5))}&start_date=${year - 2}-01-01&end_date=${year - 2}-12-31`,
    },
  ]

  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
  const rows: BenchRow[] = []
  try {
    for (const c of cases) {
      const path = LIST_TEXTS[c.list].path
      const params = new URLSearchParams(c.search)
      const callLoader = () => loadPretreatList({ request: new Request(`http://localhost${path}${c.search}`, { headers: { cookie } }) }, ACCESS[path as keyof typeof ACCESS], c.list)
      const engine = PRETREAT_LIST_ENGINES[c.list]
      const { state, errors } = engine.parse(params)
      if (Object.keys(errors).length) throw new Error(`the bench's own parameters are invalid: ${JSON.stringify(errors)}`)
      await callLoader() // the filter names, cached a minute, are read once here
      const compiled = await engine.compile(db, state)
      const sent = await captureStatements(pool, callLoader)
      // every statement the loader sends: the list's, scheduled as the engine does, and the others (session, applicators) beside them
      const listKeys = new Set([compiled.lookup, compiled.count, compiled.rows].filter((q) => q !== null).map((q) => key(q!)))
      const others: SentStatement[] = sent.filter((s) => !listKeys.has(key(s)))
      const floor = [
        ...others,
        ...[compiled.lookup, compiled.count, ...(compiled.total === 0 ? [] : [compiled.rows])].filter((q) => q !== null).map((q) => ({ sql: q!.sql, parameters: [...q!.parameters] })),
      ]
      if (!sameStatements(sent, floor)) throw new Error(`${path}${c.search}: the loader sends other statements than the raw floor runs`)
      const raw = () => Promise.all([...others.map((s) => pool.query(s.sql, s.parameters)), runList(pool, compiled)])
      const [l, r] = (await timeSideBySide([callLoader, raw], { n, warmup: WARMUP })) as [Timing, Timing]
      const shape = `${compiled.total.toLocaleString('en-US')} rows, page ${compiled.page.toLocaleString('en-US')}`
      rows.push(
        { name: `${path} loader, ${c.name}`, figure: `p95 ${l.p95.toFixed(2)} ms, p50 ${l.p50.toFixed(2)} ms (n=${n}; ${shape})`, limit: `< ${LIMITS.p95Ms} ms`, ok: l.p95 < LIMITS.p95Ms },
        {
          name: `  loader p95 / raw p95 (raw p95 ${r.p95.toFixed(2)} ms, ${sent.length} statements)`,
          figure: `${(l.p95 / r.p95).toFixed(2)}× (p50 ${(l.p50 / r.p50).toFixed(2)}×)`,
          limit: `≤ ${LIMITS.ratio}×`,
          ok: l.p95 / r.p95 <= LIMITS.ratio,
        },
      )
      log(`${rows.at(-2)!.name}: ${rows.at(-2)!.figure}; ${rows.at(-1)!.figure}`)
    }
  } finally {
    await pool.end()
  }
  return rows
}

// Alone: its own database `bench_pretreat_lists` (bench/alone.ts).
if (isMain(import.meta.url)) {
  const n = argN(500)
  await runAlone('bench_pretreat_lists', (db, databaseUrl) => benchPretreatLists(db, { databaseUrl, n, log: (line) => console.error(line) }))
}
