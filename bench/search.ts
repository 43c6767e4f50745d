// The search box's figure (issue 24 target: p95 < 100 ms over 1,000,000 records per kind): the
// /search loader called in-process signed in as the demo admin (every kind; session look-up
// included), beside a floor: every statement it sends, run raw through pg as the loader schedules
// them (the session, then the seven kinds at once). Five queries: a whole name, part of a number,
// a word in a sixteenth of the names (the count stops at 100+), two such words, and a typo.
//
// It runs in a database of its own (`bench_search`, on the same server as the bench's): a million
// growers, storages and contacts would change the other figures (the storage picker lists every
// grower; Checks Due reads every storage). Pre-treats, sheets and receipts come from the bench's
// seeds; growers, storages, contacts and drive files from insert … select … generate_series.
//
//   npx tsx bench/search.ts [--n=200]      (alone: the same database, made and seeded when missing)
import pg from 'pg'
import { sql } from 'kysely'
import { loadSession, startSession } from '#app/auth/session.server.ts'
import { loader as searchLoader } from '#app/routes/search.tsx'
import { createDb, type Executor } from '#db/client.server.ts'
import { ensureDatabase, openDatabase } from '#db/connection.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { seedDemo } from '../bin/demo/data.ts'
import { argN, isMain, printRows, type BenchRow } from './alone.ts'
import { captureStatements, recordingDb, sameStatements, type SentStatement } from './capture.ts'
import { seedPretreats } from './seed-pretreats.ts'
import { seedReceipts } from './seed-receipts.ts'
import { seedServiceSheets } from './seed-service-sheets.ts'
import { timeSideBySide, type Timing } from './stats.ts'

export const SEARCH_DATABASE = 'bench_search'
const TARGET = 1_000_000
const LIMIT_MS = 100
const WARMUP = 20
const SESSION_STATEMENT = 'bench-search-session-read'

const PLACES = ['Snake', 'Teton', 'Cassia', 'Minidoka', 'Bingham', 'Jerome', 'Rexburg', 'Shelley', 'Rigby', 'Aberdeen', 'Rupert', 'Burley', 'Blackfoot', 'Ashton', 'Driggs', 'Idaho']
const LAND = ['River', 'Valley', 'Ridge', 'Creek', 'Butte', 'Flats', 'Bench', 'Hollow', 'Canyon', 'Springs', 'Meadow', 'Prairie']
/** what follows a grower's place name, a storage's and a file's kind: no word is in every name */
const GROWER_ENDS = ['Farms', 'Ranch', 'Potato Co.', 'Produce', 'Growers', 'Spuds', 'Acres', 'Land Co.', 'Seed Farms', 'Family Farms', 'Agri', 'Cattle & Potato']
const STORAGE_KINDS = ['Cellar', 'Storage', 'Bin', 'Shed', 'Pit', 'Building', 'Bay', 'Warehouse']
const FILE_KINDS = ['audit', 'report', 'inspection', 'invoice', 'checklist', 'certificate', 'log', 'photo']
const FIRST = ['Wade', 'Lori', 'Brent', 'Kaylee', 'Héctor', 'Sue', 'Mark', 'Ana', 'José', 'Zoë', 'Dale', 'Rémi', 'Travis', 'Jolene', 'Kent', 'Marta']
const LAST = ['Christensen', 'Moss', 'Álvarez', 'Tolman', 'Stimpson', 'Reyes', 'Jensen', 'Bingham', 'Núñez', 'Hansen', 'Peterson', 'Larsen']
const arr = (words: readonly string[]) => sql`array[${sql.join(words)}]::text[]`

const count = async (db: Executor, table: string, where = sql`true`) => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(db)).rows[0]!.n)

