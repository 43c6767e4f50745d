// The service worker: the app with no signal (docs/decisions/0038-offline-sheet.md,
// 0047-offline-pages-per-user.md, 0059-photos-and-pages-offline.md).
// - /assets/* (content-hashed names): cache first, kept across users (no user data in them).
// - Every page the user opens (HTML, and the Remix data requests of its routes): network first,
//   the last good copy when the network fails; the newest MAX_PAGES copies are kept, the oldest
//   go first (never a sheet the user is assigned: those are kept again at every pre-cache). A page
//   reached by a link in the page (only its data was asked for) is fetched and kept as a page too:
//   with no signal links load whole pages. A copy answers only its own address (its tab, filter,
//   list page), but for the pages that draw their query on the device (QUERY_ON_DEVICE).
// - Those copies are one user's: the server names the owner of every page and data answer
//   (X-Session-User: a user id, or 'none'). PAGES holds one owner's pages only, with the owner's id
//   beside them; another owner, or the word that the session is gone (an answer for nobody, a
//   redirect to /login, a 401 from /api/), empties it. Offline, a copy is served only to its owner.
//   app/offline/sign-out.ts names PAGES too, and deletes it at sign-out.
// - Installing, it keeps the offline page and home (with their code) before it says it is ready,
//   so a phone that loses its signal a second after signing in still opens home.
// - Asked by the page ({ type: 'precache', userId }), it fetches /api/my-sheets and keeps the
//   user's assigned sheets, section menus and field forms, so they open offline even if never opened.
// - A grower's Customer Notes Form never kept: another grower's copy stands for it (STANDS_FOR).
// - Any other page that cannot be fetched: 'No Data Available', then '/': for a sheet or a form (a
//   page that keeps drafts) /offline.html, the spec's words ('… no draft is saved locally …'); for
//   any other page (a list, a record, a menu) /offline-page.html, which says no word of drafts.
// - Log out with no signal (sign-out.ts): the page is signed out on the device at once (home as a
//   visitor sees it, kept at install); the session is ended on the server before the next request.
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
/**
 * Inside SHELL: a Log out made with no signal (app/offline/sign-out.ts writes it, with
 * the page's CSRF token): the session still has to be ended on the server. Until it is, no request
 * that carries the session cookie goes out before the sign-out does.
 */
const SIGN_OUT_ENTRY = '/__offline/sign-out'
/** Inside SHELL: home as a visitor sees it (signed out), shown with no signal after such a Log out. */
const SIGNED_OUT_HOME = '/__offline/signed-out'
/** Not pages: the API, sign-in and out, files and images, and downloads (CSV, PDF). */
const NOT_A_PAGE = /^\/(?:api|login|logout|blobs|images|assets|auditing\/files|__manifest)(?:[/.]|$)|\.(?:csv|pdf|xlsx?)$/
/** Every place a picker offers (app/routes/api.choices.ts): one user's, kept as their pages are. */
const CHOICES = '/api/choices'
/**
 * Forms whose page for one record stands for any record's with no signal: the page notices it was
 * drawn for another record and takes its own from /api/choices (a grower's Customer Notes Form).
 */
const STANDS_FOR = [/^\/interaction-form\/\d+$/]
/**
 * Pages that draw the choice their query names on the device (a place picker's forms resolve it
 * from /api/choices; a sheet shows its checklist in the page): any copy of the same path stands
 * for another query's. Every other page is its query's own (a tab, a filter, a list's page).
 */
const QUERY_ON_DEVICE = [/^\/(?:service-call|service-form|storage-check-form)$/, /^\/(?:pretreats|review-pre-treat)\/\d+$/]
/** Remix's route look-up (lazy route discovery): asked before a page with a :param in its address posts. */
const MANIFEST = '/__manifest'
/** How many pages one user's copies may hold (a page and its data answers each count). */
const MAX_PAGES = 120
const isPage = (request, url) => request.mode === 'navigate' || url.pathname.endsWith('.data')

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      await (await caches.open(SHELL)).addAll([OFFLINE_PAGE, OFFLINE_OTHER_PAGE])
      await keepSignedOutHome()
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
  if (url.pathname.startsWith('/assets/')) return event.respondWith(cacheFirst(request))
  const answer = handlerOf(request, url)
  if (answer) event.respondWith(signOutFirst(event, () => answer(event, url)))
})

function handlerOf(request, url) {
  // the places a picker offers: kept with the user's pages, for a choice made with no signal
  if (url.pathname === CHOICES) return networkFirst
  if (url.pathname === MANIFEST) return manifestOrOwnRoutes
  if (isPage(request, url) && !NOT_A_PAGE.test(url.pathname) && !url.searchParams.has('format')) return networkFirst
  // every other page, its data and the API: passed on, heard for what they say about the session
  if (request.mode === 'navigate' || url.pathname.endsWith('.data') || url.pathname.startsWith('/api/')) return passOn
  return null
}

// ---- a Log out made with no signal

