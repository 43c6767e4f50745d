// npm run users:import, run as a person runs it (node + tsx) against a test database, with dumps
// shaped as Django's dumpdata writes them, and real Django pbkdf2_sha256 hashes. The first import
// and a bad command line go through node; the rest call usersImport, the same code, in this process.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import { authenticate } from '#app/auth/sign-in.server.ts'
import { verifyPassword } from '#core/password.server.ts'
import { usersImport } from './users-import.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'users-import-'))

// Django's own test vector (tests/auth_tests/test_hashers.py, Django 1.9):
//   make_password('lètmein', 'seasalt', 'pbkdf2_sha256')
// checked with Python's hashlib, an independent implementation:
//   base64.b64encode(hashlib.pbkdf2_hmac('sha256', 'lètmein'.encode(), b'seasalt', 20000))
const LETMEIN = 'pbkdf2_sha256$20000$seasalt$oBSd886ysm3AqYun62DOdin8YcfbU1z9cksZSuLP9r0='
// Made with Python's hashlib the way Django's PBKDF2PasswordHasher does:
//   base64.b64encode(hashlib.pbkdf2_hmac('sha256', b'potato-storage-7', b'Xq3vK9mPzR2t', 30000))
const POTATO = 'pbkdf2_sha256$30000$Xq3vK9mPzR2t$Oz+H3qIMfwoKn5hglQOrNX8i9NEl6qRz9rta5unqFbk='

/** `manage.py dumpdata auth.permission auth.group auth.user --natural-foreign --indent 2` */
const NATURAL = [
  { model: 'auth.permission', pk: 41, fields: { name: 'Can add call in', content_type: ['api', 'callin'], codename: 'add_callin' } },
  { model: 'auth.permission', pk: 42, fields: { name: 'Can view call in', content_type: ['api', 'callin'], codename: 'view_callin' } },
  { model: 'auth.permission', pk: 4, fields: { name: 'Can add user', content_type: ['auth', 'user'], codename: 'add_user' } },
  {
    model: 'auth.group',
    pk: 1,
    fields: {
      name: 'Service Reviewers',
      permissions: [
        ['view_callin', 'api', 'callin'],
        ['can_review_1', 'api', 'servicesheet'],
      ],
    },
  },
  {
    model: 'auth.user',
    pk: 7,
    fields: {
      password: LETMEIN,
      last_login: '2024-05-02T14:11:09.120Z',
      is_superuser: false,
      username: 'dwhitman',
      first_name: 'Dale',
      last_name: 'Whitman',
      email: 'dale@example.com',
      is_staff: true,
      is_active: true,
      date_joined: '2019-03-01T08:00:00Z',
      groups: [['Service Reviewers']],
      user_permissions: [
        ['add_callin', 'api', 'callin'],
        ['add_user', 'auth', 'user'],
      ],
    },
  },
  {
    model: 'auth.user',
    pk: 8,
    fields: { password: POTATO, is_superuser: false, username: 'kfarr', first_name: 'Kim', last_name: 'Farr', email: '', is_staff: false, is_active: false, groups: [], user_permissions: [] },
  },
  { model: 'admin.logentry', pk: 1, fields: { action_flag: 1 } },
]

/** The same without --natural-foreign: ids everywhere, the apps through contenttypes. */
const BY_ID = [
  { model: 'contenttypes.contenttype', pk: 12, fields: { app_label: 'api', model: 'receipt' } },
  { model: 'contenttypes.contenttype', pk: 3, fields: { app_label: 'auth', model: 'group' } },
  { model: 'auth.permission', pk: 90, fields: { name: 'Can view receipt', content_type: 12, codename: 'view_receipt' } },
  { model: 'auth.permission', pk: 91, fields: { name: 'Can add receipt', content_type: 12, codename: 'add_receipt' } },
  { model: 'auth.permission', pk: 9, fields: { name: 'Can change group', content_type: 3, codename: 'change_group' } },
  { model: 'auth.group', pk: 5, fields: { name: 'Receipts Office', permissions: [90] } },
  { model: 'auth.user', pk: 30, fields: { password: POTATO, username: 'rbyid', is_active: true, groups: [5], user_permissions: [91, 9] } },
]

interface Run {
  code: number
  stdout: string
  stderr: string
}

function dumpFile(content: string | object): string {
  const file = path.join(DIR, `dump-${Math.random().toString(36).slice(2)}.json`)
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2))
  return file
}

/** users:import as a person runs it (node + tsx). */
function importFile(content: string | object, ...args: string[]): Promise<Run> {
  const file = dumpFile(content)
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'bin/users-import.ts', file, ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: t.url }, timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    )
  })
}

