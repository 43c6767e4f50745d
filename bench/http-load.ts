// The HTTP figure of `npm run bench`: the app as `npm start` runs it (production build, one HTTP
// process per core) and the bare Remix server (bench/bare-app/server.ts, same process count),
// both on the bench database, loaded in turns by autocannon with the same headers.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { httpSession, type HttpSession } from '../tests/support/http-session.ts'
import type { BenchRow } from './alone.ts'
import { percentile, timeMs } from './stats.ts'

export interface Server {
  url: string
  stop(): Promise<void>
}

/** Spawns `node --import tsx <script>` and waits for the line that carries its URL. */
export async function spawnServer(root: string, script: string, env: NodeJS.ProcessEnv, urlLine: RegExp, what: string): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
      await exited
      clearTimeout(timer)
    }
  }
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start within 120 s:\n${output}`)), 120_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const port = urlLine.exec(output)?.[1]
      if (port) {
        clearTimeout(timer)
        resolve(`http://127.0.0.1:${port}`)
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    void exited.then(() => {
      clearTimeout(timer)
      reject(new Error(`${what} exited (${child.exitCode ?? child.signalCode}) before it listened:\n${output}`))
    })
  }).catch(async (e: unknown) => {
    await stop()
    throw e
  })
  return { url, stop }
}

/** The app as `npm start` runs it, on `databaseUrl`, with a throw-away data folder. */
export async function startApp(root: string, databaseUrl: string): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-http-'))
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl, PORT: '0', WORKERS: 'off', DATA_DIR: dataDir, STORAGE_DIR: path.join(dataDir, 'blobs') }
  const server = await spawnServer(root, 'bin/start.ts', env, /http:\/\/localhost:(\d+)\/[\s\S]*Press Ctrl-C to stop\./, 'The app')
  return {
    url: server.url,
    async stop() {
      await server.stop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export interface Load {
  requestsPerSecond: number
  p99Ms: number
  /** connection errors, timeouts and non-2xx answers */
  errors: number
  /** answered */
  requests: number
  /** sent, those still unanswered when the time was up among them (what a server's /metrics counts) */
  sent: number
}

/** `connections` connections for `seconds` to `url` (several: the connections spread over them). */
export async function load(url: string | string[], headers: Record<string, string>, seconds: number, connections: number): Promise<Load> {
  // autocannon takes several URLs (its types say one)
  const options = { url: url as string, connections, duration: seconds, headers }
  const answer = await autocannon(options)
  // in a worker thread (a test file's) autocannon answers its workers' raw form: aggregated here
  const result = 'latency' in answer ? answer : (autocannon as unknown as { aggregateResult(r: unknown[], o: unknown): autocannon.Result }).aggregateResult([answer], options)
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
    sent: result.requests.sent,
  }
}

/** Several rounds, taking turns, so background load on the machine hits both sides alike. */
export async function loadInTurns(
  sides: { url: string | string[]; headers: Record<string, string> }[],
  options: { seconds: number; rounds: number; connections: number; warmupSeconds: number },
): Promise<Load[]> {
  const totals = sides.map(() => ({ requests: 0, seconds: 0, p99Ms: 0, errors: 0, sent: 0 }))
  for (const [i, side] of sides.entries()) totals[i]!.sent += (await load(side.url, side.headers, options.warmupSeconds, options.connections)).sent
  for (let round = 0; round < options.rounds; round++) {
    for (const [i, side] of sides.entries()) {
      const r = await load(side.url, side.headers, options.seconds, options.connections)
      const t = totals[i]!
      t.requests += r.requests
      t.seconds += r.requests / r.requestsPerSecond || options.seconds
      t.p99Ms = Math.max(t.p99Ms, r.p99Ms) // the worst round
      t.errors += r.errors
      t.sent += r.sent
    }
  }
  // `sent` counts the warm-up too: all a server saw
  return totals.map((t) => ({ requestsPerSecond: t.requests / t.seconds, p99Ms: t.p99Ms, errors: t.errors, requests: t.requests, sent: t.sent }))
}

/**
 * The requests a server's /metrics has counted (every route and status; /livez and /readyz are not
 * counted): the sum of http_request_duration_seconds_count.
 */
export async function countedRequests(metricsUrl: string, token?: string): Promise<number> {
  const response = await fetch(metricsUrl, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  if (response.status !== 200) throw new Error(`${metricsUrl} answered ${response.status}`)
  let sum = 0
  for (const line of (await response.text()).split('\n')) if (line.startsWith('http_request_duration_seconds_count{')) sum += Number(line.slice(line.lastIndexOf(' ') + 1))
  return sum
}

/**
 * One page timed over HTTP, each request followed by one of a reference page of the same app (so the
 * figure reads against what the machine gives any page at that moment): 10 warm-up pairs, then `n`.
 * A page that answers other than 200 stops the bench.
 */
export async function timePageBeside(session: { fetch: (path: string) => Promise<Response> }, path: string, reference: string, n: number) {
  let bytes = 0
  const fetchOk = async (url: string) => {
    const response = await session.fetch(url)
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
    return (await response.arrayBuffer()).byteLength
  }
  const get = async () => void (bytes = await fetchOk(path))
  const other = () => fetchOk(reference)
  for (let i = 0; i < 10; i++) await Promise.all([get(), other()])
  const samples: number[] = []
  const references: number[] = []
  for (let i = 0; i < n; i++) {
    samples.push(await timeMs(get))
    references.push(await timeMs(other))
  }
  const p95 = percentile(samples, 95)
  return {
    p95,
    figure: `p95 ${p95.toFixed(1)} ms, p50 ${percentile(samples, 50).toFixed(1)} ms, ${(bytes / 1024).toFixed(0)} KiB (n=${n}; ${reference}: p95 ${percentile(references, 95).toFixed(1)} ms)`,
  }
}

/** A page of the app to time: the row's name, its path, and the demo user it is read as. */
export interface TimedPage {
  name: string
  path: string
  who: string
}

/**
 * Each page timed beside `reference` (timePageBeside) on the app as `npm start` runs it, started on
 * `databaseUrl` for these pages alone: a row a page, its p95 against `limitMs`.
 */
export async function timePages(databaseUrl: string, pages: readonly TimedPage[], options: { reference: string; n: number; limitMs: number; log: (line: string) => void }): Promise<BenchRow[]> {
  const app = await startApp(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'), databaseUrl)
  const sessions = new Map<string, HttpSession>()
  const rows: BenchRow[] = []
  try {
    for (const page of pages) {
      if (!sessions.has(page.who)) sessions.set(page.who, await httpSession(app.url, page.who))
      const { p95, figure } = await timePageBeside(sessions.get(page.who)!, page.path, options.reference, options.n)
      rows.push({ name: page.name, figure, limit: `< ${options.limitMs} ms`, ok: p95 < options.limitMs })
      options.log(`${page.name}: ${figure}`)
    }
  } finally {
    await app.stop()
  }
  return rows
}
