// `npm run bench` (bench/README.md): seeds a database named `bench` with a million call-ins and a million
// service sheets (with their reviews and tracker rows) and prints, in one run, each figure beside
// its limit. See bench/README.md for what each line means.
//
//   npm run bench [-- --n=200 --warmup=20 --explain --no-startup --only=<path text>
//                    --no-http --no-lighthouse --no-documents --no-viewer --no-drive
//                    --no-storage-detail --no-inspector --no-pretreat-lists --no-pretreat-sheet
//                    --no-season-summary --no-dispatch-board --no-pretreat-pdf --no-outbox --no-search
//                    --no-scale-out]
//
// Exit code 0 whatever the figures say (they are the report); 1 only when the bench itself could
// not measure something (the line says ERROR and why).
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { createRequestHandler, type AppLoadContext, type ServerBuild } from '@remix-run/node'
import { init as initLexer, parse as parseImports } from 'es-module-lexer'
import { sql, type CompiledQuery, type RawBuilder } from 'kysely'
import pg from 'pg'
import { REQUEST_ID_HEADER } from '#app/auth/cookies.server.ts'
import { endSession, loadSession, startSession } from '#app/auth/session.server.ts'
import { callInList } from '#app/lists/call-in-list.server.ts'
import type { CompiledList, ListEngine, ListOptions } from '#app/lists/list-engine.server.ts'
import { availableReviewList, availableReviews, loadAvailableReviews, reviewLevelScope } from '#app/lists/review-list.server.ts'
import { loadServiceSheetList, serviceSheetList } from '#app/lists/service-sheet-list.server.ts'
import { serviceStatusList } from '#app/lists/service-status-list.server.ts'
import { storageCheckList } from '#app/lists/storage-check-list.server.ts'
import { checksDueList } from '#app/lists/checks-due-list.server.ts'
import { countChecksDue } from '#db/queries/storage-checks.ts'
import { receiptList } from '#app/lists/receipt-list.server.ts'
import { closeDb, createDb, type Executor } from '#db/client.server.ts'
import { ensureDatabase, openDatabase, type DatabaseHandle } from '#db/connection.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { seedDemo } from '../bin/demo/data.ts'
import { syncPermissions } from '#db/seeds/permissions.ts'
import { aggregateAlerts } from '#jobs/alert-aggregation.job.ts'
import { buildIfStale, SERVER_BUILD } from '../bin/build.ts'
import { BARE_BUILD, BARE_SERVER_BUILD, buildBareApp } from './bare-app/build.ts'
import { verifyRowCount } from './bulk-load.ts'
import { captureStatements, recordingDb, sameStatements, type SentStatement } from './capture.ts'
import { loadInTurns, spawnServer, startApp, type Load, type Server } from './http-load.ts'
import { lighthouseScores } from './lighthouse.ts'
import { CALL_IN_TARGET, seedCallIns } from './seed-call-ins.ts'
import { RECEIPT_TARGET, seedReceipts } from './seed-receipts.ts'
import { streamCsv } from './csv-memory.ts'
import { benchDocuments } from './documents.ts'
import { benchDrive } from './drive.ts'
import { benchStorageDetail } from './storage-detail.ts'
import { benchWorkflowInspector } from './workflow-inspector.ts'
import { benchPretreatLists } from './pretreat-lists.ts'
import { benchPretreatSheet } from './pretreat-sheet.ts'
import { benchSeasonSummary } from './season-summary.ts'
import { benchDispatchBoard } from './dispatch-board.ts'
import { benchPretreatPdf } from './pretreat-pdf.ts'
import { benchOutbox } from './outbox.ts'
import { benchSearch } from './search.ts'
import { benchScaleOut } from './scale-out.ts'
import { benchViewer } from './viewer.ts'
import { SHEET_TARGET, seedServiceSheets } from './seed-service-sheets.ts'
import { RESTART_TARGET, seedRestarts } from './seed-restarts.ts'
import { completedRestartList, pendingRestartList } from '#app/lists/restart-lists.server.ts'
import { STORAGE_CHECK_TARGET, STORAGE_TARGET, seedStorageChecks } from './seed-storage-checks.ts'
import { kb, ms, ratio, summarize, table, timeMs, timeSideBySide, type Figure, type Timing } from './stats.ts'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const BENCH_DATABASE = 'bench'
const LIMITS = {
  loaderP95Ms: 100,
  loaderRatio: 1.3,
  jsRatio: 1.3,
  startupMs: 15_000,
  alertsP95Ms: 100,
  checksDueP95Ms: 100,
  httpRatio: 0.6,
  httpP99Ms: 100,
  lighthousePerformance: 95,
  lighthouseAccessibility: 100,
}
/** the session look-up's prepared-statement name in the raw floor (the app's pool names it too) */
const SESSION_STATEMENT = 'bench-session-read'

