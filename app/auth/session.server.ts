// Server-side sessions: the cookie holds a 256-bit random token, the database holds its SHA-256.
// Idle and absolute expiry are checked on every read; sign-in always makes a new session (the id
// rotates), sign-out deletes it.
import { createHash, randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { executePrepared, type Executor } from '#db/client.server.ts'
import { isPermission, type Permission, type SessionUser } from '#core/permissions.ts'
import { REQUEST_ID_HEADER, readCookie, serializeCookie, requestIsSecure } from './cookies.server.ts'

export const SESSION_IDLE_MINUTES = 12 * 60
export const SESSION_ABSOLUTE_HOURS = 7 * 24
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_AFTER_MS = 5 * 60 * 1000

export function sessionCookieName(request: Request): string {
  return requestIsSecure(request) ? '__Host-sid' : 'sid'
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export interface LoadedSession {
  id: string
  user: SessionUser
}

/** Look-ups under way, by HTTP request: Remix gives each loader of one request its own Request object. */
const inFlight = new Map<string, Promise<LoadedSession | null>>()

/** The signed-in user of this request, or null: one look-up for all the loaders of one HTTP request. */
export function loadSession(db: Executor, request: Request): Promise<LoadedSession | null> {
  const requestId = request.headers.get(REQUEST_ID_HEADER)
  if (!requestId) return readSession(db, request)
  let pending = inFlight.get(requestId)
  if (!pending) {
    pending = readSession(db, request)
    inFlight.set(requestId, pending)
    // The loaders of a request start together, so they share it while it runs; then it goes.
    void pending.finally(() => inFlight.delete(requestId)).catch(() => undefined)
  }
  return pending
}

const buildSessionQuery = (db: Executor, id: string) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('companies as c', 'c.id', 'u.company_id')
    .select([
      's.last_seen_at',
      'u.id',
      'u.username',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.is_staff',
      'u.is_superuser',
      'u.current_prefix',
      'c.company_name',
      sql<string[]>`array(
        select up.codename from user_permissions up where up.user_id = u.id
        union
        select gp.codename from user_groups ug join group_permissions gp on gp.group_id = ug.group_id where ug.user_id = u.id
      )`.as('permissions'),
    ])
    .where('s.id', '=', id)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('s.last_seen_at', '>', sql<Date>`now() - make_interval(mins => ${SESSION_IDLE_MINUTES})`)
    .where('u.is_active', '=', true)
    .compile()

/** The look-up's statement, compiled once: only the session id changes between requests. */
let sessionQuery: { query: ReturnType<typeof buildSessionQuery>; idIndex: number } | undefined
const ID_PLACEHOLDER = '(session id)'

function sessionQueryFor(db: Executor, id: string): ReturnType<typeof buildSessionQuery> {
  if (!sessionQuery) {
    const query = buildSessionQuery(db, ID_PLACEHOLDER)
    sessionQuery = { query, idIndex: query.parameters.indexOf(ID_PLACEHOLDER) }
  }
  const { query, idIndex } = sessionQuery
  return { ...query, parameters: query.parameters.map((p, i) => (i === idIndex ? id : p)) }
}

async function readSession(db: Executor, request: Request): Promise<LoadedSession | null> {
  const token = readCookie(request, sessionCookieName(request))
  if (!token || token.length > 100) return null
  const id = hashToken(token)
  const query = sessionQueryFor(db, id)
  // every request runs it: prepared once per connection (planning it cost more than running it)
  const [row] = await executePrepared(db, 'session-read', query)
  if (!row) return null
  if (Date.now() - row.last_seen_at.getTime() > TOUCH_AFTER_MS) {
    await db.updateTable('sessions').set({ last_seen_at: sql`now()` }).where('id', '=', id).execute()
  }
  const { last_seen_at: _seen, company_name, permissions, ...user } = row
  return {
    id,
    user: { ...user, company_name: company_name ?? '', permissions: permissions.filter((p): p is Permission => isPermission(p)) },
  }
}

/** Starts a new session for `userId`, ending the one the request came with; returns its Set-Cookie. */
export async function startSession(db: Executor, request: Request, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const previous = readCookie(request, sessionCookieName(request))
  await db.transaction().execute(async (trx) => {
    if (previous) await trx.deleteFrom('sessions').where('id', '=', hashToken(previous)).execute()
    await trx
      .insertInto('sessions')
      .values({
        id: hashToken(token),
        user_id: userId,
        expires_at: sql<Date>`now() + make_interval(hours => ${SESSION_ABSOLUTE_HOURS})`,
        user_agent: (request.headers.get('user-agent') ?? '').slice(0, 300),
        ip: clientIp(request),
      })
      .execute()
    await trx.updateTable('users').set({ last_login_at: sql`now()` }).where('id', '=', userId).execute()
    // Expired sessions go as new ones come: no separate sweeper needed.
    await trx.deleteFrom('sessions').where('expires_at', '<', sql<Date>`now()`).execute()
  })
  return serializeCookie(request, sessionCookieName(request), token, { maxAgeSeconds: SESSION_ABSOLUTE_HOURS * 3600 })
}

/** Deletes the request's session; returns the Set-Cookie that clears the cookie. */
export async function endSession(db: Executor, request: Request): Promise<string> {
  const token = readCookie(request, sessionCookieName(request))
  if (token) await db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute()
  return serializeCookie(request, sessionCookieName(request), '', { maxAgeSeconds: 0 })
}

export function clientIp(request: Request): string {
  return request.headers.get('x-client-ip') ?? ''
}
