// The service worker: the application sheet with no signal (docs/decisions/0038-offline-sheet.md,
// 0047-offline-pages-per-user.md).
// - /assets/* (content-hashed names): cache first, kept across users (no user data in them).
// - The pages a sheet needs ('/', /pretreats/{id}) and their Remix data requests: network first,
//   the last good copy when the network fails.
// - Those copies are one user's: the server names the owner of every page and data answer
//   (X-Session-User: a user id, or 'none'). PAGES holds one owner's pages only, with the owner's id
//   beside them; another owner, or the word that the session is gone (an answer for nobody, a
//   redirect to /login, a 401 from /api/), empties it. Offline, a copy is served only to its owner.
//   app/components/offline/sign-out.ts names PAGES too, and deletes it at sign-out.
// - Installing, it keeps the offline page and home (with their code) before it says it is ready,
//   so a phone that loses its signal a second after signing in still opens home.
// - Asked by the page ({ type: 'precache', userId }), it fetches /api/my-sheets and keeps the
//   user's assigned sheets, so they open offline even if never opened.
// - Any other page that cannot be fetched: /offline.html, the spec's 'No Data Available', then '/'.
const SHELL = 'shell-v2'
const PAGES = 'pages-v2'
const OFFLINE_PAGE = '/offline.html'
const OWNER_HEADER = 'X-Session-User'
/** Inside PAGES: whose pages they are. */
const OWNER_ENTRY = '/__offline/owner'
const PAGE = /^\/(?:_root\.data|pretreats\/\d+(?:\.data)?)?$/

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      await (await caches.open(SHELL)).add(OFFLINE_PAGE)
      // home, for whoever is signed in on the page that registered this worker (no signal: later)
      await fetchAndKeep(new URL('/', self.location.origin)).catch(() => undefined)
      await self.skipWaiting()
    })(),
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
  // every other page, its data and the API: passed on, heard for what they say about the session
  else if (request.mode === 'navigate' || url.pathname.endsWith('.data') || url.pathname.startsWith('/api/')) event.respondWith(passOn(event))
})

async function cacheFirst(request) {
  const cache = await caches.open(SHELL)
  const cached = await cache.match(request, { ignoreVary: true })
  if (cached) return cached
  const response = await fetch(request)
  if (response.ok) await cache.put(request, response.clone())
  return response
}

// ---- whose pages PAGES holds

/** One change of PAGES at a time: an answer for another owner must not interleave with a copy being kept. */
let chain = Promise.resolve()
function serially(work) {
  const next = chain.then(work, work)
  chain = next.catch(() => undefined)
  return next
}

/** What an answer says about the session: 'gone', the owner's id, or null when it says nothing. */
function ownerOf(response) {
  if (response.status === 401) return 'gone'
  if (response.redirected && new URL(response.url).pathname === '/login') return 'gone'
  // a Remix data request redirected (single fetch answers 202 with the Location)
  if (response.status === 202 && (response.headers.get('Location') ?? '').startsWith('/login')) return 'gone'
  const owner = response.headers.get(OWNER_HEADER)
  if (owner === 'none') return 'gone'
  return owner !== null && /^\d+$/.test(owner) ? owner : null
}

async function currentOwner() {
  const entry = await (await caches.open(PAGES)).match(OWNER_ENTRY)
  return entry ? entry.text() : null
}

/** The pages are now `owner`'s: another owner's go first. 'gone': they all go. */
async function learnOwner(owner) {
  if (owner === null) return
  const current = await currentOwner()
  if (current === owner) return
  await caches.delete(PAGES)
  if (owner === 'gone') return tellPages({ type: 'owner', owner })
  await (await caches.open(PAGES)).put(OWNER_ENTRY, new Response(owner))
  if (current !== null) await tellPages({ type: 'owner', owner })
}

async function tellPages(message) {
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message)
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

/** Hears what the answer says about the session, then keeps the copy if it is the current owner's; the page's code first. */
function hearAndKeep(url, response, copy) {
  return serially(async () => {
    const owner = ownerOf(response)
    await learnOwner(owner)
    if (!copy || owner === null || owner === 'gone') return
    await keepAssetsOf(copy.clone()).catch(() => undefined)
    if ((await currentOwner()) === owner) await (await caches.open(PAGES)).put(url.href, copy)
  })
}

async function fetchAndKeep(url) {
  const response = await fetch(url, { cache: 'no-store' })
  await hearAndKeep(url, response, keepable(response) ? response : null)
  return response
}

/** The owner's copy of `url` (the exact URL, else the same path with another query: ?view=checklist, ?_routes=…). */
async function ownersCopy(url) {
  const owner = await currentOwner()
  if (owner === null) return undefined
  const cache = await caches.open(PAGES)
  const cached = (await cache.match(url.href, { ignoreVary: true })) ?? (await cache.match(url.href, { ignoreSearch: true, ignoreVary: true }))
  return cached?.headers.get(OWNER_HEADER) === owner ? cached : undefined
}

const offlinePage = () => caches.match(OFFLINE_PAGE, { ignoreVary: true })

async function networkFirst(event, url) {
  const request = event.request
  try {
    const response = await fetch(request)
    event.waitUntil(hearAndKeep(url, response, keepable(response) ? response.clone() : null))
    return response
  } catch (error) {
    const cached = await ownersCopy(url)
    if (cached) return cached
    if (request.mode === 'navigate') return (await offlinePage()) ?? Promise.reject(error)
    throw error
  }
}

async function passOn(event) {
  try {
    const response = await fetch(event.request)
    event.waitUntil(hearAndKeep(new URL(event.request.url), response, null))
    return response
  } catch (error) {
    if (event.request.mode === 'navigate') return (await offlinePage()) ?? Promise.reject(error)
    throw error
  }
}

// ---- messages from the pages

let precachedFor = null
let precachedAt = 0

self.addEventListener('message', (event) => {
  const message = event.data ?? {}
  if (message.type === 'claim') event.waitUntil(self.clients.claim())
  if (message.type === 'precache') event.waitUntil(precache(message.userId))
  if (message.type === 'signed-out') {
    precachedFor = null
    event.waitUntil(serially(() => caches.delete(PAGES)))
  }
})

/** At most once a minute per user: every page load asks. */
async function precache(userId) {
  if (precachedFor === userId && Date.now() - precachedAt < 60_000) return
  precachedFor = userId
  precachedAt = Date.now()
  try {
    const answer = await fetch('/api/my-sheets', { cache: 'no-store' })
    await serially(() => learnOwner(ownerOf(answer)))
    if (!answer.ok) return
    const { sheets } = await answer.json()
    for (const path of ['/', ...sheets]) await fetchAndKeep(new URL(path, self.location.origin))
  } catch {
    precachedAt = 0 // no signal: try again on the next page load
  }
}
