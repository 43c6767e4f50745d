// The one gate every loader and action passes first. Pages: signed out → /login remembering the
// origin; missing permission → 403 (rendered by the error boundary, which tells nothing more).
// APIs: 401/403 JSON. Actions read their form through readForm/verifyCsrfHeader (CSRF checked).
import { redirect } from '@remix-run/node'
import { getDb } from '#db/client.server.ts'
import { mayOpen, type Access } from '#app/access.ts'
import { noteRequestUser } from '#core/request-context.server.ts'
import { hasAnyPermission, type Permission, type SessionUser } from '#core/permissions.ts'
import { unavailable } from '../http-errors.server.ts'
import { assertCsrf, CSRF_FIELD, CSRF_HEADER } from './csrf.server.ts'
import { readCookie } from './cookies.server.ts'
import { OUTBOX_USER_HEADER, SESSION_USER_HEADER } from '#core/session-user.ts'
import { loadSession, sessionCookieName } from './session.server.ts'

/**
 * The signed-in user, or null. A session look-up that fails (the database is unreachable) throws a 503 (`unavailable`).
 * A send of the device's outbox for another user than the session's is refused here, before any
 * route reads it (decision 0081).
 */
export async function getUser(request: Request): Promise<SessionUser | null> {
  let user: SessionUser | null
  try {
    user = (await loadSession(getDb(), request))?.user ?? null
  } catch (error) {
    if (error instanceof Response) throw error
    console.error('Session look-up failed', error)
    throw unavailable(request)
  }
  if (user) noteRequestUser(user.id)
  const sentFor = request.headers.get(OUTBOX_USER_HEADER)
  if (user && sentFor !== null && sentFor !== String(user.id)) throw anotherUsersSession(user)
  return user
}

/** 401: the item was kept on the device by another user than the session's; it waits for its own. */
function anotherUsersSession(user: SessionUser): Response {
  return Response.json(
    { error: 'This was kept on the device by another user; it waits for them to sign in.' },
    { status: 401, headers: { 'Cache-Control': 'no-store', [SESSION_USER_HEADER]: String(user.id) } },
  )
}

/** Where to come back to after signing in (app/auth/return-path.ts). */
export { safeRedirectPath } from './return-path.ts'

export function loginRedirect(request: Request): Response {
  const url = new URL(request.url)
  const origin = `${url.pathname}${url.search}`
  return redirect(origin === '/' ? '/login' : `/login?${new URLSearchParams({ redirectTo: origin })}`)
}

export function forbidden(): Response {
  return new Response('Forbidden', { status: 403, statusText: 'Forbidden' })
}

export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request)
  if (!user) throw loginRedirect(request)
  return user
}

/** Signed in and holding at least one of `permissions` (superusers hold all). */
export async function requirePermission(request: Request, permissions: Permission | readonly Permission[]): Promise<SessionUser> {
  const user = await requireUser(request)
  if (!hasAnyPermission(user, permissions)) throw forbidden()
  return user
}

/** Signed in and let in by the screen's rule (the `access` its route module exports, app/access.ts). */
export async function requireAccess(request: Request, access: Access): Promise<SessionUser> {
  const user = await requireUser(request)
  if (!mayOpen(user, access)) throw forbidden()
  return user
}

/**
 * For read-only loaders (lists): the access check and `read` start together, so the session
 * look-up and the list queries share their round trips; `read`'s result leaves only after the
 * check passes, and a request without a session cookie is sent to /login without reading anything.
 * (docs/decisions/0008-permission-check-beside-the-read.md)
 */
export async function readWithAccess<T>(request: Request, access: Access, read: () => Promise<T>): Promise<{ user: SessionUser; data: T }> {
  if (!readCookie(request, sessionCookieName(request))) throw loginRedirect(request)
  const reading = read()
  reading.catch(() => undefined) // a refused request never looks at it
  const user = await requireAccess(request, access)
  return { user, data: await reading }
}

const jsonError = (status: number, error: string) => Response.json({ error }, { status })

/** For /api/ routes: 401 JSON when signed out, 403 JSON without one of `permissions` (if given). */
export async function requireApiUser(request: Request, permissions?: Permission | readonly Permission[]): Promise<SessionUser> {
  const user = await getUser(request)
  if (!user) throw jsonError(401, 'Authentication required.')
  if (permissions && !hasAnyPermission(user, permissions)) {
    throw jsonError(403, 'You do not have permission to do that.')
  }
  return user
}

/** For fetch calls: the token travels in the X-CSRF-Token header. */
export async function verifyCsrfHeader(request: Request): Promise<void> {
  assertCsrf(request, request.headers.get(CSRF_HEADER))
}

/** Reads a url-encoded form and checks its CSRF field. */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    throw new Response('The form could not be read.', { status: 400 })
  }
  assertCsrf(request, form.get(CSRF_FIELD))
  return form
}
