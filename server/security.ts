// Request hardening that must hold for every route, so it lives in the HTTP server, not in routes.
import { randomBytes, randomUUID } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import { csrfCookieName, newCsrfCookieValue, tokenFromCookieValue } from '#app/auth/csrf.server.ts'
import { REQUEST_ID_HEADER, SECURE_HEADER, cookieFromHeader, cookieString } from '#app/auth/cookies.server.ts'

export interface SecurityOptions {
  production: boolean
  /** Extra origins the page may send requests to (an S3 endpoint for presigned uploads). */
  connectOrigins: string[]
}

export interface RequestLocals {
  cspNonce: string
  csrfToken: string
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Headers the app trusts are set here from the connection; whatever a client sent is replaced. */
export function trustedRequestHeaders(req: Request, _res: Response, next: NextFunction): void {
  req.headers[SECURE_HEADER] = req.secure ? '1' : '0'
  req.headers['x-client-ip'] = req.ip ?? ''
  req.headers[REQUEST_ID_HEADER] = randomUUID()
  // Remix compares an action's Origin with X-Forwarded-Host when there is one: only a trusted proxy may set it
  const trustProxy = req.app.get('trust proxy fn') as (address: string, hop: number) => boolean
  if (!trustProxy(req.socket.remoteAddress ?? '', 0)) delete req.headers['x-forwarded-host']
  next()
}

let randomPool = Buffer.alloc(0)
let randomOffset = 0
/** 128 random bits, base64: taken from a 4 KiB pool, so one call for random bytes serves 256 pages. */
function newNonce(): string {
  if (randomOffset + 16 > randomPool.length) {
    randomPool = randomBytes(4096)
    randomOffset = 0
  }
  randomOffset += 16
  return randomPool.toString('base64', randomOffset - 16, randomOffset)
}

export function securityHeaders(options: SecurityOptions) {
  // The policy is the same for every request but for the nonce: built once, around it.
  const connect = ["'self'", ...options.connectOrigins, ...(options.production ? [] : ['ws:'])]
  const policy = (script: string) =>
    [
      `default-src 'self'`,
      `script-src ${script}`,
      `style-src 'self' 'unsafe-inline'`,
      `img-src 'self' data: blob: ${options.connectOrigins.join(' ')}`.trim(),
      `connect-src ${connect.join(' ')}`,
      `font-src 'self'`,
      `object-src 'none'`,
      `base-uri 'self'`,
      `form-action 'self'`,
      `frame-ancestors 'none'`,
    ].join('; ')
  const [beforeNonce, afterNonce] = policy(options.production ? `'self' 'nonce-NONCE'` : `'self' 'unsafe-inline'`).split('NONCE') as [string, string?]
  return (req: Request, res: Response, next: NextFunction): void => {
    const nonce = newNonce()
    ;(res.locals as RequestLocals).cspNonce = nonce
    res.setHeader('Content-Security-Policy', afterNonce === undefined ? beforeNonce : beforeNonce + nonce + afterNonce)
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('X-Frame-Options', 'DENY')
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
    res.setHeader('Permissions-Policy', 'camera=(self), geolocation=(self), microphone=()')
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
    if (options.production && req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    next()
  }
}

/** The host the request was sent to, as Remix reads it (a trusted proxy's X-Forwarded-Host, else Host). */
function requestHost(req: Request): string {
  return req.get('x-forwarded-host')?.split(',')[0]?.trim() || req.get('host') || ''
}

/** The host[:port] of a URL or an origin; null for 'null' and anything that is not a URL. */
function hostOf(url: string): string | null {
  try {
    return new URL(url).host
  } catch {
    return null
  }
}

const SAME_ORIGIN_SITES = new Set(['same-origin', 'none'])

/**
 * Refuses a state-changing request that a browser says came from another site. An Origin, when
 * sent, must name this host, whatever Sec-Fetch-Site says: 'none' (a request the user started) is
 * no licence for a foreign or 'null' Origin, and Remix would abort such an action with a 500.
 * Old browsers that send neither Sec-Fetch-Site nor Origin still face the CSRF token check in the route.
 */
export function sameOriginOnly(req: Request, res: Response, next: NextFunction): void {
  if (SAFE_METHODS.has(req.method)) return next()
  const site = req.get('sec-fetch-site')
  const origin = req.get('origin')
  const referer = req.get('referer')
  let allowed = true
  if (origin !== undefined) allowed = hostOf(origin) === requestHost(req) && (site === undefined || SAME_ORIGIN_SITES.has(site))
  else if (site !== undefined) allowed = SAME_ORIGIN_SITES.has(site)
  else if (referer !== undefined) allowed = hostOf(referer) === requestHost(req)
  if (allowed) return next()
  res.status(403).type('text/plain').send('Cross-site requests are not allowed.')
}

/** Gives every visitor a signed CSRF cookie; the token goes to the page through the load context. */
export function csrfCookie(req: Request, res: Response, next: NextFunction): void {
  const name = csrfCookieName(req.secure)
  let token = tokenFromCookieValue(cookieFromHeader(req.headers.cookie, name))
  if (!token) {
    const fresh = newCsrfCookieValue()
    token = fresh.token
    const cookie = cookieString(name, fresh.cookieValue, { secure: req.secure })
    res.append('Set-Cookie', cookie)
    // The Remix request is built from req.headers: let this very request carry the new cookie.
    req.headers.cookie = [req.headers.cookie, cookie.slice(0, cookie.indexOf(';'))].filter(Boolean).join('; ')
  }
  ;(res.locals as RequestLocals).csrfToken = token
  next()
}
