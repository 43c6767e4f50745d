// The service worker: the app with no signal (docs/decisions/0038-offline-sheet.md,
// 0047-offline-pages-per-user.md, 0059-photos-and-pages-offline.md).
// - /assets/* (content-hashed names): cache first, kept across users (no user data in them).
// - Every page the user opens (HTML, and the Remix data requests of its routes): network first,
//   the last good copy when the network fails; the newest MAX_PAGES copies are kept, the oldest
//   go first (never a sheet the user is assigned: those are kept again at every pre-cache).
// - Those copies are one user's: the server names the owner of every page and data answer
//   (X-Session-User: a user id, or 'none'). PAGES holds one owner's pages only, with the owner's id
//   beside them; another owner, or the word that the session is gone (an answer for nobody, a
//   redirect to /login, a 401 from /api/), empties it. Offline, a copy is served only to its owner.
//   app/components/offline/sign-out.ts names PAGES too, and deletes it at sign-out.
// - Installing, it keeps the offline page and home (with their code) before it says it is ready,
//   so a phone that loses its signal a second after signing in still opens home.
// - Asked by the page ({ type: 'precache', userId }), it fetches /api/my-sheets and keeps the
//   user's assigned sheets, section menus and field forms, so they open offline even if never opened.
// - A grower's Customer Notes Form never kept: another grower's copy stands for it (STANDS_FOR).
// - Any other page that cannot be fetched: 'No Data Available', then '/': for a sheet or a form (a
//   page that keeps drafts) /offline.html, the spec's words ('… no draft is saved locally …'); for
//   any other page (a list, a record, a menu) /offline-page.html, which says no word of drafts.
// - Remix's route look-up with no signal: for the asking page's own address 'nothing new' (its
//   routes came with it), so a form read from the device posts to its outbox; for a STANDS_FOR
//   form, 'load it as a document', which another record's copy then answers.
const SHELL = 'shell-v2'
const PAGES = 'pages-v3'
const OFFLINE_PAGE = '/offline.html'
const OFFLINE_OTHER_PAGE = '/offline-page.html'
/** The pages that keep drafts on the device: the application sheet, a restart, the new call and the field forms (…-form). */
const DRAFT_PAGE = /^\/(?:pretreats\/\d+|restarts\/\d+|service-call|[a-z-]+-form(?:\/[^/]+)?)\/?$/
const OWNER_HEADER = 'X-Session-User'
/** Inside PAGES: whose pages they are. */
const OWNER_ENTRY = '/__offline/owner'
/** Not pages: the API, sign-in and out, files and images, and downloads (CSV, PDF). */
const NOT_A_PAGE = /^\/(?:api|login|logout|blobs|images|assets|auditing\/files|__manifest)(?:[/.]|$)|\.(?:csv|pdf|xlsx?)$/
/** Every place a picker offers (app/routes/api.choices.ts): one user's, kept as their pages are. */
const CHOICES = '/api/choices'
/**
 * Forms whose page for one record stands for any record's with no signal: the page notices it was
 * drawn for another record and takes its own from /api/choices (a grower's Customer Notes Form).
 */
const STANDS_FOR = [/^\/interaction-form\/\d+$/]
/** Remix's route look-up (lazy route discovery): asked before a page with a :param in its address posts. */
const MANIFEST = '/__manifest'
/** How many pages one user's copies may hold (a page and its data answers each count). */
const MAX_PAGES = 120
const isPage = (request, url) => request.mode === 'navigate' || url.pathname.endsWith('.data')

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      await (await caches.open(SHELL)).addAll([OFFLINE_PAGE, OFFLINE_OTHER_PAGE])
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
  // the places a picker offers: kept with the user's pages, for a choice made with no signal
  else if (url.pathname === CHOICES) event.respondWith(networkFirst(event, url))
  else if (url.pathname === MANIFEST) event.respondWith(manifestOrOwnRoutes(event, url))
  else if (isPage(request, url) && !NOT_A_PAGE.test(url.pathname) && !url.searchParams.has('format')) event.respondWith(networkFirst(event, url))
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

/** A copy worth keeping: the page itself (HTML or route data), not a sign-in redirect, an error nor a download. */
const keepable = (response) =>
  response.ok &&
  !response.redirected &&
  response.type === 'basic' &&
  (/^(?:text\/html|text\/x-script)/.test(response.headers.get('content-type') ?? '') || new URL(response.url).pathname === CHOICES) &&
  !(response.headers.get('content-disposition') ?? '').startsWith('attachment')

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
    if ((await currentOwner()) !== owner) return
    const pages = await caches.open(PAGES)
    await pages.delete(url.href) // put again: the newest at the end of the cache's order
    await pages.put(url.href, copy)
    await evictOldest(pages)
  })
}

/** Keeps the newest MAX_PAGES copies (the cache lists its keys in the order they were put). */
async function evictOldest(pages) {
  const keys = (await pages.keys()).filter((request) => !request.url.endsWith(OWNER_ENTRY))
  for (const request of keys.slice(0, Math.max(0, keys.length - MAX_PAGES))) await pages.delete(request)
}

async function fetchAndKeep(url) {
  const response = await fetch(url, { cache: 'no-store' })
  await hearAndKeep(url, response, keepable(response) ? response : null)
  return response
}

/**
 * The owner's copy of `url` (the exact URL, else the same path with another query: ?view=checklist,
 * ?_routes=…); for a page of a STANDS_FOR form, another record's copy of the same form.
 */
