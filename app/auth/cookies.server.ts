// Cookie reading and writing in one place: HttpOnly, SameSite=Lax, Path=/; Secure (and the
// __Host- prefix chosen by the callers) when the request reached us over HTTPS.

/** Set by the HTTP server from the connection (or X-Forwarded-Proto when TRUST_PROXY is on). */
export const SECURE_HEADER = 'x-app-secure'

export function requestIsSecure(request: Request): boolean {
  return request.headers.get(SECURE_HEADER) === '1'
}

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie')
  if (!header) return undefined
  for (const part of header.split(';')) {
    const index = part.indexOf('=')
    if (index < 0) continue
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim())
      } catch {
        return undefined
      }
    }
  }
  return undefined
}

export function serializeCookie(request: Request, name: string, value: string, options: { maxAgeSeconds?: number; httpOnly?: boolean } = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Lax']
  if (options.httpOnly !== false) parts.push('HttpOnly')
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`)
  if (requestIsSecure(request)) parts.push('Secure')
  return parts.join('; ')
}
