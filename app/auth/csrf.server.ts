// CSRF token: a random value in a signed cookie (issued by the HTTP server on the first GET), the
// same value in every form as the `csrf` field or, for fetch calls, in the X-CSRF-Token header.
// A same-origin check on every non-GET runs first, in the HTTP server (server/security.ts).
import { randomBytes } from 'node:crypto'
import { sign, verifySignature } from '#core/secrets.server.ts'
import { readCookie, requestIsSecure } from './cookies.server.ts'

export const CSRF_FIELD = 'csrf'
export const CSRF_HEADER = 'x-csrf-token'

export const csrfCookieName = (secure: boolean) => (secure ? '__Host-csrf' : 'csrf')

export function newCsrfCookieValue(): { token: string; cookieValue: string } {
  const token = randomBytes(24).toString('base64url')
  return { token, cookieValue: `${token}.${sign(`csrf:${token}`)}` }
}

/** The token in a cookie value, if the signature holds. */
export function tokenFromCookieValue(value: string | undefined): string | undefined {
  if (!value) return undefined
  const [token, signature] = value.split('.')
  return token && signature && verifySignature(`csrf:${token}`, signature) ? token : undefined
}

export function csrfTokenOf(request: Request): string | undefined {
  return tokenFromCookieValue(readCookie(request, csrfCookieName(requestIsSecure(request))))
}

export function csrfFailure(): Response {
  return new Response('Your form has expired. Please reload the page and try again.', {
    status: 403,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  })
}

/** Throws a 403 Response unless `given` matches the request's cookie token. */
export function assertCsrf(request: Request, given: unknown): void {
  const expected = csrfTokenOf(request)
  if (!expected || typeof given !== 'string' || given !== expected) throw csrfFailure()
}
