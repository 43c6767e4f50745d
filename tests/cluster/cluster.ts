// Several machines on this one, as production runs them (README, Running in production): a
// real load balancer (HAProxy from Debian, checking /readyz) in front of three web processes
// (`npm start` with WORKERS=off), two worker processes (`npm run worker`), one PostgreSQL (the
// test run's) behind PgBouncer in transaction mode (migrations over DATABASE_DIRECT_URL), and one
// S3-protocol server (s3rver). Each web node has a data folder of its own, to show that nothing is
// written there. Each process is node itself (`node --import tsx`), so that a signal sent to it
// (SIGKILL, SIGSTOP) reaches the app, not a launcher.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3'
import { debianTool } from '../support/debian.ts'
import { startPgbouncer, type Pgbouncer } from './pgbouncer.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** HAProxy, installed from Debian when missing. */
export const ensureHaproxy = () => debianTool('/usr/sbin/haproxy', 'haproxy')

export interface Proc {
  name: string
  child: ChildProcess
  output(): string
  exited: Promise<number | null>
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (c: Buffer) => (output += c))
  child.stderr!.on('data', (c: Buffer) => (output += c))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const proc: Proc = {
    name,
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
  started.push(proc)
  return proc
}

/** Checks every 200 ms until `check` gives something truthy, and returns it. */
export async function until<T>(what: string, check: () => T | Promise<T>, timeoutMs = 60_000): Promise<Exclude<T, false | 0 | '' | null | undefined>> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await Promise.resolve(check()).catch(() => undefined)
    if (value) return value as Exclude<T, false | 0 | '' | null | undefined>
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

export interface Cluster {
  balancer: string
  nodes: { name: string; url: string; dataDir: string; proc: Proc }[]
  workers: Proc[]
  /** each worker's DATA_DIR (not made for it: a file written there would make it) */
  workerDataDirs: string[]
  /** stops the node, waits for it to exit, starts it again on its port and waits until it is ready */
  restartNode(index: number): Promise<void>
  /** SIGKILL: the worker dies at once, its job left active */
  killWorker(index: number): Promise<void>
  /** SIGSTOP / SIGCONT: the worker takes no job while paused */
  pauseWorker(index: number): void
  resumeWorker(index: number): void
  /** starts a (killed or stopped) worker again and waits until it runs */
  startWorker(index: number): Promise<void>
  stop(): Promise<void>
}

/** Every process started here, so that a cluster that fails to start leaves none running. */
const started: Proc[] = []
let pooler: Pgbouncer | undefined

export async function startCluster(databaseUrl: string): Promise<Cluster> {
  try {
    return await startAll(databaseUrl)
  } catch (error) {
    await Promise.all(started.map((p) => p.stop('SIGTERM')))
    await pooler?.stop()
    throw error
  }
}

