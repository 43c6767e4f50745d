// The drive's JSON calls ask for the drive page's rights (docs/decisions/0046): a change needs the
// page's rule (view, add or admin) as well as its own permission, checked before anything is
// looked up, so a user who may not see the drive learns nothing of what is in it.
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Permission } from '#core/permissions.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'

process.env.SESSION_SECRET ??= 'drive-api-test-secret-0123456789abcdef'

let t: TestDatabase
let root: string
let csrf: { cookieValue: string; token: string }
const cookies: Record<string, string> = {}

const routes = {
  delete: () => import('./routes/api.delete.ts'),
  deleteFolder: () => import('./routes/api.delete-folder.ts'),
  files: () => import('./routes/api.files.ts'),
  download: () => import('./routes/api.download.ts'),
  folders: () => import('./routes/api.folders.ts'),
}

beforeAll(async () => {
  t = await createTestDatabase()
  process.env.DATABASE_URL = t.url
  root = await fsp.mkdtemp(path.join(os.tmpdir(), 'drive-api-'))
  const { FsDriver } = await import('#storage/fs-driver.server.ts')
  const { setBlobStore } = await import('#storage/index.server.ts')
  const store = new FsDriver({ root, baseUrl: 'http://app.test' })
  setBlobStore(store)
  const { createUser } = await import('#db/queries/users.ts')
  const { startSession } = await import('#app/auth/session.server.ts')
  const { newCsrfCookieValue } = await import('#app/auth/csrf.server.ts')
  const { insertFolder } = await import('#storage/drive.server.ts')
  const { storeUploadedFile } = await import('#storage/uploads.server.ts')
  csrf = newCsrfCookieValue()
  const people: Record<string, Permission[]> = {
    deleterOnly: ['api.delete_s3bucket'],
    viewerDeleter: ['api.view_s3bucket', 'api.delete_s3bucket'],
    viewer: ['api.view_s3bucket'],
    adder: ['api.add_s3bucket'],
  }
  for (const [username, permissions] of Object.entries(people)) {
    const { id } = await createUser(t.db, { username, password: 'drive-api-pass-1', permissions })
    cookies[username] = `${(await startSession(t.db, new Request('http://app.test/'), id)).split(';')[0]!}; csrf=${csrf.cookieValue}`
  }
  const owner = await t.db.selectFrom('users').select(['id', 'username']).where('username', '=', 'adder').executeTakeFirstOrThrow()
  await insertFolder(t.db, owner, 'Audits/', 'Secret plans')
  await insertFolder(t.db, owner, '', 'Empty')
  const stored = await storeUploadedFile(t.db, store, owner, 'drive', { filename: 'merger.txt', stream: Readable.from([Buffer.from('confidential')]) }, { prefix: 'Audits/Secret plans/' })
  expect(stored.ok).toBe(true)
})

afterAll(async () => {
  const { setBlobStore } = await import('#storage/index.server.ts')
  setBlobStore(undefined)
  const { closeDb } = await import('#db/client.server.ts')
  await closeDb()
  await t?.drop()
  if (root) await fsp.rm(root, { recursive: true, force: true })
})

const b64 = (text: string) => btoa(encodeURIComponent(text))