/** The same command in this process (usersImport: the code the command line runs, without a process start each). */
async function importHere(content: string | object, ...args: string[]): Promise<Run> {
  const out: string[] = []
  const err: string[] = []
  const code = await usersImport([dumpFile(content), ...args], { out: (line) => out.push(`${line}\n`), err: (line) => err.push(`${line}\n`) })
  return { code, stdout: out.join(''), stderr: err.join('') }
}

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
  process.env.DATABASE_URL = t.url
})
afterAll(async () => {
  await t.drop()
  fs.rmSync(DIR, { recursive: true, force: true })
})

const loginRequest = (username: string, password: string) =>
  new Request('http://localhost/login', { method: 'POST', body: new URLSearchParams({ username, password }), headers: { 'content-type': 'application/x-www-form-urlencoded' } })

/** Everything the import writes, to compare before and after. */
async function snapshot() {
  const [users, groups, userPermissions, userGroups, groupPermissions] = await Promise.all([
    t.db.selectFrom('users').select(['username', 'password_hash', 'first_name', 'last_name', 'email', 'is_staff', 'is_superuser', 'is_active']).orderBy('username').execute(),
    t.db.selectFrom('groups').select('name').orderBy('name').execute(),
    t.db.selectFrom('user_permissions').select(['user_id', 'codename']).orderBy('user_id').orderBy('codename').execute(),
    t.db.selectFrom('user_groups').select(['user_id', 'group_id']).orderBy('user_id').execute(),
    t.db.selectFrom('group_permissions').select(['group_id', 'codename']).orderBy('group_id').orderBy('codename').execute(),
  ])
  return { users, groups, userPermissions, userGroups, groupPermissions }
}

const permissionsOf = async (username: string) =>
  (await t.db.selectFrom('user_permissions as up').innerJoin('users as u', 'u.id', 'up.user_id').select('up.codename').where('u.username', '=', username).orderBy('up.codename').execute()).map(
    (r) => r.codename,
  )

