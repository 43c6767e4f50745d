// Scaling out (issue 25), runnable alone: npx tsx bench/scale-out.ts [--seconds=5]
// Three web nodes as production runs them (`npm start`, WORKERS=off, one HTTP process each, their
// own data folder and /metrics port) on one database, and HAProxy from Debian in front with one,
// two and three of them. For each count, /view-calls (signed in as the demo technician) is loaded
// by autocannon through the balancer and, in turns, straight at the same nodes (the connections
// spread over them): the balancer's cost. Each node's /metrics is read before and after: together
// they must have counted every request autocannon sent, no more, no less.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import { startSession } from '#app/auth/session.server.ts'
import type { Executor } from '#db/client.server.ts'
import { buildIfStale } from '../bin/build.ts'
import { ensureHaproxy, freePort, until } from '../tests/cluster/cluster.ts'
import { isMain, runAlone, type BenchRow } from './alone.ts'
import { countedRequests, loadInTurns, spawnServer, type Load, type Server } from './http-load.ts'
import { ratio } from './stats.ts'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** a multiple of 1, 2 and 3: each node gets the same share when autocannon spreads them */
const CONNECTIONS = 24
const NODES = 3

/** The machine's CPU time so far (/proc/stat): busy and all, in ticks. */
function cpuTicks(): { busy: number; all: number } {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number)
  const all = fields.slice(0, 8).reduce((a, b) => a + b, 0)
  return { busy: all - fields[3]! - fields[4]!, all } // less idle and iowait
}

/** The balancer's own cost: through it, at least this share of the requests per second straight at the nodes. */
const BALANCER_RATIO = 0.75
/** More processes on the same cores: at least this share of one process's requests per second. */
const SCALE_RATIO = 0.8

interface Node extends Server {
  metricsUrl: string
}

async function startNode(databaseUrl: string, work: string, i: number): Promise<Node> {
  const dataDir = path.join(work, `node-${i + 1}`)
  const metricsPort = await freePort()
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    PORT: '0',
    WORKERS: 'off',
    WEB_CONCURRENCY: '1',
    DATA_DIR: dataDir,
    STORAGE_DIR: path.join(dataDir, 'blobs'),
    SESSION_SECRET: 'bench-scale-out-secret-0123456789',
    TRUST_PROXY: 'true',
    METRICS_PORT: String(metricsPort),
  }
  const server = await spawnServer(ROOT, 'bin/start.ts', env, /http:\/\/localhost:(\d+)\/[\s\S]*Press Ctrl-C to stop\./, `web node ${i + 1}`)
  return { ...server, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` }
}

/** One HAProxy with a front door per node count: door k balances over the first k nodes, checking /readyz. */
async function startBalancer(work: string, nodes: Node[]): Promise<{ doors: string[]; stop(): Promise<void> }> {
  const ports = await Promise.all(nodes.map(() => freePort()))
  const config = path.join(work, 'haproxy.cfg')
  const lines = ['global', '  maxconn 4096', 'defaults', '  mode http', '  timeout connect 2s', '  timeout client 30s', '  timeout server 30s']
  nodes.forEach((_, k) => {
    lines.push(`frontend door-${k + 1}`, `  bind 127.0.0.1:${ports[k]}`, `  default_backend nodes-${k + 1}`)
    lines.push(`backend nodes-${k + 1}`, '  balance roundrobin', '  option httpchk GET /readyz', '  http-check expect status 200', '  default-server inter 1s fall 2 rise 2')
    for (const [j, node] of nodes.slice(0, k + 1).entries()) lines.push(`  server web-${j + 1} ${new URL(node.url).host} check`)
  })
  fs.writeFileSync(config, `${lines.join('\n')}\n`)
  const child = spawn(ensureHaproxy(), ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] })
  let errors = ''
  child.stderr!.on('data', (c: Buffer) => (errors += c))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const doors = ports.map((p) => `http://127.0.0.1:${p}`)
  let answers: string[] = []
  try {
    await until('HAProxy', async () => {
      if (child.exitCode !== null) throw new Error(`HAProxy exited: ${errors}`)
      answers = await Promise.all(doors.map(async (d) => `${(await fetch(`${d}/readyz`)).status}`))
      return answers.every((s) => s === '200')
    }).catch((e: Error) => {
      throw new Error(`${e.message} (its doors' /readyz: ${answers.join(', ')}) ${errors}`)
    })
  } catch (e) {
    child.kill()
    throw e
  }
  return {
    doors,
    async stop() {
      child.kill('SIGTERM')
      await exited
    },
  }
}