function flag(name: string): boolean {
  return process.argv.includes(`--${name}`)
}
function option(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`))
  const value = arg ? Number(arg.slice(name.length + 3)) : fallback
  if (!Number.isInteger(value) || value < 1) throw new BenchError(`--${name} must be a positive whole number`)
  return value
}
// p95 of N samples rests on the slowest N/20: 500 makes it 25 calls, not 10, so one stray GC pause or
// scheduler hiccup on a shared 2-core machine no longer decides a ratio of two millisecond figures
const N = option('n', 500)
const WARMUP = option('warmup', 20)
const HTTP = { connections: 20, seconds: option('http-seconds', 10), rounds: option('http-rounds', 2), warmupSeconds: 3 }
const LIGHTHOUSE_RUNS = option('lighthouse-runs', 2)
/** what `npm start` runs: WEB_CONCURRENCY HTTP processes, by default one per core (core/config.server.ts) */
const HTTP_PROCESSES = Number(process.env.WEB_CONCURRENCY ?? os.availableParallelism())
/** what a browser sends with every request */
const BROWSER_HEADERS = {
  'accept-encoding': 'gzip, deflate, br, zstd',
  'user-agent': 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
}

const figures: Figure[] = []
const notes: string[] = []
let broken = false
const log = (line: string) => console.log(line)
const pass = (ok: boolean): 'PASS' | 'FAIL' => (ok ? 'PASS' : 'FAIL')
/** A condition the bench explains itself: reported without a stack trace. */
class BenchError extends Error {}
function error(name: string, reason: unknown): void {
  broken = true
  const message = reason instanceof Error ? reason.message : String(reason)
  const [first, ...rest] = message.split('\n')
  figures.push({ name, measured: `n/a: ${first}`, limit: '', verdict: 'ERROR' })
  if (reason instanceof BenchError) {
    if (rest.length) notes.push(`${name}:\n${rest.join('\n')}`)
  } else if (reason instanceof Error) notes.push(`${name}:\n${reason.stack ?? message}`)
}

// ---- the database ----------------------------------------------------------------------------

async function openBenchDatabase(): Promise<DatabaseHandle> {
  const given = process.env.DATABASE_URL
  if (!given) return openDatabase({ database: BENCH_DATABASE })
  // The same server as DATABASE_URL, database `bench` (created when missing).
  await ensureDatabase(given, BENCH_DATABASE)
  const url = new URL(given)
  url.pathname = `/${BENCH_DATABASE}`
  return { url: url.toString(), embedded: false, release: async () => undefined }
}

// ---- loader vs raw SQL -------------------------------------------------------------------------

interface LoaderCase {
  name: string
  search: string
}

/** A list route under test: its loader in the build, the demo user who opens it, and the same list through the engine. */
interface ListRoute {
  routeId: string
  path: string
  /** a demo user holding the route's permission */
  user: string
  /** the exact statements the loader's list runs for these parameters */
  compile: (db: Executor, params: URLSearchParams) => Promise<CompiledList>
  /** the list depends on who asks (the review levels they hold): the loader reads the session first */
  sessionFirst?: boolean
  /** the list engine alone, as the loader calls it */
  load: (db: Executor, params: URLSearchParams) => Promise<unknown>
  cases: LoaderCase[]
}

/** compile() for a list engine: the URL parsed as load() does, refusing the bench's own bad parameters. */
function compiler<K extends string>(list: Pick<ListEngine<unknown, K>, 'parse' | 'compile'>, options: ListOptions = {}) {
  return (db: Executor, params: URLSearchParams) => {
    const { state, errors } = list.parse(params)
    if (Object.keys(errors).length) throw new BenchError(`the bench's own parameters are invalid: ${JSON.stringify(errors)}`)
    return list.compile(db, state, options)
  }
}

type Loader = NonNullable<ServerBuild['routes'][string]>['module']['loader']

function isResponse(value: unknown): value is Response {
  return typeof value === 'object' && value !== null && 'status' in value && 'headers' in value && typeof (value as Response).text === 'function'
}

/** The list page somewhere in what the loader returned: an object with `rows` and `total`. */
function findList(value: unknown, depth = 0): { rows: unknown[]; total: number } | undefined {
  if (typeof value !== 'object' || value === null || depth > 4) return undefined
  const v = value as Record<string, unknown>
  if (Array.isArray(v.rows) && typeof v.total === 'number') return { rows: v.rows, total: v.total }
  for (const key of Object.keys(v)) {
    const found = findList(v[key], depth + 1)
    if (found) return found
  }
  return undefined
}

/**
 * The list's statements run raw, as the engine schedules them (a name filter's ids first); page 1's rows do not depend on the
 * count, so they go beside it; a later page's read waits for the count.
 */
async function runRaw(pool: pg.Pool, compiled: CompiledList): Promise<{ total: number; rows: number }> {
  // a name filter's ids come first, as load() looks them up before the list's own statements
  if (compiled.lookup) await pool.query(compiled.lookup.sql, [...compiled.lookup.parameters])
  const rowsOf = async () => {
    const page = await pool.query(compiled.rows.sql, [...compiled.rows.parameters])
    return page.rowCount ?? page.rows.length
  }
  const countOf = async () => Number((await pool.query<{ total: string | number }>(compiled.count.sql, [...compiled.count.parameters])).rows[0]?.total ?? 0)
  if (compiled.page === 1) {
    const [total, rows] = await Promise.all([countOf(), rowsOf()])
    return { total, rows: total === 0 ? 0 : rows }
  }
  const total = await countOf()
  return { total, rows: total === 0 ? 0 : await rowsOf() } // as load() does
}