describe('users:import', () => {
  it('imports a --natural-foreign dump: users with their Django hashes, groups, the known permissions; reports the rest', async () => {
    const r = await importFile(NATURAL)
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Imported 2 users: dwhitman, kfarr.')
    expect(r.stdout).toContain('New groups: Service Reviewers.')
    expect(r.stdout).toContain('Skipped permissions this app does not have: auth.add_user.')
    expect(r.stdout).toContain('Ignored entries of other models: admin.logentry (1).')
    const dale = await t.db.selectFrom('users').selectAll().where('username', '=', 'dwhitman').executeTakeFirstOrThrow()
    expect(dale).toMatchObject({ first_name: 'Dale', last_name: 'Whitman', email: 'dale@example.com', is_staff: true, is_superuser: false, is_active: true, password_hash: LETMEIN })
    expect(await permissionsOf('dwhitman')).toEqual(['api.add_callin'])
    const group = await t.db.selectFrom('groups').select('id').where('name', '=', 'Service Reviewers').executeTakeFirstOrThrow()
    expect((await t.db.selectFrom('group_permissions').select('codename').where('group_id', '=', group.id).orderBy('codename').execute()).map((g) => g.codename)).toEqual([
      'api.can_review_1',
      'api.view_callin',
    ])
    expect(await t.db.selectFrom('user_groups').select('group_id').where('user_id', '=', dale.id).execute()).toEqual([{ group_id: group.id }])
    expect(await t.db.selectFrom('users').select('is_active').where('username', '=', 'kfarr').executeTakeFirstOrThrow()).toEqual({ is_active: false })
  })

  it('signs an imported user in with the old password through the real sign-in, then stores scrypt', async () => {
    // the re-hash at the real cost (vitest.config.ts lowers it for the rest of the run)
    vi.stubEnv('TEST_SCRYPT_LOG_N', undefined)
    onTestFinished(() => {
      vi.unstubAllEnvs()
    })
    const dale = await t.db.selectFrom('users').select('id').where('username', '=', 'dwhitman').executeTakeFirstOrThrow()
    await expect(authenticate(t.db, loginRequest('dwhitman', 'lètmeinz'))).rejects.toMatchObject({ status: 401 })
    expect(await authenticate(t.db, loginRequest('DWhitman', 'lètmein'))).toBe(dale.id)
    const { password_hash } = await t.db.selectFrom('users').select('password_hash').where('id', '=', dale.id).executeTakeFirstOrThrow()
    expect(password_hash).toMatch(/^scrypt\$131072\$8\$1\$/)
    expect(await verifyPassword('lètmein', password_hash)).toBe(true)
    // and again, now through scrypt
    expect(await authenticate(t.db, loginRequest('dwhitman', 'lètmein'))).toBe(dale.id)
  })

  it('changes nothing the second time (a re-hashed password included)', async () => {
    const before = await snapshot()
    const r = await importHere(NATURAL)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Imported 0 users.')
    expect(r.stdout).toContain('Already here, left as they are: dwhitman, kfarr.')
    expect(await snapshot()).toEqual(before)
  })

  it('reads a dump without natural keys: permissions and groups by id, apps through contenttypes', async () => {
    const r = await importHere(BY_ID)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Imported 1 user: rbyid.')
    expect(r.stdout).toContain('Skipped permissions this app does not have: auth.change_group.')
    expect(await permissionsOf('rbyid')).toEqual(['api.add_receipt'])
    expect(await authenticate(t.db, loginRequest('rbyid', 'potato-storage-7'))).toBeGreaterThan(0)
  })

  it('refuses the whole import when a hash is of an unknown kind, naming each such user; --skip-refused imports the others', async () => {
    const dump = [
      { model: 'auth.user', pk: 50, fields: { username: 'argon', password: 'argon2$argon2id$v=19$m=102400,t=2,p=8$c29tZXNhbHQ$hash', groups: [], user_permissions: [] } },
      { model: 'auth.user', pk: 51, fields: { username: 'bcrypt', password: 'bcrypt_sha256$$2b$12$abcdefghijklmnopqrstuv', groups: [], user_permissions: [] } },
      { model: 'auth.user', pk: 52, fields: { username: 'oldmd5', password: 'md5$seasalt$f5531bef9f3687d0ccf0f617f0e25573', groups: [], user_permissions: [] } },
      { model: 'auth.user', pk: 53, fields: { username: 'nologin', password: '!Xk3jdj2k3jd9ZPqk', groups: [], user_permissions: [] } },
      { model: 'auth.user', pk: 54, fields: { username: 'goodone', password: POTATO, groups: [], user_permissions: [] } },
    ]
    const before = await snapshot()
    const refused = await importHere(dump)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('Nothing was imported: 4 users cannot be taken over as they are')
    expect(refused.stderr).toContain('User "argon" has a password hash of an unknown kind ("argon2")')
    expect(refused.stderr).toContain('User "bcrypt" has a password hash of an unknown kind ("bcrypt_sha256")')
    expect(refused.stderr).toContain('User "oldmd5" has a password hash of an unknown kind ("md5")')
    expect(refused.stderr).toContain('User "nologin" has an unusable password')
    expect(await snapshot()).toEqual(before)

    const skipping = await importHere(dump, '--skip-refused')
    expect(skipping.code).toBe(0)
    expect(skipping.stdout).toContain('Imported 1 user: goodone.')
    expect(skipping.stdout).toContain('Left out (--skip-refused):')
    expect(skipping.stdout).toContain('User "argon" has a password hash of an unknown kind ("argon2")')
    expect(await t.db.selectFrom('users').select('username').where('username', 'in', ['argon', 'bcrypt', 'oldmd5', 'nologin']).execute()).toEqual([])
  })

  it('refuses a file that is not JSON, or not a dumpdata, with a message and nothing saved', async () => {
    const before = await snapshot()
    const notJson = await importHere('username,password\nbob,x\n')
    expect(notJson.code).toBe(1)
    expect(notJson.stderr).toMatch(/The file is not JSON .*expected a Django dumpdata/)
    const notDump = await importHere({ users: [{ username: 'bob' }] })
    expect(notDump.code).toBe(1)
    expect(notDump.stderr).toContain('The file is JSON but not a Django dumpdata')
    const noModel = await importHere([{ pk: 1, fields: { username: 'bob' } }])
    expect(noModel.stderr).toContain('Entry 1 is not a dumpdata entry')
    const missingGroup = await importHere([{ model: 'auth.user', pk: 60, fields: { username: 'lonely', password: POTATO, groups: [99], user_permissions: [] } }])
    expect(missingGroup.stderr).toContain('User "lonely" is in group 99, which the file does not hold')
    const empty = await importHere([])
    expect(empty.stderr).toContain('holds no auth.user or auth.group entries')
    expect(await snapshot()).toEqual(before)
  })

  it('refuses a bad command line with exit code 2', async () => {
    const r = await new Promise<Run>((resolve) =>
      execFile(process.execPath, ['--import', 'tsx', 'bin/users-import.ts'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: t.url } }, (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      ),
    )
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('give one file')
  })
})