export async function benchScaleOut(db: Executor, options: { databaseUrl: string; seconds: number; log: (line: string) => void }): Promise<BenchRow[]> {
  const user = (await sql<{ id: number }>`select id from users where username = 'tech'`.execute(db)).rows[0]
  if (!user) throw new Error('The demo user tech is missing')
  const cookie = (await startSession(db, new Request('http://localhost/'), user.id)).split(';')[0]!
  const headers = { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' }
  buildIfStale() // once, before three nodes would each find it stale
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-out-'))
  const nodes: Node[] = []
  let balancer: Awaited<ReturnType<typeof startBalancer>> | undefined
  try {
    options.log(`  scale-out: starting ${NODES} web nodes and HAProxy…`)
    nodes.push(...(await Promise.all(Array.from({ length: NODES }, (_, i) => startNode(options.databaseUrl, work, i)))))
    for (const node of nodes) {
      const page = await fetch(`${node.url}/view-calls`, { headers })
      if (page.status !== 200) throw new Error(`GET /view-calls answered ${page.status} on ${node.url}`)
    }
    balancer = await startBalancer(work, nodes)
    const counted = async () => (await Promise.all(nodes.map((n) => countedRequests(n.metricsUrl)))).reduce((a, b) => a + b, 0)
    const rows: BenchRow[] = []
    const balanced: Load[] = []
    const shown = (l: Load) => `${l.requestsPerSecond.toFixed(0)} req/s, p99 ${l.p99Ms.toFixed(0)} ms`
    for (let k = 1; k <= NODES; k++) {
      options.log(`  scale-out: /view-calls on ${k} node${k > 1 ? 's' : ''}, through HAProxy and straight, in turns (2 × ${options.seconds} s each)…`)
      const before = await counted()
      const cpu = cpuTicks()
      const [through, straight] = (await loadInTurns(
        [
          { url: `${balancer.doors[k - 1]}/view-calls`, headers },
          { url: nodes.slice(0, k).map((n) => `${n.url}/view-calls`), headers },
        ],
        { seconds: options.seconds, rounds: 2, connections: CONNECTIONS, warmupSeconds: 2 },
      )) as [Load, Load]
      const now = cpuTicks()
      const busy = (now.busy - cpu.busy) / (now.all - cpu.all)
      balanced.push(through)
      // requests cut off when the time was up are answered (and counted) a moment later
      const sent = through.sent + straight.sent
      const seen = await until(
        'the nodes to count every request',
        async () => {
          const n = (await counted()) - before
          return n >= sent && n
        },
        5_000,
      ).catch(async () => (await counted()) - before)
      const errors = through.errors + straight.errors
      const cost = through.requestsPerSecond / straight.requestsPerSecond
      rows.push({
        name: `/view-calls, ${k} web process${k > 1 ? 'es' : ''} behind HAProxy, ${CONNECTIONS} connections`,
        figure: `${shown(through)}; straight at the node${k > 1 ? 's' : ''}: ${shown(straight)}; HAProxy/straight ${ratio(cost)}; ${errors} errors; /metrics counted ${seen.toLocaleString(
          'en-US',
        )} of ${sent.toLocaleString('en-US')} sent; CPU ${(busy * 100).toFixed(0)}% busy`,
        limit: `HAProxy/straight ≥ ${BALANCER_RATIO}×, 0 errors, /metrics = sent`,
        ok: cost >= BALANCER_RATIO && errors === 0 && seen === sent,
      })
    }
    const [one, two, three] = balanced.map((l) => l.requestsPerSecond) as [number, number, number]
    rows.push({
      name: '  behind HAProxy: 2 and 3 processes / 1',
      figure: `${ratio(two / one)}, ${ratio(three / one)} (${os.availableParallelism()} cores, shared with PostgreSQL, HAProxy and autocannon)`,
      limit: `≥ ${SCALE_RATIO}×`,
      ok: two / one >= SCALE_RATIO && three / one >= SCALE_RATIO,
    })
    return rows
  } finally {
    await balancer?.stop()
    await Promise.all(nodes.map((n) => n.stop()))
    fs.rmSync(work, { recursive: true, force: true })
  }
}

if (isMain(import.meta.url)) {
  const seconds = Number(/--seconds=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 5)
  await runAlone('bench_scale_out', (db, databaseUrl) => benchScaleOut(db, { databaseUrl, seconds, log: (line) => console.error(line) }))
}