async function startAll(databaseUrl: string): Promise<Cluster> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-'))
  // the S3-protocol server and its bucket
  type S3rverClass = new (options: Record<string, unknown>) => { run(): Promise<{ port: number }>; close(): Promise<void> }
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass
  fs.mkdirSync(path.join(work, 's3'))
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(work, 's3'), configs: [] })
  const { port: s3Port } = await s3.run()
  const endpoint = `http://127.0.0.1:${s3Port}`
  await new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } }).send(new CreateBucketCommand({ Bucket: 'cluster' }))

  const bouncer = (pooler = await startPgbouncer(databaseUrl, { workDir: path.join(work, 'pgbouncer'), port: await freePort() }))
  const shared: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: bouncer.url,
    DATABASE_DIRECT_URL: databaseUrl,
    SESSION_SECRET: 'cluster-session-secret-0123456789abcdef',
    STORAGE_DRIVER: 's3',
    S3_BUCKET: 'cluster',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    TRUST_PROXY: 'true',
    DB_POOL_SIZE: '5',
    LOG_LEVEL: 'warn',
  }
  const tsx = ['--import', 'tsx']
  const ports = await Promise.all([freePort(), freePort(), freePort(), freePort()])
  const balancerPort = ports[3]!
  const startNode = (i: number) => {
    const dataDir = path.join(work, `node-${i + 1}`)
    fs.mkdirSync(dataDir, { recursive: true })
    const proc = start(`web-${i + 1}`, process.execPath, [...tsx, 'bin/start.ts'], { ...shared, PORT: String(ports[i]), WORKERS: 'off', WEB_CONCURRENCY: '1', DATA_DIR: dataDir, DRAIN_SECONDS: '3' })
    return { name: `web-${i + 1}`, url: `http://127.0.0.1:${ports[i]}`, dataDir, proc }
  }
  const ready = (url: string) => until(`${url}/readyz`, async () => (await fetch(`${url}/readyz`)).status === 200, 90_000)
  // one first, so that the migrations run once; then the others
  const nodes = [startNode(0)]
  await ready(nodes[0]!.url)
  nodes.push(startNode(1), startNode(2))
  await Promise.all(nodes.map((n) => ready(n.url)))
  const workers: Proc[] = []
  const workerDataDirs = [0, 1].map((i) => path.join(work, `worker-${i + 1}`))
  // the workers log each job at 'info', so that a test can count the runs of a queue
  const startWorker = async (i: number) => {
    const worker = start(`worker-${i + 1}`, process.execPath, [...tsx, 'bin/worker.ts'], { ...shared, LOG_LEVEL: 'info', DATA_DIR: workerDataDirs[i] })
    workers[i] = worker
    await until(`${worker.name} to run`, () => worker.output().includes('Workers running.') || (worker.child.exitCode !== null && Promise.reject(new Error(worker.output()))), 90_000).catch(
      (error: Error) => {
        throw new Error(`${error.message}:\n${worker.output()}`)
      },
    )
  }
  for (const i of [0, 1]) await startWorker(i)

  const config = path.join(work, 'haproxy.cfg')
  fs.writeFileSync(
    config,
    [
      'global',
      '  maxconn 4096',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 30s',
      '  timeout server 30s',
      '  option http-server-close',
      // a request the node closed without an answer (it was stopping) goes to another node
      '  retries 2',
      '  option redispatch 1',
      '  retry-on conn-failure empty-response response-timeout',
      'frontend web',
      `  bind 127.0.0.1:${balancerPort}`,
      '  option forwardfor',
      '  default_backend nodes',
      'backend nodes',
      '  balance roundrobin',
      '  option httpchk GET /readyz',
      '  http-check expect status 200',
      '  default-server inter 500ms fall 2 rise 2',
      ...nodes.map((n, i) => `  server ${n.name} 127.0.0.1:${ports[i]} check`),
      '',
    ].join('\n'),
  )
  const balancer = start('haproxy', ensureHaproxy(), ['-f', config, '-db'], process.env)
  const balancerUrl = `http://127.0.0.1:${balancerPort}`
  await until('the load balancer', async () => (await fetch(`${balancerUrl}/readyz`)).status === 200)

  return {
    balancer: balancerUrl,
    nodes,
    workers,
    workerDataDirs,
    async restartNode(i) {
      const code = await nodes[i]!.proc.stop('SIGTERM')
      if (code !== 0) throw new Error(`${nodes[i]!.name} exited ${code}:\n${nodes[i]!.proc.output()}`)
      nodes[i] = startNode(i)
      await ready(nodes[i]!.url)
      // and the balancer has seen it come back (rise 2 × 500 ms)
      await new Promise((r) => setTimeout(r, 1_500))
    },
    async killWorker(i) {
      await workers[i]!.stop('SIGKILL')
    },
    pauseWorker: (i) => void workers[i]!.child.kill('SIGSTOP'),
    resumeWorker: (i) => void workers[i]!.child.kill('SIGCONT'),
    startWorker,
    async stop() {
      // a paused worker would not see its SIGTERM
      for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGCONT')
      await balancer.stop()
      await Promise.all([...nodes.map((n) => n.proc.stop()), ...workers.map((w) => w.stop())])
      await s3.close()
      await bouncer.stop()
      fs.rmSync(work, { recursive: true, force: true })
    },
  }
}