async function explain(pool: pg.Pool, query: CompiledQuery): Promise<string> {
  const result = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query.sql}`, [...query.parameters])
  return result.rows.map((r) => r['QUERY PLAN']).join('\n')
}

async function measureLoader(db: Executor, pool: pg.Pool, loader: Loader, cookie: string, list: ListRoute, c: LoaderCase): Promise<void> {
  const context: AppLoadContext = { cspNonce: '', csrfToken: '' }
  const callLoader = async () => {
    const request = new Request(`http://localhost${list.path}${c.search}`, { headers: { cookie } })
    let result: unknown
    try {
      result = await loader!({ request, params: {}, context })
    } catch (thrown) {
      if (isResponse(thrown)) throw new BenchError(`the loader threw a ${thrown.status} response${thrown.headers.get('location') ? ` to ${thrown.headers.get('location')}` : ''}`)
      throw thrown
    }
    if (isResponse(result)) {
      if (result.status !== 200) throw new BenchError(`the loader answered ${result.status}`)
      return JSON.parse(await result.text()) as unknown
    }
    return result
  }

  const compiled = await list.compile(db, new URLSearchParams(c.search))
  // The raw floor: every statement the loader sends, scheduled as the loader schedules them. The
  // session look-up (a named prepared statement, as the app's) runs beside the list's statements
  // when the loader starts both at once, and before them when the list depends on the user.
  const sessionSent: SentStatement[] = []
  await loadSession(recordingDb(pool, sessionSent), new Request(`http://localhost${list.path}`, { headers: { cookie } }))
  const sessionStatement = sessionSent[0]
  if (!sessionStatement) throw new BenchError('the session look-up sent no statement')
  const rawSession = () => pool.query({ name: SESSION_STATEMENT, text: sessionStatement.sql, values: sessionStatement.parameters })
  const raw = list.sessionFirst
    ? async () => {
        await rawSession()
        return runRaw(pool, compiled)
      }
    : async () => (await Promise.all([rawSession(), runRaw(pool, compiled)]))[1]

  // Same answer both ways, before timing anything; then (the loader's caches warm) the loader must
  // send exactly the floor's statements, or the ratio would not compare like with like.
  const first = findList(await callLoader())
  const direct = await raw()
  if (first && (first.total !== direct.total || first.rows.length !== direct.rows)) {
    throw new BenchError(`the loader's list (${first.rows.length} rows of ${first.total}) differs from the raw SQL's (${direct.rows} of ${direct.total})`)
  }
  const floor: SentStatement[] = [sessionStatement, ...(compiled.lookup ? [compiled.lookup] : []), compiled.count, ...(direct.total === 0 ? [] : [compiled.rows])].map((q) => ({
    sql: q.sql,
    parameters: [...q.parameters],
  }))
  const sent = await captureStatements(pool, callLoader)
  if (!sameStatements(sent, floor)) {
    throw new BenchError(`the loader sends other statements than the raw floor runs:\n-- loader:\n${sent.map((q) => q.sql).join('\n')}\n-- floor:\n${floor.map((q) => q.sql).join('\n')}`)
  }
  const shape = first ? `${first.rows.length} rows of ${first.total.toLocaleString('en-US')}` : `${direct.rows} rows of ${direct.total.toLocaleString('en-US')} (raw)`

  // The parts of the loader, for reading the ratio: the list engine alone (on the bench's own
  // pool) and the session lookup alone.
  const params = new URLSearchParams(c.search)
  const engine = () => list.load(db, params)
  const session = () => loadSession(db, new Request(`http://localhost${list.path}`, { headers: { cookie } }))

  const [l, r, e, se] = (await timeSideBySide([callLoader, raw, engine, session], { n: N, warmup: WARMUP })) as [Timing, Timing, Timing, Timing]
  const times = (t: Timing) => `p50 ${ms(t.p50)}, p95 ${ms(t.p95)}`
  const okAbsolute = l.p95 < LIMITS.loaderP95Ms
  const okRatio = l.p95 / r.p95 <= LIMITS.loaderRatio
  figures.push(
    { name: `${list.path} loader ${c.name}`, measured: `${times(l)} (N=${N}; ${shape})`, limit: `p95 < ${LIMITS.loaderP95Ms} ms`, verdict: pass(okAbsolute) },
    { name: `  raw SQL, same statements`, measured: times(r), limit: '', verdict: 'INFO' },
    { name: `  loader p95 / raw p95`, measured: `${ratio(l.p95 / r.p95)} (p50: ${ratio(l.p50 / r.p50)})`, limit: `≤ ${LIMITS.loaderRatio}×`, verdict: pass(okRatio) },
    { name: `  of which: list engine alone`, measured: times(e), limit: '', verdict: 'INFO' },
    { name: `  of which: session lookup alone`, measured: times(se), limit: '', verdict: 'INFO' },
  )
  if (!okAbsolute || !okRatio || flag('explain')) {
    const plans = [`EXPLAIN ANALYZE, ${list.path} ${c.name} (${c.search || '?'}), page ${compiled.page} of ${compiled.totalPages}${compiled.reversed ? ', read from the far end' : ''}:`]
    plans.push(`-- count:\n${compiled.count.sql}\n-- parameters: ${JSON.stringify(compiled.count.parameters)}\n${await explain(pool, compiled.count)}`)
    if (compiled.total > 0) plans.push(`-- rows:\n${compiled.rows.sql}\n-- parameters: ${JSON.stringify(compiled.rows.parameters)}\n${await explain(pool, compiled.rows)}`)
    notes.push(plans.join('\n'))
  }
}

// ---- JavaScript of a first visit ----------------------------------------------------------------

interface JsSize {
  files: number
  bytes: number
  gzip: number
}

/**
 * Every JavaScript file a first visit loads: <script type="module" src>, <link rel="modulepreload">,
 * what the inline module scripts import, and, recursively, every file those statically import
 * (the browser fetches static imports before running a module; dynamic ones only when called).
 */
