// The service worker: the application sheet with no signal (docs/decisions/0038-offline-sheet.md).
// - /assets/* (content-hashed names): cache first, kept across users (no user data in them).
// - The pages a sheet needs ('/', /pretreats/{id}) and their Remix data requests: network first,
//   the last good copy when the network fails. Per user: app/components/offline/sign-out.ts deletes
//   PAGES at sign-out (the name is repeated there).
// - Asked by the page ({ type: 'precache', userId }), it fetches /api/my-sheets and caches the
//   user's assigned sheets, so they open offline even if never opened.
// - A sheet neither cached nor reachable: /offline.html, the spec's 'No Data Available', then '/'.
const SHELL = 'shell-v1'
const PAGES = 'pages-v1'
const OFFLINE_PAGE = '/offline.html'
const SHEET = /^\/pretreats\/\d+$/
const PAGE = /^\/(?:_root\.data|pretreats\/\d+(?:\.data)?)?$/

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.add(OFFLINE_PAGE))
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== SHELL && name !== PAGES) await caches.delete(name)
      await self.clients.claim()
    })(),
  )
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request))
  else if (PAGE.test(url.pathname)) event.respondWith(networkFirst(event, url))
})

async function cacheFirst(request) {
  const cache = await caches.open(SHELL)
  const cached = await cache.match(request, { ignoreVary: true })
  if (cached) return cached
  const response = await fetch(request)
  if (response.ok) await cache.put(request, response.clone())
  return response
}

/** A copy worth keeping: the page itself, not a sign-in redirect nor an error. */
const keepable = (response) => response.ok && !response.redirected && response.type === 'basic'

/**
 * The /assets/ files a page names (scripts, module preloads, styles): a page kept for offline must
 * find its own code offline too, even when it was loaded before this worker controlled it.
 */
async function keepAssetsOf(response) {
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return
  const names = new Set((await response.text()).match(/\/assets\/[\w.-]+/g) ?? [])
  const shell = await caches.open(SHELL)
  for (const name of names) {
    if (await shell.match(name, { ignoreVary: true })) continue
    const asset = await fetch(name).catch(() => null)
    if (asset?.ok) await shell.put(name, asset)
  }
}

/** The page's code first, then the page: a page found in the cache has its code there too. */
async function keepPage(cache, url, response) {
  await keepAssetsOf(response.clone()).catch(() => undefined)
  await cache.put(url.href, response)
}

async function networkFirst(event, url) {
  const request = event.request
  const cache = await caches.open(PAGES)
  try {
    const response = await fetch(request)
    if (keepable(response)) event.waitUntil(keepPage(cache, url, response.clone()))
    return response
  } catch (error) {
    // the exact URL, else the same path with another query (?view=checklist, ?_routes=…)
    const cached = (await cache.match(url.href, { ignoreVary: true })) ?? (await cache.match(url.href, { ignoreSearch: true, ignoreVary: true }))
    if (cached) return cached
    if (request.mode === 'navigate' && SHEET.test(url.pathname)) {
      const fallback = await caches.match(OFFLINE_PAGE, { ignoreVary: true })
      if (fallback) return fallback
    }
    throw error
  }
}

let precachedFor = null
let precachedAt = 0

self.addEventListener('message', (event) => {
  const message = event.data ?? {}
  if (message.type === 'claim') event.waitUntil(self.clients.claim())
  if (message.type === 'precache') event.waitUntil(precache(message.userId))
  if (message.type === 'signed-out') {
    precachedFor = null
    event.waitUntil(caches.delete(PAGES))
  }
})

/** At most once a minute per user: every page load asks. */
async function precache(userId) {
  if (precachedFor === userId && Date.now() - precachedAt < 60_000) return
  precachedFor = userId
  precachedAt = Date.now()
  try {
    const answer = await fetch('/api/my-sheets', { cache: 'no-store' })
    if (!answer.ok) return
    const { sheets } = await answer.json()
    const cache = await caches.open(PAGES)
    for (const path of ['/', ...sheets]) {
      const url = new URL(path, self.location.origin)
      const response = await fetch(url, { cache: 'no-store' })
      if (keepable(response)) await keepPage(cache, url, response)
    }
  } catch {
    precachedAt = 0 // no signal: try again on the next page load
  }
}