/** Up to TARGET of each kind (nothing when there already are). */
async function seed(db: Executor, log: (line: string) => void): Promise<void> {
  // the bench's seeds spread their rows over the demo storages: before the million storages below
  for (const [name, run] of [
    ['pre-treats', seedPretreats],
    ['service sheets', seedServiceSheets],
    ['receipts', seedReceipts],
  ] as const) {
    const r = await run(db, { target: TARGET, log })
    if (r.inserted) log(`  ${name}: ${r.inserted.toLocaleString('en-US')} inserted in ${r.seconds.toFixed(0)} s`)
  }
  const started = performance.now()
  const growers = await count(db, 'companies')
  if (growers < TARGET) {
    await sql`
      insert into companies (company_name, active, notes)
      select (${arr(PLACES)})[1 + i % 16] || ' ' || (${arr(LAND)})[1 + (i / 16) % 12] || ' ' || (${arr(GROWER_ENDS)})[1 + (i / 192) % 12] || ' ' || i, i % 10 <> 0, ''
      from generate_series(${growers + 1}::bigint, ${TARGET}::bigint) i`.execute(db)
  }
  const ends = (await sql<{ a: string; b: string }>`select min(id) as a, max(id) as b from companies`.execute(db)).rows[0]!
  const [first, last] = [Number(ends.a), Number(ends.b)]
  const span = last - first + 1
  const storages = await count(db, 'storages')
  if (storages < TARGET) {
    await sql`
      insert into storages (company_id, name)
      select ${first}::bigint + (hashint8(i) & 2147483647) % ${span}, (${arr(PLACES)})[1 + i % 16] || ' Road ' || (${arr(STORAGE_KINDS)})[1 + (i / 16) % 8] || ' #' || i
      from generate_series(${storages + 1}::bigint, ${TARGET}::bigint) i`.execute(db)
  }
  const contacts = await count(db, 'contacts')
  if (contacts < TARGET) {
    await sql`
      insert into contacts (company_id, name, email)
      select ${first}::bigint + (hashint8(i) & 2147483647) % ${span}, (${arr(FIRST)})[1 + i % 16] || ' ' || (${arr(LAST)})[1 + (i / 16) % 12] || ' ' || i, 'c' || i || '@example.com'
      from generate_series(${contacts + 1}::bigint, ${TARGET}::bigint) i`.execute(db)
  }
  const files = await count(db, 'drive_entries', sql`not is_folder`)
  if (files < TARGET) {
    await sql`insert into drive_entries (parent, name, is_folder, file_type) select 'search-bench/', 'f' || k, true, 'folder' from generate_series(0, 99) k on conflict do nothing`.execute(db)
    await sql`
      with b as (
        insert into blobs (id, area, key, filename, content_type, size_bytes)
        select gen_random_uuid(), 'drive', 'drive/search-bench/' || i, (${arr(PLACES)})[1 + i % 16] || ' ' || (${arr(
          FILE_KINDS,
        )})[1 + (i / 16) % 8] || ' ' || i || '.pdf', 'application/pdf', 1000 + i % 50000
        from generate_series(${files + 1}::bigint, ${TARGET}::bigint) i
        returning id, filename, size_bytes
      )
      insert into drive_entries (parent, name, is_folder, blob_id, file_type, size_bytes)
      select 'search-bench/f' || (hashtext(filename) & 127) % 100 || '/', filename, false, id, 'pdf', size_bytes from b`.execute(db)
  }
  if (growers < TARGET || storages < TARGET || contacts < TARGET || files < TARGET) {
    for (const table of ['companies', 'storages', 'contacts', 'blobs', 'drive_entries']) await sql`vacuum analyze ${sql.table(table)}`.execute(db)
    log(`  growers, storages, contacts, drive files: seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  }
}

/** What `fn` sends through a Kysely on `pool`. */
async function recorded(pool: pg.Pool, fn: (db: Executor) => Promise<unknown>): Promise<SentStatement[]> {
  const sink: SentStatement[] = []
  await fn(recordingDb(pool, sink))
  return sink
}

const holder = globalThis as typeof globalThis & { __appDb?: Executor }

/** The figures, in the database at `databaseUrl` (seeded to a million per kind first). */
export async function measureSearch(db: Executor, databaseUrl: string, options: { n: number; log: (line: string) => void }): Promise<BenchRow[]> {
  const { n, log } = options
  log('Seeding the search bench (1,000,000 per kind)…')
  await seed(db, log)
  const sizes = await Promise.all(
    (
      [
        ['growers', 'companies', sql`true`],
        ['storages', 'storages', sql`true`],
        ['contacts', 'contacts', sql`true`],
        ['pre-treats', 'pretreats', sql`true`],
        ['sheets', 'service_sheets', sql`true`],
        ['receipts', 'receipts', sql`true`],
        ['files', 'drive_entries', sql`not is_folder`],
      ] as const
    ).map(async ([name, table, where]) => `${(await count(db, table, where)).toLocaleString('en-US')} ${name}`),
  )
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
  const cookie = (await startSession(db, new Request('http://localhost/'), admin.id)).split(';')[0]!
  const sheet = (await sql<{ n: string }>`select service_sheet_number::text as n from service_sheets order by id desc offset 12345 limit 1`.execute(db)).rows[0]!.n
  const contact = (await sql<{ name: string }>`select name from contacts order by id desc offset 54321 limit 1`.execute(db)).rows[0]!.name
  const cases = [
    ['a contact’s whole name', contact],
    ['part of a sheet number', sheet.slice(1)],
    // in 62,500 names of each kind (a sixteenth of the growers, storages and files)
    ['a common word', 'snake'],
    // every word must be in the name: 5,200 growers hold both
    ['two common words', 'snake farms'],
    ['a word no name holds', 'snaek'],
  ] as const

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
  const previous = holder.__appDb
  // the loader reads the app's pool: this database's, for the bench's time
  holder.__appDb = createDb(databaseUrl)
  const rows: BenchRow[] = []
  try {
    for (const [name, q] of cases) {
      log(`Timing the /search loader, ${name} (${WARMUP} warm-up + ${n} calls, each beside the raw SQL)…`)
      const url = `http://localhost/search?${new URLSearchParams({ q })}`
      const request = () => new Request(url, { headers: { cookie } })
      const callLoader = () => searchLoader({ request: request(), params: {}, context: { cspNonce: '', csrfToken: '' } })
      const [session] = await recorded(pool, (rec) => loadSession(rec, request()))
      const sent = await captureStatements(pool, callLoader)
      const kinds = sent.filter((s) => s.sql !== session!.sql)
      if (!session || !sameStatements(sent, [session, ...kinds]) || kinds.length < 6) throw new Error(`the search loader sent ${sent.length} statements:\n${sent.map((s) => s.sql).join('\n')}`)
      const raw = async () => {
        await pool.query({ name: SESSION_STATEMENT, text: session.sql, values: session.parameters })
        await Promise.all(kinds.map((s) => pool.query(s.sql, s.parameters)))
      }
      const found = (await callLoader()).groups.map((g) => `${g.title} ${g.countText}`).join(', ')
      const [l, r] = (await timeSideBySide([callLoader, raw], { n, warmup: WARMUP })) as [Timing, Timing]
      rows.push(
        {
          name: `/search loader, ${name} ('${q}')`,
          figure: `p95 ${l.p95.toFixed(2)} ms, p50 ${l.p50.toFixed(2)} ms (n=${n}; found ${found || 'nothing'})`,
          limit: `< ${LIMIT_MS} ms`,
          ok: l.p95 < LIMIT_MS,
        },
        {
          name: `  floor: its ${kinds.length + 1} statements raw`,
          figure: `p95 ${r.p95.toFixed(2)} ms, p50 ${r.p50.toFixed(2)} ms (loader / raw p95 ${(l.p95 / r.p95).toFixed(2)}×)`,
          limit: 'floor',
          ok: true,
        },
      )
    }
    rows.push({ name: '  search bench data', figure: sizes.join(', '), limit: '', ok: true })
    return rows
  } finally {
    await holder.__appDb.destroy()
    holder.__appDb = previous
    await pool.end()
  }
}

/**
 * In the database `bench_search` on the server of `serverUrl` (made when missing): migrated, the
 * demo data seeded once (seeding it again over a million pre-treats would give each completed one
 * its application record, one by one), then measured.
 */
export async function benchSearch(serverUrl: string, options: { n: number; log: (line: string) => void }): Promise<BenchRow[]> {
  await ensureDatabase(serverUrl, SEARCH_DATABASE)
  const url = new URL(serverUrl)
  url.pathname = `/${SEARCH_DATABASE}`
  const db = createDb(url.toString())
  try {
    await migrateToLatest(db)
    if (!(await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst())) await seedDemo(db)
    return await measureSearch(db, url.toString(), options)
  } finally {
    await db.destroy()
  }
}

if (isMain(import.meta.url)) {
  const handle = await openDatabase({ database: SEARCH_DATABASE })
  try {
    printRows(await benchSearch(handle.url, { n: argN(200), log: console.log }))
  } finally {
    await handle.release()
  }
}