async function firstVisitJs(html: string, clientDir: string): Promise<JsSize & { list: string[] }> {
  await initLexer
  const start = new Set<string>()
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    if (/\brel=["']?modulepreload\b/i.test(tag)) {
      const href = /\bhref=["']([^"']+)["']/i.exec(tag)?.[1]
      if (href) start.add(new URL(href, 'http://localhost/').pathname)
    }
  }
  for (const [, attrs = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!/\btype=["']?module\b/i.test(attrs)) continue
    const src = /\bsrc=["']([^"']+)["']/i.exec(attrs)?.[1]
    if (src) start.add(new URL(src, 'http://localhost/').pathname)
    else for (const imp of parseImports(body)[0]) if (imp.n) start.add(new URL(imp.n, 'http://localhost/').pathname) // an inline script's imports all run now
  }
  const seen = new Set<string>()
  const queue = [...start]
  let bytes = 0
  let gzip = 0
  while (queue.length) {
    const url = queue.shift()!
    if (seen.has(url)) continue
    seen.add(url)
    const file = path.join(clientDir, decodeURIComponent(url))
    if (!file.startsWith(clientDir) || !fs.existsSync(file)) throw new BenchError(`${url} is linked from the page but not in ${path.relative(ROOT, clientDir)}`)
    const code = fs.readFileSync(file)
    bytes += code.length
    gzip += gzipSync(code).length
    for (const imp of parseImports(code.toString('utf8'))[0]) {
      if (imp.d === -1 && imp.n) queue.push(new URL(imp.n, `http://localhost${url}`).pathname) // static imports only
    }
  }
  if (seen.size === 0) throw new BenchError('the page loads no JavaScript (no module scripts found in its HTML)')
  return { files: seen.size, bytes, gzip, list: [...seen] }
}

async function renderHtml(build: ServerBuild, url: string, cookie?: string): Promise<string> {
  const handler = createRequestHandler(build, 'production')
  const context: AppLoadContext = { cspNonce: '', csrfToken: '' }
  const response = await handler(new Request(url, { headers: cookie ? { cookie } : {} }), context)
  const html = await response.text()
  if (response.status !== 200) throw new BenchError(`GET ${new URL(url).pathname} answered ${response.status}`)
  return html
}

// ---- start-up ----------------------------------------------------------------------------------

async function measureStartup(databaseUrl: string): Promise<{ ms: number; rebuilt: boolean }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'))
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl, PORT: '0', WORKERS: 'off', DATA_DIR: dataDir, STORAGE_DIR: path.join(dataDir, 'blobs') },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  try {
    const deadline = started + 120_000
    while (performance.now() < deadline) {
      if (child.exitCode !== null) throw new BenchError(`the app exited (${child.exitCode}) before answering:\n${output}`)
      const port = /http:\/\/localhost:(\d+)\//.exec(output)?.[1]
      if (port) {
        const answered = await fetch(`http://127.0.0.1:${port}/login`).then(
          (r) => r.status,
          () => 0,
        )
        if (answered === 200) return { ms: performance.now() - started, rebuilt: output.includes('Building the app') }
      }
      await new Promise((r) => setTimeout(r, 25))
    }
    throw new BenchError(`GET /login did not answer 200 within 120 s:\n${output}`)
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(timer)
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * The app's production build. Other work in the same checkout may be rebuilding it (the build
 * empties build/ first): wait for that to finish rather than fail.
 */
async function importAppBuild(): Promise<ServerBuild> {
  const deadline = Date.now() + 180_000
  while (!fs.existsSync(SERVER_BUILD) || Date.now() - fs.statSync(SERVER_BUILD).mtimeMs < 2000) {
    if (Date.now() > deadline) throw new BenchError(`${path.relative(ROOT, SERVER_BUILD)} did not appear (is a build failing?)`)
    await new Promise((r) => setTimeout(r, 500))
  }
  return (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild
}

// ---- HTTP: the app beside a bare Remix route --------------------------------------------------------

/**
 * /view-calls through `npm start`'s server against the bare app's /view-calls, which sends the
 * same statements (captured from one real page request: session, alerts, the list's count and
 * rows) through the same kind of pool and renders the same rows. Same load, taking turns.
 */
async function measureHttp(build: ServerBuild, db: Executor, pool: pg.Pool, databaseUrl: string, appUrl: string, cookie: string): Promise<void> {
  const handler = createRequestHandler(build, 'production')
  const page = async () => {
    // the id the HTTP server gives each request: the page's loaders share one session look-up by it
    const headers = { cookie, [REQUEST_ID_HEADER]: randomUUID() }
    const response = await handler(new Request('http://localhost/view-calls', { headers }), { cspNonce: '', csrfToken: '' })
    if (response.status !== 200) throw new BenchError(`GET /view-calls answered ${response.status}`)
    return response.text()
  }
  await page() // caches warm, as on a busy server
  const sent = await captureStatements(pool, page)
  const listed = (await compiler(callInList)(db, new URLSearchParams())).rows.sql
  // the app runs its session look-up as a named prepared statement: so does the bare route
  const sessionSent: SentStatement[] = []
  await loadSession(recordingDb(pool, sessionSent), new Request('http://localhost/view-calls', { headers: { cookie } }))
  const statements = sent.map((s) => ({ ...s, rows: s.sql === listed, ...(s.sql === sessionSent[0]?.sql ? { name: SESSION_STATEMENT } : {}) }))
  if (!statements.some((s) => s.rows)) throw new BenchError(`the page's statements do not include the list's rows:\n${sent.map((s) => s.sql).join('\n')}`)

  log(`Starting the bare Remix app (${HTTP_PROCESSES} processes)…`)
  const bare = await spawnServer(
    ROOT,
    'bench/bare-app/server.ts',
    { ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl, PORT: '0', WEB_CONCURRENCY: String(HTTP_PROCESSES), BENCH_STATEMENTS: JSON.stringify(statements) },
    /bare app: http:\/\/localhost:(\d+)\//,
    'The bare app',
  )
  try {
    const appPage = await fetch(`${appUrl}/view-calls`, { headers: { cookie } })
    const barePage = await fetch(`${bare.url}/view-calls`)
    if (appPage.status !== 200 || barePage.status !== 200) throw new BenchError(`GET /view-calls answered ${appPage.status} (app), ${barePage.status} (bare)`)
    const bareRows = ((await barePage.text()).match(/<tr>/g)?.length ?? 1) - 1
    if (bareRows < 1) throw new BenchError('the bare route listed no rows')

    log(`Loading /view-calls over HTTP, ${HTTP.connections} connections: the app and the bare route in turns, ${HTTP.rounds} × ${HTTP.seconds} s each…`)
    const [a, b] = (await loadInTurns(
      [
        { url: `${appUrl}/view-calls`, headers: { ...BROWSER_HEADERS, cookie } },
        { url: `${bare.url}/view-calls`, headers: { ...BROWSER_HEADERS, cookie } },
      ],
      HTTP,
    )) as [Load, Load]
    const shown = (l: Load) => `${l.requestsPerSecond.toFixed(0)} req/s, p99 ${l.p99Ms.toFixed(0)} ms, ${l.errors} errors (${l.requests.toLocaleString('en-US')} requests)`
    const okLatency = a.p99Ms < LIMITS.httpP99Ms && a.errors === 0
    figures.push(
      {
        name: `/view-calls over HTTP, ${HTTP.connections} connections`,
        measured: `${shown(a)}; ${HTTP_PROCESSES} processes`,
        limit: `p99 < ${LIMITS.httpP99Ms} ms, 0 errors`,
        verdict: pass(okLatency),
      },
      { name: '  bare Remix route, same SQL, same rows', measured: `${shown(b)}; ${bareRows} rows`, limit: '', verdict: 'INFO' },
      {
        name: '  app / bare req/s',
        measured: ratio(a.requestsPerSecond / b.requestsPerSecond),
        limit: `≥ ${LIMITS.httpRatio}×`,
        verdict: pass(a.requestsPerSecond / b.requestsPerSecond >= LIMITS.httpRatio),
      },
    )
    notes.push(`Statements of one /view-calls request (run by the bare route at once):\n${sent.map((s) => `  ${s.sql}`).join('\n')}`)
  } finally {
    await bare.stop()
  }
}

// ---- Lighthouse ----------------------------------------------------------------------------------

async function measureLighthouse(db: Executor, appUrl: string, cookieFor: (user: string) => Promise<string>): Promise<void> {
  const storage = (await sql<{ company: string; id: number }>`select c.company_name as company, s.id from storages s join companies c on c.id = s.company_id order by s.id limit 1`.execute(db)).rows[0]
  const review = (await sql<{ id: number }>`select id from service_reviews where review_level = 1 and status = 'open' order by id desc limit 1`.execute(db)).rows[0]
  // the records the later areas' detail screens open (issue 19, item 28): the first grower with
  // contacts, a sheet of the demo applicator's to fill, one to review at level 1, a pending restart
  const one = async (query: RawBuilder<{ id: number }>) => (await query.execute(db)).rows[0]?.id ?? 0
  const grower = await one(sql<{ id: number }>`select company_id as id from contacts order by company_id limit 1`)
  const sheet = await one(
    sql<{ id: number }>`select p.id from pretreats p join applicators a on a.id = p.assigned_to join users u on u.id = a.user_id
      where lower(u.username) = 'applicator' and p.status in ('assigned', 'in-progress') and not p.void order by p.id desc limit 1`,
  )
  const toReview = await one(sql<{ id: number }>`select id from pretreats where status = 'to-review' and not void order by id desc limit 1`)
  const restart = await one(
    sql<{ id: number }>`select r.id from restarts r join pretreats p on p.id = r.pretreat_id join applicators a on a.id = p.assigned_to join users u on u.id = a.user_id
      where lower(u.username) = 'applicator' and r.completed_at is null order by r.id desc limit 1`,
  )
  const pages: { path: string; user?: string }[] = [
    { path: '/login' },
    { path: '/', user: 'tech' },
    { path: '/view-calls', user: 'tech' },
    { path: '/service-call', user: 'tech' },
    { path: `/service-form?${new URLSearchParams({ company: storage?.company ?? '', storage: String(storage?.id ?? '') })}`, user: 'tech' },
    { path: `/review-editor/${review?.id ?? 0}`, user: 'reviewer1' },
    // the later areas' main screens: receipts, storage checks, growers and storages, contacts, the
    // drive, admin (storages, users, the workflow inspector), pre-treats, restarts and their records
    { path: '/receipt-form', user: 'tech' },
    { path: '/view-receipt', user: 'tech' },
    { path: '/storage-check-form', user: 'tech' },
    { path: '/view-storage-check', user: 'tech' },
    { path: '/checks-due', user: 'tech' },
    { path: `/storage?${new URLSearchParams({ company: storage?.company ?? '' })}`, user: 'tech' },
    { path: `/view-storage/${storage?.id ?? 0}`, user: 'admin' },
    { path: `/view-contact/${grower}`, user: 'office' },
    { path: `/view-interaction/${grower}`, user: 'office' },
    { path: `/interaction-form/${grower}`, user: 'office' },
    { path: '/auditing', user: 'office' },
    { path: '/manage-storage', user: 'admin' },
    { path: '/add-storage', user: 'admin' },
    { path: '/manage-user', user: 'admin' },
    { path: '/manage-workflows', user: 'admin' },
    { path: '/create-pre-treat', user: 'assigner' },
    { path: '/staged-pre-treat', user: 'assigner' },
    { path: '/scheduled-pre-treat', user: 'assigner' },
    { path: '/review-pre-treat', user: 'ptreview1' },
    { path: '/completed-pre-treat', user: 'ptreview2' },
    { path: `/pretreats/${sheet}`, user: 'applicator' },
    { path: `/review-pre-treat/${toReview}`, user: 'ptreview1' },
    { path: '/pending-restarts', user: 'applicator' },
    { path: `/restarts/${restart}`, user: 'applicator' },
    { path: '/application-records', user: 'ptreview2' },
    { path: '/season-summary', user: 'ptreview2' },
    { path: '/follow-ups', user: 'assigner' },
    // issue 24: the dispatch board
    { path: '/dispatch', user: 'assigner' },
    { path: '/outgoing-mail', user: 'admin' },
    // issue 24 — corrections (decision 0067): a customer note's modal with its history, and a correction form
    { path: `/view-interaction/${grower}/${await one(sql<{ id: number }>`select id from interactions where company_id = ${grower} order by id limit 1`)}`, user: 'office' },
    { path: `/storage-check-form?correct=${await one(sql<{ id: number }>`select id from storage_checks order by id desc limit 1`)}`, user: 'admin' },
    // issue 24: the search box's results page
    { path: '/search?q=snake', user: 'admin' },
  ]
  const only = process.argv.find((a) => a.startsWith('--pages='))?.slice('--pages='.length)
  for (const p of pages.filter((p) => !only || p.path.includes(only))) {
    const name = `Lighthouse ${p.path}${p.user ? ` (${p.user})` : ''}`
    log(`${name}: ${LIGHTHOUSE_RUNS} runs…`)
    try {
      const s = await lighthouseScores(`${appUrl}${p.path}`, { cookie: p.user ? await cookieFor(p.user) : undefined, runs: LIGHTHOUSE_RUNS })
      const ok = s.performance >= LIMITS.lighthousePerformance && s.accessibility >= LIMITS.lighthouseAccessibility
      figures.push({
        name,
        measured: `performance ${s.performance}, accessibility ${s.accessibility}`,
        limit: `≥ ${LIMITS.lighthousePerformance} / ${LIMITS.lighthouseAccessibility}`,
        verdict: pass(ok),
      })
      notes.push(`${name}, best of ${LIGHTHOUSE_RUNS}: ${s.metrics}${s.advice.length ? `\n  to improve: ${s.advice.join('; ')}` : ''}`)
    } catch (e) {
      error(name, e)
    }
  }
}

// ---- the run -------------------------------------------------------------------------------------

function isoDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}
const daysAgo = (n: number) => isoDay(new Date(Date.now() - n * 86_400_000))

async function main(): Promise<void> {
  const began = performance.now()
  const handle = await openBenchDatabase()
  const db = createDb(handle.url, 5)
  const pool = new pg.Pool({ connectionString: handle.url, max: 5 })
  // like the app's pools (db/client.server.ts): a connection closed by the server is logged, not fatal
  pool.on('error', (e) => console.error(`[bench] raw pool connection closed: ${e.message}`))
  const cookies = new Map<string, string>() // demo username → session cookie
  try {
    const pgVersion = (await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db)).rows[0]!.v
    log(`Bench database: ${BENCH_DATABASE} on ${handle.embedded ? 'the embedded PostgreSQL (.data/pg)' : 'the DATABASE_URL server'}, PostgreSQL ${pgVersion}`)

    // 1. schema, permissions, demo data, a million call-ins and a million service sheets
    await migrateToLatest(db)
    await syncPermissions(db)
    const demo = await seedDemo(db)
    const demoAdded = Object.values(demo).reduce((a, b) => a + b, 0)
    log(`Demo data: ${demoAdded ? `${demoAdded} rows added` : 'present'}`)
    // --only=<path text> seeds only the tables its lists read
    const seedOnly = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length)
    for (const [what, seed, target, paths] of [
      ['call-ins', seedCallIns, CALL_IN_TARGET, ['/view-calls']],
      ['service sheets', seedServiceSheets, SHEET_TARGET, ['/view-service', '/review-sheets', '/sheet-status']],
      ['receipts', seedReceipts, RECEIPT_TARGET, ['/view-receipt']],
      ['storage checks', seedStorageChecks, STORAGE_CHECK_TARGET, ['/view-storage-check', '/checks-due']],
      // issue 12: the restarts of the 1M pre-treats (seeds the pre-treats first when they are missing)
      ['restarts', seedRestarts, RESTART_TARGET, ['/pending-restarts', '/completed-restarts']],
    ] as const) {
      if (seedOnly && !paths.some((p) => p.includes(seedOnly))) continue
      const seeded = await seed(db, { target, log })
      const seedLine = seeded.inserted
        ? `${seeded.inserted.toLocaleString('en-US')} rows inserted in ${seeded.seconds.toFixed(1)} s (+ vacuum analyze)`
        : `reused: ${seeded.before.toLocaleString('en-US')} rows already there`
      log(`${what}: ${seedLine}`)
      figures.push({ name: `seed ${target.toLocaleString('en-US')} ${what}`, measured: seedLine, limit: '', verdict: 'INFO' })
    }
    for (const table of ['call_ins', 'service_sheets', 'service_reviews', 'service_status', 'receipts', 'storage_checks', 'restarts']) {
      const counts = await verifyRowCount(db, table)
      figures.push({
        name: `row_counts = count(*) for ${table}`,
        measured: `${counts.tracked?.toLocaleString('en-US') ?? 'missing'} = ${counts.counted.toLocaleString('en-US')}`,
        limit: 'equal',
        verdict: pass(counts.tracked === counts.counted),
      })
    }

    // 2. the builds: the app's (when stale) and the bare baseline's (always, from the installed packages)
    buildIfStale()
    log('Building bench/bare-app…')
    await buildBareApp()

    // 3. the production build, on the bench database
    process.env.DATABASE_URL = handle.url
    process.env.NODE_ENV = 'production'
    const build = await importAppBuild()
    const cookieOf = async (username: string) => {
      if (!cookies.has(username)) {
        const user = (await sql<{ id: number }>`select id from users where lower(username) = ${username}`.execute(db)).rows[0]
        if (!user) throw new BenchError(`The demo user ${username} is missing`)
        cookies.set(username, (await startSession(db, new Request('http://localhost/'), user.id)).split(';')[0]!)
      }
      return cookies.get(username)!
    }
    const cookie = await cookieOf('tech')

    // 4. JavaScript of a first visit, beside a bare Remix route
    log('Measuring the JavaScript of a first visit…')
    try {
      const appJs = await firstVisitJs(await renderHtml(build, 'http://localhost/view-calls', cookie), path.join(path.dirname(path.dirname(SERVER_BUILD)), 'client'))
      const bare = (await import(pathToFileURL(BARE_SERVER_BUILD).href)) as ServerBuild
      const bareJs = await firstVisitJs(await renderHtml(bare, 'http://localhost/'), path.join(BARE_BUILD, 'client'))
      const size = (s: JsSize) => `${kb(s.gzip)} gzip (${s.files} files, ${kb(s.bytes)} raw)`
      figures.push(
        { name: 'first-visit JS, /view-calls', measured: size(appJs), limit: '', verdict: 'INFO' },
        { name: 'first-visit JS, bare Remix route', measured: size(bareJs), limit: '', verdict: 'INFO' },
        { name: '  /view-calls / bare (gzip)', measured: ratio(appJs.gzip / bareJs.gzip), limit: `≤ ${LIMITS.jsRatio}×`, verdict: pass(appJs.gzip / bareJs.gzip <= LIMITS.jsRatio) },
      )
      notes.push(`JS files of /view-calls: ${appJs.list.join(' ')}`, `JS files of the bare route: ${bareJs.list.join(' ')}`)
    } catch (e) {
      error('first-visit JS, /view-calls vs bare', e)
    }

    // 5. loader vs raw SQL, for each list: page 1, a deep page, a filter with a date range
    const companyWith = async (table: 'call_ins' | 'service_sheets' | 'storage_checks') =>
      (await sql<{ name: string }>`select c.company_name as name from companies c where exists (select 1 from ${sql.table(table)} x where x.company_id = c.id) order by c.id limit 1`.execute(db))
        .rows[0]?.name ?? ''
    const sheetNumber = (await sql<{ n: number }>`select service_sheet_number as n from service_status order by called_in_at desc, id desc offset 50 limit 1`.execute(db)).rows[0]?.n ?? 0
    const filter = (by: string, value: string, start: number, end: number) => `?${new URLSearchParams({ filter_by: by, filter_value: value, start_date: daysAgo(start), end_date: daysAgo(end) })}`
    const standard = (filterName: string, filterSearch: string): LoaderCase[] => [
      { name: 'page 1', search: '' },
      { name: 'page 1,000', search: '?current_page=1000' },
      { name: filterName, search: filterSearch },
    ]
    const lists: ListRoute[] = [
      {
        routeId: 'routes/view-calls',
        path: '/view-calls',
        user: 'tech',
        compile: compiler(callInList),
        load: (d, p) => callInList.load(d, p),
        cases: standard('company + 1-year range', filter('company', await companyWith('call_ins'), 730, 366)),
      },
      {
        routeId: 'routes/view-service',
        path: '/view-service',
        user: 'admin',
        compile: compiler(serviceSheetList),
        load: (d, p) => loadServiceSheetList(d, p),
        cases: standard('company + 1-year range', filter('company', await companyWith('service_sheets'), 730, 366)),
      },
      {
        // the open reviews are the newest sheets': the range is the last two months
        routeId: 'routes/review-sheets',
        path: '/review-sheets',
        user: 'admin',
        compile: compiler(availableReviewList),
        sessionFirst: Boolean(availableReviews.userScope),
        load: (d, p) => loadAvailableReviews(d, p, [1, 2, 3]),
        cases: standard('company + 2-month range', filter('company', await companyWith('service_sheets'), 60, 0)),
      },
      {
        // a reviewer of one level sees that level only (a scoped list: counted, never row_counts)
        routeId: 'routes/review-sheets',
        path: '/review-sheets',
        user: 'reviewer1',
        compile: compiler(availableReviewList, reviewLevelScope([1])),
        sessionFirst: Boolean(availableReviews.userScope),
        load: (d, p) => loadAvailableReviews(d, p, [1]),
        cases: [{ name: 'page 1 as reviewer1 (level 1 only)', search: '' }],
      },
      {
        routeId: 'routes/sheet-status',
        path: '/sheet-status',
        user: 'admin',
        compile: compiler(serviceStatusList),
        load: (d, p) => serviceStatusList.load(d, p),
        cases: standard('sheet # + 1-year range', filter('service_sheet_number', String(sheetNumber), 365, 0)),
      },
      {
        routeId: 'routes/view-storage-check',
        path: '/view-storage-check',
        user: 'tech',
        compile: compiler(storageCheckList),
        load: (d, p) => storageCheckList.load(d, p),
        cases: standard('company + 1-year range', filter('company', await companyWith('storage_checks'), 730, 366)),
      },
      {
        routeId: 'routes/view-receipt',
        path: '/view-receipt',
        user: 'office',
        compile: compiler(receiptList),
        load: (d, p) => receiptList.load(d, p),
        cases: standard(
          'customer + 1-year range',
          filter('customer', (await sql<{ name: string }>`select company_name as name from companies order by id limit 1`.execute(db)).rows[0]?.name ?? '', 730, 366),
        ),
      },
      // issue 12 (decision 0041): the restarts of 1M pre-treats, a few thousand pending
      {
        routeId: 'routes/pending-restarts',
        path: '/pending-restarts',
        user: 'assigner',
        compile: compiler(pendingRestartList),
        load: (d, p) => pendingRestartList.load(d, p),
        cases: [
          { name: 'page 1', search: '' },
          { name: 'by owner, page 1', search: '?sort_by=company&order=asc' },
        ],
      },
      {
        routeId: 'routes/completed-restarts',
        path: '/completed-restarts',
        user: 'assigner',
        compile: compiler(completedRestartList),
        load: (d, p) => completedRestartList.load(d, p),
        cases: standard(
          'owner + 1-year range',
          filter(
            'company',
            (await sql<{ name: string }>`select company_name as name from companies c where exists (select 1 from pretreats p where p.company_id = c.id) order by c.id limit 1`.execute(db)).rows[0]
              ?.name ?? '',
            730,
            366,
          ),
        ),
      },
    ]
    const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length)
    for (const list of lists.filter((l) => !only || l.path.includes(only))) {
      const loader = build.routes[list.routeId]?.module.loader
      for (const c of list.cases) {
        log(`Timing the ${list.path} loader, ${c.name} (${WARMUP} warm-up + ${N} calls, each beside the raw SQL)…`)
        try {
          if (!loader) throw new BenchError(`no route ${list.routeId} with a loader in the build (app/${list.routeId}.tsx)`)
          await measureLoader(db, pool, loader, await cookieOf(list.user), list, c)
        } catch (e) {
          error(`${list.path} loader ${c.name}`, e)
        }
        if (c.search.includes('filter_by')) notes.push(`Filter case of ${list.path}: ${c.search}`)
      }
    }

    // a CSV export of a million rows, streamed whole: the process's memory before and at its peak
    if (!only || '/view-receipt.csv'.includes(only)) {
      log('Streaming /view-receipt.csv whole (every receipt)…')
      try {
        const loader = build.routes['routes/view-receipt[.]csv']?.module.loader
        if (!loader) throw new BenchError('no route routes/view-receipt[.]csv with a loader in the build')
        const csv = await streamCsv(loader, 'http://localhost/view-receipt.csv', await cookieOf('office'))
        const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`
        const growth = csv.heapPeak - csv.heapBefore
        figures.push({
          name: '/view-receipt.csv, every row',
          measured: `${csv.rows.toLocaleString('en-US')} rows, ${mib(csv.bytes)} in ${csv.seconds.toFixed(1)} s; live heap ${mib(csv.heapBefore)} → peak ${mib(csv.heapPeak)} (+${mib(growth)}); RSS +${mib(csv.rssPeak - csv.rssBefore)}`,
          limit: 'live heap growth < 1/4 of the file',
          verdict: pass(growth < csv.bytes / 4),
        })
      } catch (e) {
        error('/view-receipt.csv, every row', e)
      }
    }

    // alert aggregation (every 5 minutes; it counts the open reviews by level)
    log(`Timing aggregateAlerts (${WARMUP} warm-up + ${N} calls)…`)
    try {
      for (let i = 0; i < WARMUP; i++) await aggregateAlerts(db)
      const samples: number[] = []
      for (let i = 0; i < N; i++) samples.push(await timeMs(() => aggregateAlerts(db)))
      const t = summarize(samples)
      const counts = await aggregateAlerts(db)
      figures.push({
        name: 'aggregateAlerts',
        measured: `p50 ${ms(t.p50)}, p95 ${ms(t.p95)} (N=${N}; open reviews ${counts.level_1_reviews}/${counts.level_2_reviews}/${counts.level_3_reviews})`,
        limit: `p95 < ${LIMITS.alertsP95Ms} ms`,
        verdict: pass(t.p95 < LIMITS.alertsP95Ms),
      })
    } catch (e) {
      error('aggregateAlerts', e)
    }

    // the storages due for a check (counted by aggregateAlerts; the Checks due list's first page)
    const storageCount = Number((await sql<{ n: string }>`select count(*) as n from storages`.execute(db)).rows[0]!.n)
    for (const [name, run] of [
      ['checks-due count', () => countChecksDue(db)],
      ['/checks-due list, page 1', () => checksDueList.load(db, '')],
    ] as const) {
      try {
        for (let i = 0; i < WARMUP; i++) await run()
        const samples: number[] = []
        for (let i = 0; i < N; i++) samples.push(await timeMs(run))
        const t = summarize(samples)
        figures.push({
          name,
          measured: `p50 ${ms(t.p50)}, p95 ${ms(t.p95)} (N=${N}; ${(await countChecksDue(db)).toLocaleString('en-US')} due of ${storageCount.toLocaleString('en-US')} storages, target ${STORAGE_TARGET.toLocaleString('en-US')})`,
          limit: `p95 < ${LIMITS.checksDueP95Ms} ms`,
          verdict: pass(t.p95 < LIMITS.checksDueP95Ms),
        })
      } catch (e) {
        error(name, e)
      }
    }

    // 6. HTTP through the real server beside a bare Remix route, then Lighthouse on the same server
    if (!flag('no-http') || !flag('no-lighthouse')) {
      let app: Server | undefined
      try {
        log(`Starting the app as npm start does (${HTTP_PROCESSES} HTTP processes, production build)…`)
        app = await startApp(ROOT, handle.url)
        const csrf = ((await fetch(`${app.url}/login`)).headers.get('set-cookie') ?? '').split(';')[0]!
        if (!flag('no-http')) {
          try {
            await measureHttp(build, db, pool, handle.url, app.url, `${cookie}; ${csrf}`)
          } catch (e) {
            error('/view-calls over HTTP', e)
          }
        }
        if (!flag('no-lighthouse')) await measureLighthouse(db, app.url, async (user) => `${await cookieOf(user)}; ${csrf}`)
      } catch (e) {
        error('the app for HTTP and Lighthouse', e)
      } finally {
        await app?.stop()
      }
    }

    // 7. the drive (a folder of 100,000 files, search, a 100 MiB upload beside a disk write), the
    // document pipeline (warm Chromium beside a cold one, DOCX beside LibreOffice) and the drive's
    // viewer (a 300-page PDF; it brings its own app, database and Chromium)
    for (const [what, run] of [
      ['drive', () => benchDrive(db, { databaseUrl: handle.url, n: N, log })],
      ['documents', () => benchDocuments(log)],
      ['viewer', () => benchViewer()],
      // issue 10: a storage with 10 seasons of history, each tab over HTTP; the inspector at 1M sheets
      ['storage-detail', () => benchStorageDetail(db, { databaseUrl: handle.url, n: N, log })],
      ['inspector', () => benchWorkflowInspector(db, { n: N, log })],
      // issue 11: the four pre-treat lists at 1M pre-treats, each beside its raw statements
      ['pretreat-lists', () => benchPretreatLists(db, { databaseUrl: handle.url, n: N, log })],
      // issue 11: the application sheet over HTTP, for its applicator and for a reader
      ['pretreat-sheet', () => benchPretreatSheet(db, { databaseUrl: handle.url, n: N, log })],
      // issue 12: the season summary over ~1M application records, beside its raw statements
      ['season-summary', () => benchSeasonSummary(db, { databaseUrl: handle.url, n: N, log })],
      // issue 24: the dispatch board, a week of 500 pre-treats and 20 applicators, beside its raw statements
      ['dispatch-board', () => benchDispatchBoard(db, { databaseUrl: handle.url, n: N, log })],
      // issue 12: the pre-treat PDF, a new HTML each sample through the warm pool, beside the cache and a cold Chromium
      ['pretreat-pdf', () => benchPretreatPdf(db, { databaseUrl: handle.url, n: Math.min(N, 30), log })],
      // issue 22: a queued check with two 2 MB photos sent under Slow 3G (about 100 s a sample: 3), and pages opened offline
      ['outbox', () => benchOutbox(db, { databaseUrl: handle.url, n: 3, log })],
      // issue 24: the search box over 1M records per kind (its own database), beside its raw statements
      ['search', () => benchSearch(handle.url, { n: N, log })],
      // issue 25: /view-calls on 1, 2 and 3 web nodes behind HAProxy, beside the same nodes straight; /metrics counts what was sent
      ['scale-out', () => benchScaleOut(db, { databaseUrl: handle.url, seconds: 5, log })],
    ] as const) {
      if (flag(`no-${what}`)) {
        figures.push({ name: what, measured: `skipped (--no-${what})`, limit: '', verdict: 'INFO' })
        continue
      }
      log(`Measuring the ${what}…`)
      try {
        for (const row of await run()) figures.push({ name: row.name, measured: row.figure, limit: row.limit, verdict: pass(row.ok) })
      } catch (e) {
        error(what, e)
      }
    }

    // 8. start-up
    if (flag('no-startup')) {
      figures.push({ name: 'start-up to GET /login 200', measured: 'skipped (--no-startup)', limit: '', verdict: 'INFO' })
    } else {
      log('Timing start-up (node --import tsx bin/start.ts, WORKERS=off, until GET /login answers 200)…')
      try {
        // The app builds itself when its sources are newer than the build (others may be editing):
        // build first, and measure again if the start still had to rebuild.
        buildIfStale()
        let startup = await measureStartup(handle.url)
        if (startup.rebuilt) startup = await measureStartup(handle.url)
        figures.push({
          name: 'start-up to GET /login 200',
          measured: `${(startup.ms / 1000).toFixed(2)} s${startup.rebuilt ? ' (included a rebuild: sources changed)' : ''}`,
          limit: `≤ ${LIMITS.startupMs / 1000} s`,
          verdict: pass(startup.ms <= LIMITS.startupMs),
        })
      } catch (e) {
        error('start-up to GET /login 200', e)
      }
    }
  } finally {
    for (const cookie of cookies.values()) await endSession(db, new Request('http://localhost/', { headers: { cookie } })).catch(() => undefined)
    await closeDb() // the build's pool (it lives on globalThis)
    await pool.end()
    await db.destroy()
    await handle.release()
  }

  const cpus = os.cpus()
  log('')
  log(`Machine: ${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; ${os.type()} ${os.release()}; Node ${process.version}`)
  log(`Run: ${new Date().toISOString()}, ${((performance.now() - began) / 1000).toFixed(0)} s; loader figures: ${WARMUP} warm-up calls, then N=${N} timed calls per case`)
  log('')
  log(table(figures))
  if (notes.length) {
    log('')
    for (const note of notes) log(`${note}\n`)
  }
}

try {
  await main()
} catch (e) {
  console.error(e)
  broken = true
}
process.exit(broken ? 1 : 0)
