// The dispatch board's figure (issue 24 target: < 100 ms), runnable alone:
//   npx tsx bench/dispatch-board.ts [--n=500]
// A week with 500 pre-treats (scheduled, staged and assigned, spread over its days, each with a
// chemical line; some with trucks, so bookings clash) and 20 licensed applicators,
// added to whatever database it runs in (the demo's alone, the million pre-treats of `npm run
// bench`), in a week of its own (2031-03-03). The /dispatch loader for that week, called in-process
// signed in as the demo assigner (session look-up included), beside a floor: every statement the
// loader sends, run raw through pg in the loader's three rounds (the session; the applicators and
// the cards; then at once the bookings, the chemical lines and the seasons so far).
import pg from 'pg'
import { sql } from 'kysely'
import { startSession } from '#app/auth/session.server.ts'
import { loader as boardLoader } from '#app/routes/dispatch/data.server.ts'
import type { Executor } from '#db/client.server.ts'
import { argN, isMain, runAlone, type BenchRow } from './alone.ts'
import { captureStatements, sameStatements, type SentStatement } from './capture.ts'
import { timeSideBySide, type Timing } from './stats.ts'

const LIMIT_MS = 100
const WARMUP = 20
const MONDAY = '2031-03-03'
const CARDS = 500
const APPLICATORS = 20

/** The week's 500 pre-treats and the 20 applicators (made once per database). */
export async function seedWeek(db: Executor, log: (line: string) => void): Promise<void> {
  const have = Number((await sql<{ n: string }>`select count(*) as n from pretreats where application_notes = 'Bench week'`.execute(db)).rows[0]!.n)
  if (have > CARDS) {
    // a week seeded twice (an earlier run stopped after seeding): back to its first 500
    const extra = sql`(select id from pretreats where application_notes = 'Bench week' order by id offset ${CARDS})`
    await sql`delete from pretreat_chemicals where pretreat_id in ${extra}`.execute(db)
    await sql`delete from pretreats where id in ${extra}`.execute(db)
  }
  if (have >= CARDS) return
  log(`  dispatch board: seeding ${CARDS} pre-treats in the week of ${MONDAY} and ${APPLICATORS} applicators`)
  await db.transaction().execute(async (trx) => {
    const creator = (await trx.selectFrom('users').select('id').where('username', '=', 'assigner').executeTakeFirstOrThrow()).id
    const applicators: number[] = []
    for (let i = 1; i <= APPLICATORS; i++) {
      const username = `bench-dispatch-${String(i).padStart(2, '0')}`
      const user =
        (await trx.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst()) ??
        (await trx
          .insertInto('users')
          .values({ username, password_hash: 'x', first_name: 'Bench', last_name: `Applicator ${i}` })
          .returning('id')
          .executeTakeFirstOrThrow())
      const a = await trx
        .insertInto('applicators')
        .values({ user_id: user.id, license: `BENCH-${i}`, expiration: i === APPLICATORS ? '2031-03-05' : '2035-12-31' })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ active: true }))
        .returning('id')
        .executeTakeFirstOrThrow()
      applicators.push(a.id)
    }
    const storages = (await trx.selectFrom('storages').select(['id', 'company_id']).orderBy('id').limit(60).execute()).map((s) => [s.id, s.company_id] as const)
    const trucks = (await trx.selectFrom('trucks').select('id').orderBy('id').limit(10).execute()).map((t) => t.id)
    const product = (await trx.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow()).id
    const base = Number((await sql<{ n: string }>`select coalesce(max(number), 0) as n from pretreat_numbers`.execute(trx)).rows[0]!.n)
    await sql`insert into pretreat_numbers (number, year, reserved_by) select ${base}::bigint + i, 2031, ${creator}::bigint from generate_series(1, ${CARDS}::int) i`.execute(trx)
    await sql`
      insert into pretreats (submission_id, pre_treat_number, created_by, recommended_by, other_name, company_id, storage_id, application_notes, destination,
        upcoming, status, assigned_to, planned_on, truck_id)
      select gen_random_uuid(), pn.label, ${creator}::bigint, (${applicators}::bigint[])[1], 'Bench', (${storages.map((s) => s[1])}::bigint[])[1 + i % ${storages.length}],
             (${storages.map((s) => s[0])}::bigint[])[1 + i % ${storages.length}], 'Bench week', 'Lamb Weston',
             i % 10 = 0, case when i % 10 = 0 or i % 3 = 0 then 'pending' else 'assigned' end,
             case when i % 10 = 0 or i % 3 = 0 then null else (${applicators}::bigint[])[1 + i % ${APPLICATORS}] end,
             ${MONDAY}::date + (i % 7),
             case when i % 4 = 0 and ${trucks.length} > 0 then (${trucks.length ? trucks : [0]}::bigint[])[1 + i % greatest(${trucks.length}, 1)] end
      from generate_series(1, ${CARDS}::int) i join pretreat_numbers pn on pn.number = ${base}::bigint + i`.execute(trx)
    await sql`
      insert into pretreat_chemicals (pretreat_id, product_id, cwt, quantity_requested)
      select p.id, ${product}::bigint, 1000 + (p.id % 9) * 250, 16.6 from pretreats p
      where p.application_notes = 'Bench week' and not exists (select 1 from pretreat_chemicals c where c.pretreat_id = p.id)`.execute(trx)
  })
}

