// A Log out made with no signal (app/offline/sign-out.ts, decision 0081): the page is signed out on
// the device at once (home as a visitor sees it, kept at install); the session is ended on the
// server before the next request.
import { SHELL_CACHE, SIGN_OUT_ENTRY } from './protocol.ts'
import { offlinePage, signedOutHome } from './shell-cache.ts'

/**
 * After a Log out made with no signal, the session is ended on the server (POST /logout with the
 * page's CSRF token) before anything else is asked. Still no signal: signed out on the device —
 * a page is home as a visitor sees it, anything else fails.
 */
export async function signOutFirst(request: Request, answer: () => Promise<Response>): Promise<Response> {
  const shell = await caches.open(SHELL_CACHE)
  const pending = await shell.match(SIGN_OUT_ENTRY)
  if (pending) {
    try {
      const body = new URLSearchParams({ csrf: await pending.text() })
      await fetch('/logout', { method: 'POST', body, credentials: 'same-origin', redirect: 'manual' })
    } catch (error) {
      if (request.mode !== 'navigate') throw error
      // any other page: home, where a visitor lands (the copy is drawn for '/' only)
      const url = new URL(request.url)
      if (url.pathname !== '/') return Response.redirect('/', 302)
      return (await signedOutHome()) ?? (await offlinePage(url)) ?? Promise.reject(error)
    }
    await shell.delete(SIGN_OUT_ENTRY)
  }
  return answer()
}
