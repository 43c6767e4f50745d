// PgBouncer from Debian in transaction mode in front of a PostgreSQL: the pooler the app must work
// through (README, Running in production; decision 0074). Each transaction, or each statement
// outside one, may run on another server connection, as behind a production PgBouncer.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { debianTool } from '../support/debian.ts'

/** PgBouncer, installed from Debian when missing. */
export const ensurePgbouncer = () => debianTool('/usr/sbin/pgbouncer', 'pgbouncer')

export interface Pgbouncer {
  /** `databaseUrl`'s user, password and database, through PgBouncer */
  url: string
  stop(): Promise<void>
}

/** A userlist's field: in double quotes, a double quote doubled. */
const quoted = (value: string) => `"${value.replaceAll('"', '""')}"`

/** [major, minor] of the installed PgBouncer ("PgBouncer 1.18.0"). */
function version(binary: string): [number, number] {
  const found = /PgBouncer (\d+)\.(\d+)/.exec(execFileSync(binary, ['--version'], { encoding: 'utf8' }))
  return found ? [Number(found[1]), Number(found[2])] : [0, 0]
}

/**
 * Starts PgBouncer (pool_mode = transaction) on 127.0.0.1:`port` in front of the server of
 * `databaseUrl`, every database name passed through, its user and password (SCRAM) the URL's.
 * Its files go in `workDir`. It runs in the foreground, as a child of this process; as root, as
 * `nobody` (it refuses root: it reads its files first, then changes user).
 */
export async function startPgbouncer(databaseUrl: string, opts: { workDir: string; port: number }): Promise<Pgbouncer> {
  const binary = ensurePgbouncer()
  const server = new URL(databaseUrl)
  fs.mkdirSync(opts.workDir, { recursive: true })
  const userlist = path.join(opts.workDir, 'userlist.txt')
  const ini = path.join(opts.workDir, 'pgbouncer.ini')
  fs.writeFileSync(userlist, `${quoted(decodeURIComponent(server.username))} ${quoted(decodeURIComponent(server.password))}\n`, { mode: 0o600 })
  const [major, minor] = version(binary)
  const settings = [
    '[databases]',
    `* = host=${server.hostname.replace(/^\[|\]$/g, '')} port=${server.port || '5432'}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${opts.port}`,
    'unix_socket_dir =',
    'auth_type = scram-sha-256',
    `auth_file = ${userlist}`,
    'pool_mode = transaction',
    'max_client_conn = 500',
    'default_pool_size = 20',
    'ignore_startup_parameters = extra_float_digits,application_name,options',
    'log_connections = 0',
    'log_disconnections = 0',
    // protocol-level named prepared statements across server connections (1.21 and later)
    ...(major > 1 || minor >= 21 ? ['max_prepared_statements = 200'] : []),
  ]
  fs.writeFileSync(ini, `${settings.join('\n')}\n`, { mode: 0o600 })

  const child = spawn(binary, process.getuid?.() === 0 ? ['-u', 'nobody', ini] : [ini], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000))
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    await exited
    clearTimeout(timer)
  }

  const through = new URL(databaseUrl)
  through.hostname = '127.0.0.1'
  through.port = String(opts.port)
  const url = through.toString()
  // ready when a statement goes through it to the server (its login there included)
  const deadline = Date.now() + 10_000
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`PgBouncer exited at start:\n${output}`)
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 })
    try {
      await client.connect()
      await client.query('select 1')
      return { url, stop }
    } catch (error) {
      if (Date.now() > deadline) {
        await stop()
        throw new Error(`PgBouncer did not answer within 10 s (${error instanceof Error ? error.message : String(error)}):\n${output}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    } finally {
      await client.end().catch(() => undefined)
    }
  }
}
