// Which requests the service worker answers, and how (decisions 0038, 0047, 0059, 0081). Pure: no
// cache, no fetch, so the unit tests read each rule.

/** The pages that keep drafts on the device: the application sheet, a restart, the new call and the field forms (…-form). */
const DRAFT_PAGE = /^\/(?:pretreats\/\d+|restarts\/\d+|service-call|[a-z-]+-form(?:\/[^/]+)?)\/?$/
/** Not pages: the API, sign-in and out, files and images, and downloads (CSV, PDF). */
const NOT_A_PAGE = /^\/(?:api|login|logout|blobs|images|assets|auditing\/files|__manifest)(?:[/.]|$)|\.(?:csv|pdf|xlsx?)$/
/** Every place a picker offers (app/routes/api.choices.ts): one user's, kept as their pages are. */
export const CHOICES = '/api/choices'
/** Remix's route look-up (lazy route discovery): asked before a page with a :param in its address posts. */
const MANIFEST = '/__manifest'
/**
 * Forms whose page for one record stands for any record's with no signal: the page notices it was
 * drawn for another record and takes its own from /api/choices (a grower's Customer Notes Form).
 */
export const STANDS_FOR = [/^\/interaction-form\/\d+$/]
/**
 * Pages that draw the choice their query names on the device (a place picker's forms resolve it
 * from /api/choices; a sheet shows its checklist in the page): any copy of the same path stands
 * for another query's. Every other page is its query's own (a tab, a filter, a list's page).
 */
export const QUERY_ON_DEVICE = [/^\/(?:service-call|service-form|storage-check-form)$/, /^\/(?:pretreats|review-pre-treat)\/\d+$/]

export const OFFLINE_PAGE = '/offline.html'
export const OFFLINE_OTHER_PAGE = '/offline-page.html'

/** How the worker answers a GET of its own origin; null: not at all (the browser asks the network). */
export type Handling = 'cache-first' | 'network-first' | 'own-routes' | 'pass-on' | null

type Asked = Pick<Request, 'method' | 'mode'>

/** A page or a page's data (a Remix data request), as opposed to a script, an image, the API. */
export const isPage = (request: Asked, url: URL) => request.mode === 'navigate' || url.pathname.endsWith('.data')

export function handlingOf(request: Asked, url: URL, origin: string): Handling {
  if (request.method !== 'GET' || url.origin !== origin) return null
  // content-hashed names: cache first, kept across users
  if (url.pathname.startsWith('/assets/')) return 'cache-first'
  // the places a picker offers: kept with the user's pages, for a choice made with no signal
  if (url.pathname === CHOICES) return 'network-first'
  if (url.pathname === MANIFEST) return 'own-routes'
  if (isPage(request, url) && !NOT_A_PAGE.test(url.pathname) && !url.searchParams.has('format')) return 'network-first'
  // every other page, its data and the API: passed on, heard for what they say about the session
  if (request.mode === 'navigate' || url.pathname.endsWith('.data') || url.pathname.startsWith('/api/')) return 'pass-on'
  return null
}

/** Whether a page is kept for offline when a link to it is followed in the page (its data kept). */
export const isKeptPage = (path: string) => !NOT_A_PAGE.test(path)

/** The offline page for an address: the one that speaks of drafts for a page that keeps them. */
export const offlinePageFor = (url: URL) => (DRAFT_PAGE.test(url.pathname) ? OFFLINE_PAGE : OFFLINE_OTHER_PAGE)

/** A page's query as it names the page: Remix's ?_routes=… left out, in one order. */
export function queryOf(url: URL): string {
  const search = new URLSearchParams(url.search)
  search.delete('_routes')
  search.sort()
  return search.toString()
}

/** '/pretreats.data?_routes=…&q=1' → '/pretreats?q=1'; '/_root.data' → '/'. */
export function documentPathOf(url: URL): string {
  const path = url.pathname === '/_root.data' ? '/' : url.pathname.replace(/\.data$/, '')
  const search = new URLSearchParams(url.search)
  search.delete('_routes')
  const query = search.toString()
  return query ? `${path}?${query}` : path
}

/**
 * The route look-up asked with no signal (`asked`: its ?p= addresses), from a page at `pagePath`:
 * 'own' when it asks only for the page's own address (its routes came with the page, so a form on a
 * copy read from the device posts to its own address and reaches the outbox); 'reload' for a
 * STANDS_FOR form (the page then comes from the device: another record's copy); null otherwise.
 */
export function offlineRouteLookup(asked: string[], pagePath: string | null): 'own' | 'reload' | null {
  if (pagePath !== null && asked.length > 0 && asked.every((p) => p === pagePath)) return 'own'
  if (asked.length === 1 && STANDS_FOR.some((form) => form.test(asked[0]!))) return 'reload'
  return null
}
