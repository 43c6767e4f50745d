// A signed-in visitor without a browser: fetch with a cookie jar. Signed in by session when the app
// is one this test process started (tests/support/apps.ts), else (benchmarks) through the real
// login form, its CSRF field and cookie, the way a browser without JavaScript does.
import { isTestApp, sessionToken } from './apps.ts'

export interface HttpSession {
  /** GET (or any method) with the session's cookies; redirects are not followed */
  fetch(path: string, init?: RequestInit): Promise<Response>
  /** the CSRF token of the session's cookie, for posting forms */
  csrfToken(): Promise<string>
}

export async function httpSession(baseUrl: string, username?: string, password = 'demo-pass-1'): Promise<HttpSession> {
  const jar = new Map<string, string>()
  const send = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '))
    if (init.method && init.method !== 'GET') headers.set('origin', baseUrl)
    const response = await fetch(new URL(path, baseUrl), { ...init, headers, redirect: 'manual' })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const eq = pair!.indexOf('=')
      const value = pair!.slice(eq + 1)
      if (/max-age=0/i.test(cookie) || value === '') jar.delete(pair!.slice(0, eq))
      else jar.set(pair!.slice(0, eq), value)
    }
    return response
  }
  /** Read from a page's form: the login form signed out, the top bar's sign-out form signed in. */
  const csrfToken = async () => {
    const login = await send('/login')
    const html = await (login.status === 200 ? login : await send('/')).text()
    const token = /name="csrf" value="([^"]+)"/.exec(html)?.[1]
    if (!token) throw new Error('No CSRF field on /login or /')
    return token
  }
  if (username && isTestApp(baseUrl)) {
    jar.set('sid', await sessionToken(baseUrl, username))
  } else if (username) {
    const body = new URLSearchParams({ csrf: await csrfToken(), username, password, redirectTo: '/' })
    const response = await send('/login', { method: 'POST', body })
    if (response.status !== 302 && response.status !== 303) throw new Error(`Sign-in as ${username} answered ${response.status}`)
  }
  return { fetch: send, csrfToken }
}

/** The same-origin link targets of a page (a[href]), decoded, without fragments. */
export function linksOf(html: string): string[] {
  const hrefs = [...html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)].map((m) =>
    m[1]!
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'"),
  )
  return [...new Set(hrefs.filter((h) => h.startsWith('/') && !h.startsWith('//')).map((h) => h.split('#')[0]!))]
}
