// Server-side sessions (docs/decisions/0002-sessions-and-csrf.md). The table holds the SHA-256 of
// the cookie's token, never the token, so a copy of it cannot be replayed as cookies. Idle and
// absolute expiry are checked on every read.
import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import { isPermission, type Permission, type SessionUser } from '#core/permissions.ts'
import { executePrepared, type Executor } from '../client.server.ts'

export const SESSION_IDLE_MINUTES = 12 * 60
export const SESSION_ABSOLUTE_HOURS = 7 * 24
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_AFTER_MS = 5 * 60 * 1000

export const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('hex')

export interface LoadedSession {
  id: string
  user: SessionUser
}

const buildSessionRead = (db: Executor, id: string) =>
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
let compiledRead: { query: ReturnType<typeof buildSessionRead>; idIndex: number } | undefined
const ID_PLACEHOLDER = '(session id)'

/** The session look-up every request runs (exported so a benchmark can run the very statement raw). */
export function sessionReadQuery(db: Executor, id: string): ReturnType<typeof buildSessionRead> {
  if (!compiledRead) {
    const query = buildSessionRead(db, ID_PLACEHOLDER)
    compiledRead = { query, idIndex: query.parameters.indexOf(ID_PLACEHOLDER) }
  }
  const { query, idIndex } = compiledRead
  return { ...query, parameters: query.parameters.map((p, i) => (i === idIndex ? id : p)) }
}

/** The live session of `token` with its active user, or null; marks it seen (at most every 5 minutes). */
export async function findSession(db: Executor, token: string): Promise<LoadedSession | null> {
  const id = sessionIdOf(token)
  // every request runs it: prepared once per connection (planning it cost more than running it)
  const [row] = await executePrepared(db, 'session-read', sessionReadQuery(db, id))
  if (!row) return null
  if (Date.now() - row.last_seen_at.getTime() > TOUCH_AFTER_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now()` })
      .where('id', '=', id)
      .execute()
  }
  const { last_seen_at: _seen, company_name, permissions, ...user } = row
  return {
    id,
    user: { ...user, company_name: company_name ?? '', permissions: permissions.filter((p): p is Permission => isPermission(p)) },
  }
}

export interface NewSession {
  token: string
  userId: number
  /** the token of the session the request came with: it ends (the id rotates at sign-in) */
  previousToken?: string
  userAgent: string
  ip: string
}

/** Records a new session and the user's sign-in time; clears expired sessions on the way. */
export async function createSession(db: Executor, session: NewSession): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (session.previousToken) await trx.deleteFrom('sessions').where('id', '=', sessionIdOf(session.previousToken)).execute()
    await trx
      .insertInto('sessions')
      .values({
        id: sessionIdOf(session.token),
        user_id: session.userId,
        expires_at: sql<Date>`now() + make_interval(hours => ${SESSION_ABSOLUTE_HOURS})`,
        user_agent: session.userAgent.slice(0, 300),
        ip: session.ip,
      })
      .execute()
    await trx
      .updateTable('users')
      .set({ last_login_at: sql`now()` })
      .where('id', '=', session.userId)
      .execute()
    // Expired sessions go as new ones come: no separate sweeper needed.
    await trx
      .deleteFrom('sessions')
      .where('expires_at', '<', sql<Date>`now()`)
      .execute()
  })
}

export async function deleteSession(db: Executor, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionIdOf(token)).execute()
}
