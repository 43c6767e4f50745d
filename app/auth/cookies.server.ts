// Cookie reading and writing in one place: HttpOnly, SameSite=Lax, Path=/; Secure (and the
// __Host- prefix chosen by the callers) when the request reached us over HTTPS.

/** Set by the HTTP server from the connection (or X-Forwarded-Proto when TRUST_PROXY is on). */
export const SECURE_HEADER = 'x-app-secure'
/** Set by the HTTP server to a fresh random id per HTTP request (a client's own value is replaced). */
export const REQUEST_ID_HEADER = 'x-request-id'

export function requestIsSecure(request: Request): boolean {
  return request.headers.get(SECURE_HEADER) === '1'
}

/** The value of cookie `name` in a Cookie header. */
export function cookieFromHeader(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=')
    if (index < 0 || part.slice(0, index).trim() !== name) continue
    try {
      return decodeURIComponent(part.slice(index + 1).trim())
    } catch {
      return undefined
    }
  }
  return undefined
}

export function readCookie(request: Request, name: string): string | undefined {
  return cookieFromHeader(request.headers.get('cookie'), name)
}

export interface CookieOptions {
  maxAgeSeconds?: number
  httpOnly?: boolean
}

/** A Set-Cookie value: Path=/, SameSite=Lax, HttpOnly unless told otherwise, Secure over HTTPS. */
export function cookieString(name: string, value: string, options: CookieOptions & { secure: boolean }): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Lax']
  if (options.httpOnly !== false) parts.push('HttpOnly')
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`)
  if (options.secure) parts.push('Secure')
  return parts.join('; ')
}

export function serializeCookie(request: Request, name: string, value: string, options: CookieOptions = {}): string {
  return cookieString(name, value, { ...options, secure: requestIsSecure(request) })
}
