// The pages cache: the copies of every page the user opened (HTML, and the Remix data of its
// routes), one user's only (decisions 0047, 0081). The server names the owner of every page and
// data answer (X-Session-User); another owner, or the word that the session is gone, empties it.
// Offline, a copy is served only to its owner. The newest MAX_PAGES copies are kept.
import { SESSION_USER_HEADER } from '#core/session-user.ts'
import { keepable, ownerOf } from './answers.ts'
import { OWNER_ENTRY, PAGES_CACHE } from './protocol.ts'
import { documentPathOf, isKeptPage, queryOf, QUERY_ON_DEVICE, STANDS_FOR } from './requests.ts'
import { origin, tellPages } from './scope.ts'
import { keepAssetsOf } from './shell-cache.ts'

/** How many pages one user's copies may hold (a page and its data answers each count). */
export const MAX_PAGES = 120

/** One change of the pages cache at a time: an answer for another owner must not interleave with a copy being kept. */
let chain: Promise<unknown> = Promise.resolve()
export function serially<T>(work: () => Promise<T>): Promise<T> {
  const next = chain.then(work, work)
  chain = next.catch(() => undefined)
  return next
}

async function currentOwner(): Promise<string | null> {
  const entry = await (await caches.open(PAGES_CACHE)).match(OWNER_ENTRY)
  return entry ? entry.text() : null
}

/** The user signed out: every copy goes. */
export function forgetPages(): Promise<boolean> {
  pagesKeptAt.clear()
  return serially(() => caches.delete(PAGES_CACHE))
}

/** The pages are now `owner`'s: another owner's go first. 'gone': they all go. */
export async function learnOwner(owner: string | null): Promise<void> {
  if (owner === null) return
  const current = await currentOwner()
  if (current === owner) return
  await caches.delete(PAGES_CACHE)
  pagesKeptAt.clear()
  if (owner === 'gone') return tellPages({ type: 'owner', owner })
  await (await caches.open(PAGES_CACHE)).put(OWNER_ENTRY, new Response(owner))
  if (current !== null) await tellPages({ type: 'owner', owner })
}

/** Hears what the answer says about the session, then keeps the copy if it is the current owner's; the page's code first. */
export function hearAndKeep(url: URL, response: Response, copy: Response | null): Promise<void> {
  return serially(async () => {
    const owner = ownerOf(response)
    await learnOwner(owner)
    if (!copy || owner === null || owner === 'gone') return
    await keepAssetsOf(copy.clone()).catch(() => undefined)
    if ((await currentOwner()) !== owner) return
    const pages = await caches.open(PAGES_CACHE)
    await pages.delete(url.href) // put again: the newest at the end of the cache's order
    await pages.put(url.href, copy)
    await evictOldest(pages)
  })
}

/** Keeps the newest MAX_PAGES copies (the cache lists its keys in the order they were put). */
async function evictOldest(pages: Cache): Promise<void> {
  const keys = (await pages.keys()).filter((request) => !request.url.endsWith(OWNER_ENTRY))
  for (const request of keys.slice(0, Math.max(0, keys.length - MAX_PAGES))) await pages.delete(request)
}

/** document URL → when this worker last kept it for a data answer (a page read twice in a minute is fetched once) */
const pagesKeptAt = new Map<string, number>()
const PAGE_KEPT_FOR_MS = 60_000

/** The page a data answer belongs to, fetched and kept (its data answer was just kept for the same owner). */
export async function keepPageOf(dataUrl: URL): Promise<void> {
  const page = new URL(documentPathOf(dataUrl), origin())
  if (!isKeptPage(page.pathname) || Date.now() - (pagesKeptAt.get(page.href) ?? 0) < PAGE_KEPT_FOR_MS) return
  pagesKeptAt.set(page.href, Date.now())
  if (pagesKeptAt.size > MAX_PAGES) pagesKeptAt.delete(pagesKeptAt.keys().next().value!)
  await fetchAndKeep(page).catch(() => pagesKeptAt.delete(page.href))
}

export async function fetchAndKeep(url: URL): Promise<Response> {
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
export async function ownersCopy(url: URL, { navigation = false } = {}): Promise<Response | undefined> {
  const owner = await currentOwner()
  if (owner === null) return undefined
  const cache = await caches.open(PAGES_CACHE)
  const cached = (await cache.match(url.href, { ignoreVary: true })) ?? (await sameQuery(cache, url)) ?? (navigation ? await standIn(cache, url) : undefined)
  return cached?.headers.get(SESSION_USER_HEADER) === owner ? cached : undefined
}

/** A copy of the same path whose query differs only by the routes Remix names. */
async function sameQuery(cache: Cache, url: URL): Promise<Response | undefined> {
  const query = queryOf(url)
  for (const request of await cache.keys(url.href, { ignoreSearch: true, ignoreVary: true })) {
    if (queryOf(new URL(request.url)) === query) return cache.match(request, { ignoreVary: true })
  }
  return undefined
}

/** A kept copy of the same page for another query (QUERY_ON_DEVICE), or of the same form for another record (STANDS_FOR). */
async function standIn(cache: Cache, url: URL): Promise<Response | undefined> {
  if (QUERY_ON_DEVICE.some((pattern) => pattern.test(url.pathname))) return cache.match(url.href, { ignoreSearch: true, ignoreVary: true })
  const form = STANDS_FOR.find((pattern) => pattern.test(url.pathname))
  if (!form) return undefined
  for (const request of await cache.keys()) {
    if (form.test(new URL(request.url).pathname)) return cache.match(request, { ignoreVary: true })
  }
  return undefined
}
