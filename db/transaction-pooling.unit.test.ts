// The app's database connections may go through a transaction-mode pooler (PgBouncer): each
// transaction, or each statement outside one, may run on a different server connection. What
// lives in a server session beyond one transaction then breaks silently: a session-level advisory
// lock is taken on one connection and released (or not) on another, LISTEN hears nothing, a SET
// changes whichever connection comes next, a WITH HOLD cursor outlives its transaction. This reads
// every source file of the app and fails on any of them (decision 0074). Migrations are the one
// exception, in Kysely (node_modules), and they run over DATABASE_DIRECT_URL (db/migrate.ts).
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '..')
const FOLDERS = ['app', 'core', 'db', 'jobs', 'storage', 'server', 'bin', 'mail', 'commands', 'workflows']
const SELF = path.relative(ROOT, import.meta.filename)

const SESSION_FEATURES: { what: string; pattern: RegExp }[] = [
  { what: 'a session-level advisory lock (use pg_advisory_xact_lock in a transaction)', pattern: /\bpg_(try_)?advisory_(lock|unlock)(_shared|_all)?\s*\(/i },
  { what: 'LISTEN (a pooler hands the next statement to another connection)', pattern: /[`'"]\s*(un)?listen\s+[\w"*]/i },
  { what: "pg's notification handler (LISTEN)", pattern: /\.on\(\s*['"]notification['"]/ },
  { what: 'SET outside a transaction (use SET LOCAL in one)', pattern: /[`'"]\s*set\s+(session\s+)?(?!local\b)[\w.]+\s*(=|\bto\b)/i },
  { what: 'a WITH HOLD cursor (it outlives its transaction)', pattern: /\bcursor\s+with\s+hold\b/i },
]

function sourceFiles(folder: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|js|mjs)$/.test(file) && !file.split(path.sep).includes('node_modules'))
    .map((file) => path.join(folder, file))
}

function findings(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => SESSION_FEATURES.filter(({ pattern }) => pattern.test(line)).map(({ what }) => `${file}:${i + 1}: ${what}: ${line.trim()}`))
}

describe('what a transaction-mode pooler cannot carry', () => {
  it('is caught by the patterns, and the transaction-level forms are not', () => {
    const caught = (line: string) => findings('x.ts', line).length > 0
    for (const line of [
      'await sql`select pg_advisory_lock(${KEY})`.execute(db)',
      "await client.query('SELECT pg_try_advisory_lock($1)', [key])",
      'await sql`select pg_advisory_unlock_all()`.execute(db)',
      "await client.query('LISTEN jobs')",
      "client.on('notification', (message) => wake(message))",
      "await client.query('set statement_timeout = 5000')",
      "await sql`SET SESSION work_mem TO '64MB'`.execute(db)",
      'await sql`declare rows cursor with hold for select 1`.execute(db)',
    ])
      expect(caught(line), line).toBe(true)
    for (const line of [
      'await sql`select pg_advisory_xact_lock(${KEY})`.execute(trx)',
      'await sql`select pg_try_advisory_xact_lock(${KEY})`.execute(trx)',
      "await client.query('set local session_replication_role = replica')",
      'await sql`notify jobs`.execute(db)',
      'const http = app.listen(settings.PORT)',
      "await db.updateTable('users').set({ is_active: false }).execute()",
      "console.error('could not listen on port 3000')",
    ])
      expect(caught(line), line).toBe(false)
  })

  it('appears in none of the app’s source files', () => {
    const files = FOLDERS.flatMap(sourceFiles).filter((file) => file !== SELF)
    const texts = new Map(files.map((file) => [file, fs.readFileSync(path.join(ROOT, file), 'utf8')]))
    // the scan reads the app's SQL: the sign-in throttle's transaction-level locks are in it
    expect(files.length).toBeGreaterThan(200)
    expect(texts.get(path.join('db', 'queries', 'sign-in-attempts.ts'))).toContain('pg_advisory_xact_lock(')
    expect([...texts].flatMap(([file, text]) => findings(file, text))).toEqual([])
  })
})