export async function benchDispatchBoard(db: Executor, options: { databaseUrl: string; n: number; log: (line: string) => void }): Promise<BenchRow[]> {
  const { n, log } = options
  process.env.DATABASE_URL ??= options.databaseUrl // the loader's pool (getDb)
  await seedWeek(db, log)
  await sql`analyze pretreats`.execute(db)
  const assigner = await db.selectFrom('users').select('id').where('username', '=', 'assigner').executeTakeFirstOrThrow()
  const cookie = (await startSession(db, new Request('http://localhost/'), assigner.id)).split(';')[0]!
  const url = `http://localhost/dispatch?week=${MONDAY}`
  const callLoader = () => boardLoader({ request: new Request(url, { headers: { cookie } }), params: {}, context: { cspNonce: '', csrfToken: '' } })
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
  try {
    const first = await callLoader()
    const sent = await captureStatements(pool, callLoader)
    // the loader's rounds: the session; the applicators, the week's cards and those with no day; then the rest at once (bookings, lines, seasons so far)
    const isSession = (s: SentStatement) => /"sessions"/.test(s.sql)
    const firstRound = (s: SentStatement) => /btrim\(a\.license\)/.test(s.sql) || /string_agg/.test(s.sql)
    const seasonRound = (s: SentStatement) => /count\(distinct pt\.id\)/.test(s.sql) || /"planned_removal"/.test(s.sql)
    const session = sent.filter(isSession)
    const one = sent.filter((s) => !isSession(s) && firstRound(s))
    const last = sent.filter((s) => !isSession(s) && seasonRound(s))
    const two = sent.filter((s) => !isSession(s) && !firstRound(s) && !seasonRound(s))
    const floor = [...session, ...one, ...two, ...last]
    if (!sameStatements(sent, floor) || session.length !== 1 || one.length !== 3) throw new Error(`the board's loader sent statements the floor does not sort:\n${sent.map((s) => s.sql).join('\n')}`)
    const query = (s: SentStatement) => pool.query(s.sql, s.parameters)
    const raw = async () => {
      for (const round of [session, one, [...two, ...last]]) await Promise.all(round.map(query))
    }
    const cards = first.board.cards.length
    const warned = first.board.cards.filter((c) => c.warnings.length > 0).length
    if (cards < CARDS) throw new Error(`the board shows ${cards} cards, fewer than the ${CARDS} seeded`)
    const [l, r] = (await timeSideBySide([callLoader, raw], { n, warmup: WARMUP })) as [Timing, Timing]
    const total = Number((await sql<{ n: string }>`select count(*) as n from pretreats`.execute(db)).rows[0]!.n)
    const shape = `${cards} cards (${warned} with warnings), ${first.board.lanes.length} lanes; ${total.toLocaleString('en-US')} pre-treats in all`
    const rows: BenchRow[] = [
      { name: '/dispatch loader, a week of 500 pre-treats', figure: `p95 ${l.p95.toFixed(2)} ms, p50 ${l.p50.toFixed(2)} ms (n=${n}; ${shape})`, limit: `< ${LIMIT_MS} ms`, ok: l.p95 < LIMIT_MS },
      {
        name: `  floor: its ${floor.length} statements raw`,
        figure: `p95 ${r.p95.toFixed(2)} ms, p50 ${r.p50.toFixed(2)} ms (loader / raw p95 ${(l.p95 / r.p95).toFixed(2)}×)`,
        limit: 'floor',
        ok: true,
      },
    ]
    for (const row of rows) log(`${row.name}: ${row.figure}`)
    return rows
  } finally {
    await pool.end()
  }
}

// Alone: its own database `bench_dispatch` (bench/alone.ts), the demo data and the week.
if (isMain(import.meta.url)) {
  const n = argN(500)
  await runAlone('bench_dispatch', (db, databaseUrl) => benchDispatchBoard(db, { databaseUrl, n, log: (line) => console.error(line) }))
}
