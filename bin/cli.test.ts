// The three CLIs, run as a person runs them (node + tsx), against a test database. user:create's
// refusals are read from its function in this process (userCreate: the same code the command
// line runs, without a process start each); creating a user and a refused option go through node.
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { adminQuery, withDatabase } from '../tests/support/pg-admin.ts'
import type { CommandOutput } from './cli-io.ts'
import { createUser } from '#db/queries/users.ts'
import { seedDemoCommand } from './seed-demo.ts'
import { USER_MESSAGES } from '#core/schemas/user.ts'
import { userCreate } from './user-create.ts'
import { userDeactivate } from './user-deactivate.ts'

const ROOT = path.resolve(import.meta.dirname, '..')

interface Run {
  code: number
  stdout: string
  stderr: string
}

function run(script: string, args: string[], databaseUrl: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl }, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    )
  })
}

/** A CLI's function in this process: what it prints and the exit code it answers. */
async function here(command: (io: CommandOutput) => Promise<number>): Promise<Run> {
  const out: string[] = []
  const err: string[] = []
  const code = await command({ out: (line) => out.push(`${line}\n`), err: (line) => err.push(`${line}\n`) })
  return { code, stdout: out.join(''), stderr: err.join('') }
}
const userCreateHere = (args: string[]) => here((io) => userCreate(args, io))

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
  process.env.DATABASE_URL = t.url
  await t.db.insertInto('companies').values({ company_name: 'Keystone Storage Services' }).execute()
})
afterAll(() => t.drop())

describe('user:create', () => {
  const create = (...args: string[]) => userCreateHere(args)

  it('creates a user with permissions and prints its id and username', async () => {
    const r = await run(
      'bin/user-create.ts',
      ['--username', 'alice', '--password', 'correct-horse', '--first-name', 'Alice', '--company', 'Keystone Storage Services', '--staff', '--perm', 'api.add_callin', '--perm', 'view_callin'],
      t.url,
    )
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const user = await t.db.selectFrom('users').select(['id', 'username', 'first_name', 'is_staff', 'is_superuser', 'company_id']).where('username', '=', 'alice').executeTakeFirstOrThrow()
    expect(r.stdout).toContain(`Created user alice (id ${user.id})`)
    expect(user).toMatchObject({ first_name: 'Alice', is_staff: true, is_superuser: false })
    expect(user.company_id).not.toBeNull()
    const perms = await t.db.selectFrom('user_permissions').select('codename').where('user_id', '=', user.id).orderBy('codename').execute()
    expect(perms.map((p) => p.codename)).toEqual(['api.add_callin', 'api.view_callin'])
  })

  it('refuses a username already taken, in any letter case', async () => {
    const r = await create('--username', 'ALICE', '--password', 'another-pass-1')
    expect(r.code).not.toBe(0)
    expect(r.stderr.trim().split('\n')).toEqual(['user:create: The username "ALICE" is already taken.'])
    expect(r.stdout).toBe('')
  })

  it('refuses an unknown option', async () => {
    const r = await run('bin/user-create.ts', ['--username', 'bob', '--password', 'long-enough', '--admin'], t.url)
    expect(r.code).toBe(2)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).toMatch(/Unknown option '--admin'/)
  })

  it('refuses an unknown permission', async () => {
    const r = await create('--username', 'bob', '--password', 'long-enough', '--perm', 'api.add_callin', '--perm', 'api.fly_plane')
    expect(r.code).not.toBe(0)
    expect(r.stderr.trim()).toBe('user:create: Unknown permission: api.fly_plane.')
  })

  it('refuses a missing or short password', async () => {
    const missing = await create('--username', 'bob')
    expect(missing.code).not.toBe(0)
    expect(missing.stderr.trim()).toBe('user:create: --password is required')
    const short = await create('--username', 'bob', '--password', 'short')
    expect(short.code).not.toBe(0)
    expect(short.stderr.trim()).toBe('user:create: Password must be at least 8 characters.')
  })

  it('refuses a password of spaces only, or one of the most common passwords', async () => {
    const blank = await create('--username', 'bob', '--password', '          ')
    expect(blank.code).toBe(1)
    expect(blank.stderr.trim()).toBe('user:create: Password cannot be only spaces.')
    const common = await create('--username', 'bob', '--password', 'Password1')
    expect(common.code).toBe(1)
    expect(common.stderr.trim()).toBe('user:create: This password is one of the most common passwords and easy to guess. Choose another.')
  })

  it('refuses a password easy to guess: the username itself, or the company’s name and a digit (the users admin’s rule)', async () => {
    const own = await create('--username', 'wheatfield-7', '--password', 'wheatfield-7')
    expect(own.code).toBe(1)
    expect(own.stderr.trim()).toBe(`user:create: ${USER_MESSAGES.passwordWeak('it contains a name, username or e-mail of the account, or the company’s name.')}`)
    expect((await create('--username', 'bob', '--password', 'KeystoneStorage1')).code).toBe(1)
    expect(await t.db.selectFrom('users').select('id').where('username', 'in', ['wheatfield-7', 'bob']).executeTakeFirst()).toBeUndefined()
  })

  it('refuses an unknown company', async () => {
    const r = await create('--username', 'bob', '--password', 'long-enough', '--company', 'Nobody Farms')
    expect(r.code).not.toBe(0)
    expect(r.stderr.trim()).toBe('user:create: No company is named "Nobody Farms".')
    expect(await t.db.selectFrom('users').select('id').where('username', '=', 'bob').executeTakeFirst()).toBeUndefined()
  })
})