async function call(route: keyof typeof routes, who: string, method: string, query: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const module = (await routes[route]()) as { action?: (args: unknown) => Promise<Response>; loader?: (args: unknown) => Promise<Response> }
  const request = new Request(`http://app.test/api/x/?${query}`, {
    method,
    headers: { cookie: cookies[who]!, 'x-csrf-token': csrf.token, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const run = method === 'GET' ? module.loader! : module.action!
  const response = await run({ request, params: {}, context: { cspNonce: '', csrfToken: '' } }).catch((thrown: unknown) => {
    if (thrown instanceof Response) return thrown
    throw thrown
  })
  const text = await response.text()
  return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : text }
}

const exists = async (parent: string, name: string) => !!(await t.db.selectFrom('drive_entries').select('id').where('parent', '=', parent).where('name', '=', name).executeTakeFirst())
const FORBIDDEN = { status: 403, body: { error: 'You do not have permission to do that.' } }

describe('a user who may delete but not view the drive', () => {
  it('gets the same 403 for a file that exists and one that does not, and deletes nothing', async () => {
    expect(await call('delete', 'deleterOnly', 'DELETE', `k=${b64('Audits/Secret plans/merger.txt')}`)).toEqual(FORBIDDEN)
    expect(await call('delete', 'deleterOnly', 'DELETE', `k=${b64('Audits/Secret plans/nothing.txt')}`)).toEqual(FORBIDDEN)
    expect(await exists('Audits/Secret plans/', 'merger.txt')).toBe(true)
  })

  it('gets the same 403 for a folder with files, an empty one and one that does not exist, and deletes none', async () => {
    for (const folder of ['Audits/Secret plans/', 'Empty/', 'Nowhere/']) {
      expect(await call('deleteFolder', 'deleterOnly', 'DELETE', `k=${b64(folder)}`), folder).toEqual(FORBIDDEN)
    }
    expect(await exists('', 'Empty')).toBe(true)
  })

  it('cannot list, download or create either', async () => {
    expect(await call('files', 'deleterOnly', 'GET', `p=${b64('Audits/Secret plans/')}`)).toEqual(FORBIDDEN)
    expect(await call('download', 'deleterOnly', 'GET', `k=${b64('Audits/Secret plans/merger.txt')}&p=${b64('Audits/Secret plans/')}`)).toEqual(FORBIDDEN)
    expect(await call('folders', 'deleterOnly', 'POST', '', { f: 'Mine', p: '' })).toEqual(FORBIDDEN)
  })
})

describe('a user who may view but not delete', () => {
  it('is refused every delete', async () => {
    expect(await call('delete', 'viewer', 'DELETE', `k=${b64('Audits/Secret plans/merger.txt')}`)).toEqual(FORBIDDEN)
    expect(await call('deleteFolder', 'viewer', 'DELETE', `k=${b64('Empty/')}`)).toEqual(FORBIDDEN)
  })
})

describe('a user who may view and delete (the page’s rights)', () => {
  it('is told what does not exist or is not empty, and deletes what does', async () => {
    expect(await call('delete', 'viewerDeleter', 'DELETE', `k=${b64('Audits/Secret plans/nothing.txt')}`)).toEqual({ status: 404, body: { error: 'The file does not exist.' } })
    expect((await call('deleteFolder', 'viewerDeleter', 'DELETE', `k=${b64('Audits/Secret plans/')}`)).status).toBe(409)
    expect(await call('delete', 'viewerDeleter', 'DELETE', `k=${b64('Audits/Secret plans/merger.txt')}`)).toEqual({ status: 200, body: { deleted: ['Audits/Secret plans/merger.txt'] } })
    expect(await call('deleteFolder', 'viewerDeleter', 'DELETE', `k=${b64('Empty/')}`)).toEqual({ status: 200, body: { deleted: 'Empty/' } })
  })
})

describe('a user who may add (which opens the drive page)', () => {
  it('creates a folder through the API', async () => {
    expect(await call('folders', 'adder', 'POST', '', { f: 'Added', p: '' })).toEqual({ status: 201, body: { key: 'Added/' } })
  })
})

describe('a change sent again with its Idempotency-Key (app/command-answer.server.ts)', () => {
  it('acts once and answers the same; without the key the same call is one of its own', async () => {
    const create = { 'Idempotency-Key': crypto.randomUUID() }
    const created = { status: 201, body: { key: 'Retried/' } }
    expect(await call('folders', 'adder', 'POST', '', { f: 'Retried', p: '' }, create)).toEqual(created)
    expect(await call('folders', 'adder', 'POST', '', { f: 'Retried', p: '' }, create)).toEqual(created)
    expect(await call('folders', 'adder', 'POST', '', { f: 'Retried', p: '' })).toEqual({ status: 409, body: { error: 'A file or folder named "Retried" already exists here.' } })

    const remove = { 'Idempotency-Key': crypto.randomUUID() }
    const deleted = { status: 200, body: { deleted: 'Retried/' } }
    expect(await call('deleteFolder', 'viewerDeleter', 'DELETE', `k=${b64('Retried/')}`, undefined, remove)).toEqual(deleted)
    expect(await call('deleteFolder', 'viewerDeleter', 'DELETE', `k=${b64('Retried/')}`, undefined, remove)).toEqual(deleted)
    expect(await call('deleteFolder', 'viewerDeleter', 'DELETE', `k=${b64('Retried/')}`)).toEqual({ status: 404, body: { error: 'The folder does not exist.' } })
  })

  it('refuses a key that is not a UUID, and a key used for another call', async () => {
    expect(await call('folders', 'adder', 'POST', '', { f: 'Keyed', p: '' }, { 'Idempotency-Key': 'once' })).toEqual({ status: 400, body: { error: 'The Idempotency-Key header must be a UUID.' } })
    const used = { 'Idempotency-Key': crypto.randomUUID() }
    expect((await call('folders', 'adder', 'POST', '', { f: 'Keyed', p: '' }, used)).status).toBe(201)
    expect(await call('folders', 'adder', 'POST', '', { f: 'Other', p: '' }, used)).toEqual({
      status: 409,
      body: { error: 'This submission was already used for something else. Please reload the page.' },
    })
    expect(await exists('', 'Other')).toBe(false)
  })
})
