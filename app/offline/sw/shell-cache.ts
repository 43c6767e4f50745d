// The shell cache: the app's code (/assets/, content-hashed, so kept across users), the offline
// pages, and home as a visitor sees it. No user's data.
import { assetsNamedIn } from './answers.ts'
import { SHELL_CACHE, SIGNED_OUT_HOME } from './protocol.ts'
import { OFFLINE_OTHER_PAGE, OFFLINE_PAGE, offlinePageFor } from './requests.ts'

/** Installing: the offline pages and home as a visitor sees it, before the worker says it is ready. */
export async function keepShell(): Promise<void> {
  await (await caches.open(SHELL_CACHE)).addAll([OFFLINE_PAGE, OFFLINE_OTHER_PAGE])
  await keepSignedOutHome()
}

export async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE)
  const cached = await cache.match(request, { ignoreVary: true })
  if (cached) return cached
  const response = await fetch(request)
  if (response.ok) await cache.put(request, response.clone())
  return response
}

/** Home as a visitor sees it (no cookie sent), for a Log out made with no signal. */
export async function keepSignedOutHome(): Promise<void> {
  const home = await fetch('/', { credentials: 'omit', cache: 'no-store' }).catch(() => null)
  if (home?.ok && (home.headers.get('content-type') ?? '').startsWith('text/html')) {
    await keepAssetsOf(home.clone()).catch(() => undefined)
    await (await caches.open(SHELL_CACHE)).put(SIGNED_OUT_HOME, home)
  }
}

export const signedOutHome = async () => (await caches.open(SHELL_CACHE)).match(SIGNED_OUT_HOME, { ignoreVary: true })

/**
 * The /assets/ files a page names (scripts, module preloads, styles): a page kept for offline must
 * find its own code offline too, even when it was loaded before this worker controlled it.
 */
export async function keepAssetsOf(response: Response): Promise<void> {
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return
  const names = assetsNamedIn(await response.text())
  const shell = await caches.open(SHELL_CACHE)
  for (const name of names) {
    if (await shell.match(name, { ignoreVary: true })) continue
    const asset = await fetch(name).catch(() => null)
    if (asset?.ok) await shell.put(name, asset)
  }
}

/** 'No Data Available', for an address with no copy: the words of drafts for a page that keeps them. */
export const offlinePage = (url: URL) => caches.match(offlinePageFor(url), { ignoreVary: true })