describe('user:deactivate', () => {
  it('signs the named accounts out and keeps them out; an unknown name changes nobody', async () => {
    for (const username of ['dora', 'dave']) await createUser(t.db, { username, password: 'long-enough-pw', permissions: [] })
    const dora = await t.db.selectFrom('users').select('id').where('username', '=', 'dora').executeTakeFirstOrThrow()
    await t.db
      .insertInto('sessions')
      .values({ id: randomBytes(16).toString('hex'), user_id: dora.id, expires_at: new Date(Date.now() + 3_600_000) })
      .execute()
    const active = async () =>
      (await t.db.selectFrom('users').select(['username', 'is_active']).where('username', 'in', ['dora', 'dave']).orderBy('username').execute()).map((u) => `${u.username}:${u.is_active}`)
    expect(await here((io) => userDeactivate(['dora', 'nobody-here'], io))).toEqual({ code: 1, stdout: '', stderr: 'user:deactivate: no such user: nobody-here; nobody was deactivated.\n' })
    expect(await active()).toEqual(['dave:true', 'dora:true'])
    expect(await here((io) => userDeactivate(['Dora', 'dave'], io))).toEqual({ code: 0, stdout: 'Deactivated Dora, dave: they can no longer sign in.\n', stderr: '' })
    expect(await active()).toEqual(['dave:false', 'dora:false'])
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', dora.id).execute()).toEqual([])
    expect((await here((io) => userDeactivate([], io))).code).toBe(2)
  })
})

describe('db:migrate', () => {
  const adminUrl = () => inject('pgAdminUrl')
  const name = `cli_${randomBytes(5).toString('hex')}`

  afterAll(() => adminQuery(adminUrl(), `drop database if exists ${name} with (force)`))

  it('applies every migration to an empty database, syncs permissions, and then has nothing to do', async () => {
    await adminQuery(adminUrl(), `create database ${name}`)
    const url = withDatabase(adminUrl(), name)
    const first = await run('bin/migrate.ts', [], url)
    expect(first.stderr).toBe('')
    expect(first.code).toBe(0)
    expect(first.stdout).toMatch(/Applied \d+ migration\(s\): 0001_core, 0002_operations_and_pretreats/)
    expect(first.stdout).toMatch(/Permissions: [1-9]\d* added or updated/)
    const second = await run('bin/migrate.ts', [], url)
    expect(second.code).toBe(0)
    expect(second.stdout).toContain('No pending migrations')
    expect(second.stdout).toContain('Permissions: 0 added or updated')
  })
})

describe('seed:demo', () => {
  it('seeds the demo data and lists the logins', async () => {
    const other = await createTestDatabase()
    try {
      const r = await run('bin/seed-demo.ts', [], other.url)
      expect(r.stderr).toBe('')
      expect(r.code).toBe(0)
      expect(r.stdout).toContain('Demo data added:')
      expect(r.stdout).toContain('password for all: demo-pass-1')
      expect(r.stdout).toMatch(/^ {2}reviewer3 /m)
      const again = await run('bin/seed-demo.ts', [], other.url)
      expect(again.code).toBe(0)
      expect(again.stdout).toContain('nothing added')
    } finally {
      await other.drop()
    }
  })

  it('adds no demo accounts to a database with accounts of its own', async () => {
    await createUser(t.db, { username: 'owner', password: 'long-enough-pw', permissions: [] })
    const users = await t.db.selectFrom('users').select('username').execute()
    const r = await here((io) => seedDemoCommand(io))
    expect(r).toMatchObject({ code: 1, stdout: '' })
    expect(r.stderr).toContain('seed:demo: this database has accounts and is not a demo one')
    expect(await t.db.selectFrom('users').select('username').execute()).toEqual(users)
  })
})
