// Sessions over HTTP: the cookie holds a 256-bit random token; db/queries/sessions.ts keeps its
// hash, checks expiry and ends sessions. Sign-in always makes a new session (the id rotates),
// sign-out deletes it.
import { randomBytes } from 'node:crypto'
import type { Executor } from '#db/client.server.ts'
import { createSession, deleteSession, findSession, SESSION_ABSOLUTE_HOURS, type LoadedSession } from '#db/queries/sessions.ts'
import { REQUEST_ID_HEADER, readCookie, serializeCookie, requestIsSecure } from './cookies.server.ts'

export type { LoadedSession }

export function sessionCookieName(request: Request): string {
  return requestIsSecure(request) ? '__Host-sid' : 'sid'
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
    void pending
      .then((session) => rememberOwner(requestId, session))
      .finally(() => inFlight.delete(requestId))
      .catch(() => undefined)
  }
  return pending
}

/**
 * Whose session a page or its data belongs to, for the service worker (app/offline/sw/, decision
 * 0047): the user's id, or 'none' when the request had no live session. app/entry.server.tsx sets it.
 */
export { SESSION_USER_HEADER } from '#core/session-user.ts'

/** The owners of the latest requests (request id → user id or null), read once by the answer; bounded. */
const owners = new Map<string, number | null>()
const OWNERS_KEPT = 1_000

function rememberOwner(requestId: string, session: LoadedSession | null): void {
  owners.set(requestId, session?.user.id ?? null)
  if (owners.size > OWNERS_KEPT) owners.delete(owners.keys().next().value!)
}

/** The X-Session-User value of this request's answer; undefined when nothing looked at its session. */
export function sessionOwnerHeader(request: Request): string | undefined {
  const requestId = request.headers.get(REQUEST_ID_HEADER)
  if (!requestId || !owners.has(requestId)) return undefined
  const owner = owners.get(requestId)
  owners.delete(requestId)
  return owner === null || owner === undefined ? 'none' : String(owner)
}

async function readSession(db: Executor, request: Request): Promise<LoadedSession | null> {
  const token = readCookie(request, sessionCookieName(request))
  if (!token || token.length > 100) return null
  return findSession(db, token)
}

/** Starts a new session for `userId`, ending the one the request came with; returns its Set-Cookie. */
export async function startSession(db: Executor, request: Request, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await createSession(db, {
    token,
    userId,
    previousToken: readCookie(request, sessionCookieName(request)),
    userAgent: request.headers.get('user-agent') ?? '',
    ip: clientIp(request),
  })
  return serializeCookie(request, sessionCookieName(request), token, { maxAgeSeconds: SESSION_ABSOLUTE_HOURS * 3600 })
}

/** Deletes the request's session; returns the Set-Cookie that clears the cookie. */
export async function endSession(db: Executor, request: Request): Promise<string> {
  const token = readCookie(request, sessionCookieName(request))
  if (token) await deleteSession(db, token)
  return serializeCookie(request, sessionCookieName(request), '', { maxAgeSeconds: 0 })
}

/** The client's address, set by the HTTP server from the connection (server/security.ts). */
export function clientIp(request: Request): string {
  return request.headers.get('x-client-ip') ?? ''
}