async function ownersCopy(url, { navigation = false } = {}) {
  const owner = await currentOwner()
  if (owner === null) return undefined
  const cache = await caches.open(PAGES)
  const cached = (await cache.match(url.href, { ignoreVary: true })) ?? (await cache.match(url.href, { ignoreSearch: true, ignoreVary: true })) ?? (navigation ? await standIn(cache, url) : undefined)
  return cached?.headers.get(OWNER_HEADER) === owner ? cached : undefined
}

/** A kept copy of the same form for another record, when `url` is a STANDS_FOR form's page. */
async function standIn(cache, url) {
  const form = STANDS_FOR.find((pattern) => pattern.test(url.pathname))
  if (!form) return undefined
  for (const request of await cache.keys()) {
    if (form.test(new URL(request.url).pathname)) return cache.match(request, { ignoreVary: true })
  }
  return undefined
}

const offlinePage = (url) => caches.match(DRAFT_PAGE.test(url.pathname) ? OFFLINE_PAGE : OFFLINE_OTHER_PAGE, { ignoreVary: true })

/**
 * The route look-up, or with no signal: for the page's own address, 'nothing new' (its routes came
 * with the page, so a form on a copy read from the device, a restart never opened online, posts to
 * its own address and reaches the outbox); for another address, Remix's 'load it as a document'
 * (the page then comes from the device: its copy, another record's copy of the same form, or the
 * offline page).
 */
async function manifestOrOwnRoutes(event, url) {
  try {
    return await fetch(event.request)
  } catch (error) {
    const client = event.clientId ? await self.clients.get(event.clientId) : null
    const asked = url.searchParams.getAll('p')
    if (client && asked.length > 0 && asked.every((p) => p === new URL(client.url).pathname)) return Response.json({}, { headers: { 'Cache-Control': 'no-store' } })
    if (asked.length === 1 && STANDS_FOR.some((form) => form.test(asked[0]))) return new Response(null, { status: 204, headers: { 'X-Remix-Reload-Document': 'true', 'Cache-Control': 'no-store' } })
    throw error
  }
}

async function networkFirst(event, url) {
  const request = event.request
  const client = event.resultingClientId || event.clientId
  try {
    const response = await fetch(request)
    event.waitUntil(hearAndKeep(url, response, keepable(response) ? response.clone() : null))
    // a page that showed a copy reads the server again: it no longer says 'as of'
    if (copies.delete(client)) event.waitUntil(self.clients.get(client).then((c) => c?.postMessage({ type: 'copy', at: null })))
    return response
  } catch (error) {
    const cached = await ownersCopy(url, { navigation: request.mode === 'navigate' })
    if (cached) {
      if (isPage(request, url)) event.waitUntil(servedCopy(client, cached.headers.get('date')))
      return cached
    }
    if (request.mode === 'navigate') return (await offlinePage(url)) ?? Promise.reject(error)
    // a page's data with no copy (a link followed in the page): the whole page instead, from the device or the offline page
    if (url.pathname.endsWith('.data')) return reloadDocument(documentPathOf(url))
    throw error
  }
}

// ---- which pages show a copy ('as of'): app/components/offline/offline-copy.tsx asks

/** client id → the Date of the copy it was given (the server's, when it was drawn) */
const copies = new Map()

async function servedCopy(clientId, date) {
  if (!clientId) return
  copies.set(clientId, date ?? new Date().toUTCString())
  // a page already open (its data read from a copy) is told at once; a new one asks when it starts
  const client = await self.clients.get(clientId)
  client?.postMessage({ type: 'copy', at: copies.get(clientId) })
}

/** '/pretreats.data?_routes=…&q=1' → '/pretreats?q=1'; '/_root.data' → '/'. */
function documentPathOf(url) {
  const path = url.pathname === '/_root.data' ? '/' : url.pathname.replace(/\.data$/, '')
  const search = new URLSearchParams(url.search)
  search.delete('_routes')
  const query = search.toString()
  return query ? `${path}?${query}` : path
}

/**
 * Remix's answer to a data request that redirects with a full page load (single fetch's
 * turbo-stream encoding of { redirect, status: 302, reload: true }): the router leaves the
 * client-side navigation and the browser asks for the page itself, which this worker answers.
 */
function reloadDocument(path) {
  const body = `[["SingleFetchRedirect",1],{"_2":3,"_4":5,"_6":7,"_8":9,"_10":7},"redirect",${JSON.stringify(path)},"status",302,"revalidate",false,"reload",true,"replace"]\n`
  return new Response(body, { status: 202, headers: { 'Content-Type': 'text/x-script', 'X-Remix-Response': 'yes' } })
}

async function passOn(event) {
  try {
    const response = await fetch(event.request)
    event.waitUntil(hearAndKeep(new URL(event.request.url), response, null))
    return response
  } catch (error) {
    if (event.request.mode === 'navigate') return (await offlinePage(new URL(event.request.url))) ?? Promise.reject(error)
    throw error
  }
}

// ---- messages from the pages

let precachedFor = null
let precachedAt = 0

self.addEventListener('message', (event) => {
  const message = event.data ?? {}
  if (message.type === 'claim') event.waitUntil(self.clients.claim())
  if (message.type === 'copy?') event.source?.postMessage({ type: 'copy', at: copies.get(event.source.id) ?? null })
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
    const { sheets, pages = [] } = await answer.json()
    for (const path of new Set(['/', ...pages, ...sheets])) await fetchAndKeep(new URL(path, self.location.origin))
  } catch {
    precachedAt = 0 // no signal: try again on the next page load
  }
}
