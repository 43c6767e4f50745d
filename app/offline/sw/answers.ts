// What an answer from the server tells the service worker: whose session it was, and whether it is
// a copy worth keeping for offline. Pure, for the unit tests.
import { SESSION_USER_HEADER } from '#core/session-user.ts'
import { CHOICES } from './requests.ts'

/** What an answer says about the session: 'gone', the owner's id, or null when it says nothing. */
export function ownerOf(response: Response): string | null {
  if (response.status === 401) return 'gone'
  if (response.redirected && new URL(response.url).pathname === '/login') return 'gone'
  // a Remix data request redirected (single fetch answers 202 with the Location)
  if (response.status === 202 && (response.headers.get('Location') ?? '').startsWith('/login')) return 'gone'
  const owner = response.headers.get(SESSION_USER_HEADER)
  if (owner === 'none') return 'gone'
  return owner !== null && /^\d+$/.test(owner) ? owner : null
}

/** A copy worth keeping: the page itself (HTML or route data), not a sign-in redirect, an error nor a download. */
export const keepable = (response: Response) =>
  response.ok &&
  !response.redirected &&
  response.type === 'basic' &&
  (/^(?:text\/html|text\/x-script)/.test(response.headers.get('content-type') ?? '') || new URL(response.url).pathname === CHOICES) &&
  !(response.headers.get('content-disposition') ?? '').startsWith('attachment')

/** The copy's 'as of': the server's Date on it, else now (a copy kept without one). */
export const drawnAt = (copy: Response, now = new Date()) => copy.headers.get('date') ?? now.toUTCString()

/** The /assets/ files a page names (scripts, module preloads, styles). */
export const assetsNamedIn = (html: string) => new Set(html.match(/\/assets\/[\w.-]+/g) ?? [])

/**
 * Remix's answer to a data request that redirects with a full page load (single fetch's
 * turbo-stream encoding of { redirect, status: 302, reload: true }): the router leaves the
 * client-side navigation and the browser asks for the page itself, which the worker answers.
 */
export function reloadDocument(path: string): Response {
  const body = `[["SingleFetchRedirect",1],{"_2":3,"_4":5,"_6":7,"_8":9,"_10":7},"redirect",${JSON.stringify(path)},"status",302,"revalidate",false,"reload",true,"replace"]\n`
  return new Response(body, { status: 202, headers: { 'Content-Type': 'text/x-script', 'X-Remix-Response': 'yes' } })
}