/**
 * After a Log out made with no signal, the session is ended on the server (POST /logout with the
 * page's CSRF token) before anything else is asked. Still no signal: signed out on the device —
 * a page is home as a visitor sees it, anything else fails.
 */
async function signOutFirst(event, answer) {
  const shell = await caches.open(SHELL)
  const pending = await shell.match(SIGN_OUT_ENTRY)
  if (pending) {
    try {
      const body = new URLSearchParams({ csrf: await pending.text() })
      await fetch('/logout', { method: 'POST', body, credentials: 'same-origin', redirect: 'manual' })
    } catch (error) {
      if (event.request.mode !== 'navigate') throw error
      // any other page: home, where a visitor lands (the copy is drawn for '/' only)
      if (new URL(event.request.url).pathname !== '/') return Response.redirect('/', 302)
      return (await shell.match(SIGNED_OUT_HOME, { ignoreVary: true })) ?? (await offlinePage()) ?? Promise.reject(error)
    }
    await shell.delete(SIGN_OUT_ENTRY)
  }
  return answer()
}

/** Home as a visitor sees it (no cookie sent), for a Log out made with no signal. */
async function keepSignedOutHome() {
  const home = await fetch('/', { credentials: 'omit', cache: 'no-store' }).catch(() => null)
  if (home?.ok && (home.headers.get('content-type') ?? '').startsWith('text/html')) {
    await keepAssetsOf(home.clone()).catch(() => undefined)
    await (await caches.open(SHELL)).put(SIGNED_OUT_HOME, home)
  }
}

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
  pagesKeptAt.clear()
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

/** document URL → when this worker last kept it for a data answer (a page read twice in a minute is fetched once) */
const pagesKeptAt = new Map()
const PAGE_KEPT_FOR_MS = 60_000

/** The page a data answer belongs to, fetched and kept (its data answer was just kept for the same owner). */
async function keepPageOf(dataUrl) {
  const page = new URL(documentPathOf(dataUrl), self.location.origin)
  if (NOT_A_PAGE.test(page.pathname) || Date.now() - (pagesKeptAt.get(page.href) ?? 0) < PAGE_KEPT_FOR_MS) return
  pagesKeptAt.set(page.href, Date.now())
  if (pagesKeptAt.size > MAX_PAGES) pagesKeptAt.delete(pagesKeptAt.keys().next().value)
  await fetchAndKeep(page).catch(() => pagesKeptAt.delete(page.href))
}

async function fetchAndKeep(url) {
  const response = await fetch(url, { cache: 'no-store' })
  await hearAndKeep(url, response, keepable(response) ? response : null)
  return response
}

/**
 * The owner's copy of `url`: the exact URL, else the same query but for the routes Remix names
 * (?_routes=…). Only for a page (not its data): a QUERY_ON_DEVICE page's copy for another query,
 * or a STANDS_FOR form's copy for another record. Never another tab's or filter's copy: a page
 * not kept is the offline page's to answer, not another page's.
 */
async function ownersCopy(url, { navigation = false } = {}) {
  const owner = await currentOwner()
  if (owner === null) return undefined
  const cache = await caches.open(PAGES)
  const cached = (await cache.match(url.href, { ignoreVary: true })) ?? (await sameQuery(cache, url)) ?? (navigation ? await standIn(cache, url) : undefined)
  return cached?.headers.get(OWNER_HEADER) === owner ? cached : undefined
}

/** A page's query as it names the page: Remix's ?_routes=… left out, in one order. */
function queryOf(url) {
  const search = new URLSearchParams(url.search)
  search.delete('_routes')
  search.sort()
  return search.toString()
}

/** A copy of the same path whose query differs only by the routes Remix names. */
async function sameQuery(cache, url) {
  const query = queryOf(url)
  for (const request of await cache.keys(url.href, { ignoreSearch: true, ignoreVary: true })) {
    if (queryOf(new URL(request.url)) === query) return cache.match(request, { ignoreVary: true })
  }
  return undefined
}

/** A kept copy of the same page for another query (QUERY_ON_DEVICE), or of the same form for another record (STANDS_FOR). */
async function standIn(cache, url) {
  if (QUERY_ON_DEVICE.some((pattern) => pattern.test(url.pathname))) return cache.match(url.href, { ignoreSearch: true, ignoreVary: true })
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
    const copy = keepable(response) ? response.clone() : null
    // a link followed in the page asks only for its data: the page itself is kept too, since with no signal links load pages
    event.waitUntil(hearAndKeep(url, response, copy).then(() => (copy && url.pathname.endsWith('.data') ? keepPageOf(url) : undefined)))
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

// ---- which pages show a copy ('as of'): app/offline/offline-copy.tsx asks

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
    pagesKeptAt.clear()
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
    await keepSignedOutHome()
    for (const path of new Set(['/', ...pages, ...sheets])) await fetchAndKeep(new URL(path, self.location.origin))
  } catch {
    precachedAt = 0 // no signal: try again on the next page load
  }
}
