// The crawl of every route with hostile input, in shards (tests/e2e/hostile-crawl-*.test.ts).
// The routes come from the server build's route manifest, so a route added later is covered
// without editing a test. Signed in as the demo superuser (and signed out, for the pages only a
// visitor sees), each shard:
//  1. reaches every route, with real ids (found in the links of the pages) and the stages of the
//     multi-stage forms (GET forms sent with the choices they offer, links that carry a query):
//     the first shard to start, for all of them (each app is a copy of the same demo);
//  2. lists the requests of the whole crawl: every list parameter and every query parameter a page
//     shows with each value, every route's dynamic segments with each value, every POST form a
//     page renders with each value in each field in turn (with each kind of submit button, a
//     valid CSRF token and session), raw hostile bodies to every route with an action, and hostile
//     values in every request header the server reads;
//  3. sends its share of them (each request belongs to one shard, by a key that names its route
//     pattern, not a record), and fails on any 5xx or dropped connection.
// Plain fetch, no browser. The values are END_TO_END (tests/support/hostile/values.ts): the rest
// are proven field by field in the unit tests. Of them, the broken bytes (DECODING) go once per form
// and per page in every field at once, since the decoder reads every field alike.
import { createHash, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { SERVER_BUILD } from '../../../bin/build.ts'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { sessionToken } from '../apps.ts'
import { startAppServer, type AppServer } from '../app-server.ts'
import { FILLER_TEXT, baselineOf, bodyOf, bytesOf, fieldNames, formsOf, isSubmitter, linksOf, type Control, type ParsedForm } from './html.ts'
import { DECODING, END_TO_END, PER_FIELD, RAW_BODIES, TEXTS, type Hostile } from './values.ts'

/** The parameters of every list (spec §3 'List table state'). */
const LIST_PARAMS = ['sort_by', 'order', 'filter_by', 'filter_value', 'start_date', 'end_date', 'page_size', 'current_page']
/** Records of one dynamic route to look at for forms (a review may be open, or approved). */
const RECORDS_PER_ROUTE = 4
const CONCURRENCY = 4

// ---------------------------------------------------------------- HTTP with a cookie jar

export interface Answer {
  status: number
  body: string
}

class StaleConnection extends Error {}

export class Client {
  private readonly cookies = new Map<string, string>()
  /** node:http with kept-alive connections: the crawl's thousands of requests cost its worker a third of fetch's CPU */
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })
  csrf = ''
  constructor(
    readonly name: string,
    readonly base: string,
  ) {}

  cookieNames(): string[] {
    return [...this.cookies.keys()]
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  async send(target: string | URL, init: { method?: string; body?: string | Buffer; type?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
    // uncompressed: what is probed is the input, and compression has its own tests (server/compression.test.ts)
    const headers: Record<string, string> = { cookie: this.cookieHeader(), 'accept-encoding': 'identity', ...(init.type ? { 'content-type': init.type } : {}), ...init.headers }
    const url = new URL(target, this.base)
    const body = init.body === undefined ? undefined : Buffer.from(init.body)
    if (body) headers['content-length'] = String(body.length)
    // the path and query go on the wire as written, broken escapes included; redirects are not followed
    const exchange = () =>
      new Promise<{ status: number; cookies: string[]; body: string }>((resolve, reject) => {
        const request = http.request(url, { method: init.method ?? 'GET', headers, agent: this.agent }, (answer) => {
          const chunks: Buffer[] = []
          answer.on('data', (chunk: Buffer) => chunks.push(chunk))
          answer.on('end', () => resolve({ status: answer.statusCode ?? 0, cookies: answer.headers['set-cookie'] ?? [], body: Buffer.concat(chunks).toString('utf8') }))
          answer.on('error', reject)
        })
        // a kept-alive connection the server closed as it was taken again: not the request's fault (Node's advice: send again)
        request.on('error', (error: NodeJS.ErrnoException) => reject(request.reusedSocket && error.code === 'ECONNRESET' ? new StaleConnection() : error))
        request.end(body)
      })
    const response = await exchange().catch((error: unknown) => (error instanceof StaleConnection ? exchange() : Promise.reject(error)))
    for (const cookie of response.cookies) {
      const [pair = '', ...attributes] = cookie.split(';')
      const [name = '', value = ''] = pair.split('=')
      if (attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name.trim())
      else this.cookies.set(name.trim(), value)
    }
    return { status: response.status, body: response.body }
  }

  /** Takes a CSRF token (and its cookie) from the login page; signed in by session when given a user. */
  async start(username?: string): Promise<this> {
    const page = await this.send('/login')
    this.csrf = formsOf(page.body, new URL('/login', this.base))[0]!.controls.find((c) => c.name === 'csrf')!.value
    if (username) this.cookies.set('sid', await sessionToken(this.base, username))
    return this
  }
}

export async function inParallel<T>(items: Iterable<T>, task: (item: T) => Promise<unknown>): Promise<void> {
  const queue = [...items]
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item)
    }),
  )
}

// ---------------------------------------------------------------- the routes

interface Route {
  /** '/view-calls/:id', '/*' … */
  pattern: string
  dynamic: boolean
  hasAction: boolean
  /** a page (a component), whose action also answers its data request (`/path.data`) */
  hasPage: boolean
  matches(pathname: string): boolean
}

/** Every route of the server build (the manifest the app itself routes by). */
async function buildRoutes(): Promise<Route[]> {
  const build = (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild
  const full = (id: string): string => {
    const route = build.routes[id]!
    const parent = route.parentId ? full(route.parentId) : ''
    return route.path ? `${parent}/${route.path}` : parent
  }
  const byPattern = new Map<string, { hasAction: boolean; hasPage: boolean }>()
  for (const [id, route] of Object.entries(build.routes)) {
    const pattern = full(id).replace(/\/+/g, '/') || '/'
    const known = byPattern.get(pattern) ?? { hasAction: false, hasPage: false }
    byPattern.set(pattern, { hasAction: known.hasAction || typeof route.module.action === 'function', hasPage: known.hasPage || typeof route.module.default === 'function' })
  }
  return [...byPattern].map(([pattern, { hasAction, hasPage }]) => {
    const regex = new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+').replace('*', '.+')}$`)
    return { pattern, dynamic: /[:*]/.test(pattern), hasAction, hasPage, matches: (pathname) => regex.test(pathname) }
  })
}
const withSegments = (pattern: string, encoded: string) => pattern.replace(/:\w+|\*/g, encoded)

interface Page {
  route: Route
  url: URL
  client: Client
  forms: ParsedForm[]
}

/** One request of the crawl: `key` decides its shard; `send` probes it. */
interface Request {
  key: string
  send(): Promise<unknown>
}

export interface CrawlReport {
  routes: number
  pages: number
  formFields: number
  requests: number
  /** of them, sent to find the pages (none when another shard found them), and the time that took; then the time of this shard's share */
  discoveryRequests: number
  discoverySeconds: number
  sendingSeconds: number
  /** requests of the whole crawl after discovery (a form field's values count once), every shard's */
  items: number
  /** route patterns no request of the whole crawl reaches */
  unreached: string[]
  failures: string[]
  /** forms refused for their CSRF token although it was not the field probed */
  expired: string[]
  postedSignedIn: boolean
  sawSubmissionId: boolean
}

const shardOf = (key: string, shards: number) => createHash('sha1').update(key).digest().readUInt32BE(0) % shards

/** What the crawl knows after finding the pages: the same for every shard. */
interface Discovery {
  pages: Page[]
  links: URL[]
  /** up to RECORDS_PER_ROUTE addresses of each dynamic route */
  records: Map<string, URL[]>
  reached: Set<string>
}

interface Crawler {
  base: string
  admin: Client
  visitor: Client
  routes: Route[]
  routeOf(url: URL): Route | undefined
  probe(client: Client, what: string, target: string | URL, init?: Parameters<Client['send']>[1]): Promise<Answer | null>
}

async function discover({ base, admin, visitor, routes, routeOf, probe }: Crawler): Promise<Discovery> {
  // The pages: every route, the dynamic ones at records linked from other pages, and the stages
  // of their forms. A page is kept when it is a route's first or shows what the route's pages so
  // far did not: a POST form, or a GET form field other than the list's.
  const pages: Page[] = []
  const links: URL[] = []
  const reached = new Set<string>()
  const tried = new Set<string>()
  const known = new Map<string, { posts: Set<string>; names: Set<string> }>()
  async function visit(client: Client, url: URL, first = false): Promise<void> {
    const route = routeOf(url)
    if (!route || tried.has(`${client.name} ${url.href}`)) return
    tried.add(`${client.name} ${url.href}`)
    reached.add(route.pattern)
    const answer = await probe(client, `GET ${url.pathname}${url.search}`, url)
    if (answer?.status !== 200 || !answer.body.includes('<html')) return
    const forms = formsOf(answer.body, url)
    links.push(...linksOf(answer.body, url))
    const seen = known.get(route.pattern) ?? { posts: new Set<string>(), names: new Set(LIST_PARAMS) }
    known.set(route.pattern, seen)
    const posts = forms.filter((f) => f.method === 'post').map((f) => `${f.action.pathname} ${fieldNames(f)}`)
    const names = forms.filter((f) => f.method === 'get').flatMap((f) => f.controls.map((c) => c.name))
    if (!first && posts.every((p) => seen.posts.has(p)) && names.every((n) => seen.names.has(n))) return
    for (const p of posts) seen.posts.add(p)
    for (const n of names) seen.names.add(n)
    pages.push({ route, url, client, forms })
  }

  const fixed = routes.filter((r) => !r.dynamic).map((r) => new URL(r.pattern, base))
  await inParallel(fixed, (url) => visit(admin, url, true))
  // what only a visitor sees (the login form)
  await inParallel(
    fixed.filter((url) => !pages.some((p) => p.url.pathname === url.pathname)),
    (url) => visit(visitor, url, true),
  )
  const records = new Map<string, URL[]>()
  for (let round = 0; round < 3; round++) {
    const fresh: URL[] = []
    for (const route of routes.filter((r) => r.dynamic)) {
      const urls = records.get(route.pattern) ?? []
      records.set(route.pattern, urls)
      for (const link of links) {
        if (urls.length < RECORDS_PER_ROUTE && route.matches(link.pathname) && !urls.some((u) => u.pathname === link.pathname)) {
          urls.push(new URL(link.pathname, base))
          fresh.push(urls.at(-1)!)
        }
      }
    }
    await inParallel(fresh, (url) => visit(admin, url, true))
  }
  for (let depth = 0; depth < 4; depth++) {
    const stages = new Map<string, [Client, URL]>()
    for (const page of pages) {
      for (const form of page.forms.filter((f) => f.method === 'get')) {
        // each autocomplete chosen alone (customer or job), and all of them
        const pickers = form.controls.filter((c) => c.tag === 'input' && c.options.length > 0).map((c) => c.name)
        for (const clear of [[], ...pickers.map((keep) => pickers.filter((p) => p !== keep))]) {
          const url = new URL(`${form.action.pathname}?${new URLSearchParams(baselineOf(form, new Set(clear)))}`, base)
          stages.set(url.href, [page.client, url])
        }
      }
    }
    const queries = new Set<string>()
    for (const link of links.filter((l) => l.search)) {
      const key = `${routeOf(link)?.pattern} ${[...link.searchParams.keys()].sort()}`
      if (!queries.has(key)) stages.set(link.href, [admin, link])
      queries.add(key)
    }
    const before = pages.length
    await inParallel(stages.values(), ([client, url]) => visit(client, url))
    if (pages.length === before) break
  }

  return { pages, links, records, reached }
}

// ---------------------------------------------------------------- one discovery for all shards

/** A discovery as JSON: addresses without the app's origin, clients by name. */
interface SavedDiscovery {
  pages: { pattern: string; url: string; client: string; forms: (Omit<ParsedForm, 'action'> & { action: string })[] }[]
  links: string[]
  records: [string, string[]][]
  reached: string[]
}
const relative = (url: URL) => `${url.pathname}${url.search}`

function save(found: Discovery): SavedDiscovery {
  return {
    pages: found.pages.map((p) => ({ pattern: p.route.pattern, url: relative(p.url), client: p.client.name, forms: p.forms.map((f) => ({ ...f, action: relative(f.action) })) })),
    links: found.links.map(relative),
    records: [...found.records].map(([pattern, urls]) => [pattern, urls.map(relative)]),
    reached: [...found.reached],
  }
}

/** A saved discovery in this shard's app: its origin, its clients, and each client's own CSRF token in the forms. */
function load(saved: SavedDiscovery, { base, admin, visitor, routes }: Pick<Crawler, 'base' | 'admin' | 'visitor' | 'routes'>): Discovery {
  const clients = new Map([admin, visitor].map((c) => [c.name, c]))
  return {
    pages: saved.pages.map((p) => {
      const client = clients.get(p.client)!
      const forms = p.forms.map((f) => ({ ...f, action: new URL(f.action, base), controls: f.controls.map((c) => (c.name === 'csrf' ? { ...c, value: client.csrf } : c)) }))
      return { route: routes.find((r) => r.pattern === p.pattern)!, url: new URL(p.url, base), client, forms }
    }),
    links: saved.links.map((l) => new URL(l, base)),
    records: new Map(saved.records.map(([pattern, urls]) => [pattern, urls.map((u) => new URL(u, base))])),
    reached: new Set(saved.reached),
  }
}

/**
 * The discovery of the first shard to ask, kept in `folder` for the others (every shard's app is a
 * copy of the same demo, so the pages are the same). Without a folder, or when the first shard
 * failed to save one, a shard finds the pages itself.
 */
async function sharedDiscovery(folder: string | undefined, find: () => Promise<Discovery>, crawler: Pick<Crawler, 'base' | 'admin' | 'visitor' | 'routes'>): Promise<Discovery> {
  if (!folder) return find()
  const file = path.join(folder, 'crawl-discovery.json')
  try {
    fs.writeFileSync(`${file}.taken`, String(process.pid), { flag: 'wx' })
  } catch {
    for (let waited = 0; waited < 120_000; waited += 200) {
      if (fs.existsSync(file)) {
        const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as SavedDiscovery | { failed: true }
        return 'failed' in saved ? find() : load(saved, crawler)
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    return find()
  }
  const found = await find().catch((error: unknown) => {
    fs.writeFileSync(file, JSON.stringify({ failed: true }))
    throw error
  })
  fs.writeFileSync(`${file}.part`, JSON.stringify(save(found)))
  fs.renameSync(`${file}.part`, file)
  return found
}

/**
 * Crawls the app at `base` and sends shard `shard` (0-based) of `shards`; the pages are found by the
 * first shard and kept in `shareDir` for the others, when given.
 */
export async function crawl(base: string, shard: number, shards: number, shareDir?: string): Promise<CrawlReport> {
  const started = performance.now()
  const [admin, visitor] = await Promise.all([new Client('admin', base).start('admin'), new Client('visitor', base).start()])
  const routes = await buildRoutes()
  const failures: string[] = []
  let requests = 0
  const routeOf = (url: URL) => routes.find((r) => !r.dynamic && r.pattern === url.pathname) ?? routes.find((r) => r.dynamic && r.matches(url.pathname))
  /** Sends; a 5xx or a dropped connection is a failure. */
  async function probe(client: Client, what: string, target: string | URL, init?: Parameters<Client['send']>[1]): Promise<Answer | null> {
    requests++
    try {
      const answer = await client.send(target, init)
      if (answer.status >= 500) failures.push(`${answer.status} ${what} (${client.name})`)
      return answer
    } catch (error) {
      failures.push(`${String(error)} ${what} (${client.name})`)
      return null
    }
  }

  // 1. The pages, found once for all the shards (the first to ask finds them, the others read them)
  const found = await sharedDiscovery(shareDir, () => discover({ base, admin, visitor, routes, routeOf, probe }), { base, admin, visitor, routes })
  const { pages, links, records } = found
  const reached = new Set(found.reached)
  const discoveryRequests = requests
  const discovered = performance.now()

  const work: Request[] = []
  const get = (key: string, client: Client, what: string, url: URL) => {
    work.push({ key, send: () => probe(client, what, url) })
    const route = routeOf(url)
    if (route) reached.add(route.pattern)
  }

  // 2. Query parameters. The list parameters go together, each with a different value, so that
  //    every pair is sent in as many requests as there are values (the list engine reads each
  //    on its own, refusing or ignoring it alone); a text beside a select that picks what the text
  //    is read against (a filter value beside its column, the inspector's filters beside their
  //    workflow) goes beside each choice: not beside the list's page size, sort or order, which
  //    never change how a text is read. Any other parameter a page shows (in its address,
  //    its own GET forms and links, the hidden fields of its own POST forms) goes alone, each
  //    value in turn, and the bytes that break the decoding of a query go in all of them at once.
  //    Each once per route.
  const sent = new Set<string>()
  const once = (key: string) => !sent.has(key) && Boolean(sent.add(key))
  for (const page of pages) {
    const path = page.url.pathname
    const pattern = page.route.pattern
    const own = page.forms.filter((f) => f.action.pathname === path)
    const shown = new Set(page.url.searchParams.keys())
    for (const form of own) for (const c of form.controls) if (c.name && (form.method === 'get' || c.type === 'hidden')) shown.add(c.name)
    for (const link of links.filter((l) => l.pathname === path)) for (const name of link.searchParams.keys()) shown.add(name)
    // a page only a visitor sees is also asked for by those signed in (who are sent on)
    const clients = page.client === visitor ? [visitor, admin] : [admin]
    const sendEach = (params: URLSearchParams, name: string, key: string) => {
      params.delete(name)
      const query = params.size ? `${params}&` : ''
      for (const client of clients) {
        for (const value of PER_FIELD) {
          get(`${key} ${value.label} ${client.name}`, client, `GET ${path}?${query}${name}=${value.label}`, new URL(`${path}?${query}${encodeURIComponent(name)}=${value.encoded}`, base))
        }
      }
    }
    if (once(`${pattern} list`)) {
      END_TO_END.forEach((_, i) => {
        const values = LIST_PARAMS.map((_, j) => END_TO_END[(i + j) % END_TO_END.length]!)
        const what = LIST_PARAMS.map((p, j) => `${p}=${values[j]!.label}`).join('&')
        for (const client of clients)
          get(`${pattern} list ${i} ${client.name}`, client, `GET ${path}?${what}`, new URL(`${path}?${LIST_PARAMS.map((p, j) => `${p}=${values[j]!.encoded}`).join('&')}`, base))
      })
    }
    for (const name of shown) {
      const beside = own.filter((f) => f.method === 'get' && f.controls.some((c) => c.name === name && c.tag === 'input' && !['hidden', 'checkbox', 'radio'].includes(c.type)))
      const picksReading = (c: Control) => c.tag === 'select' && (c.name === 'filter_by' || !LIST_PARAMS.includes(c.name))
      for (const select of beside.flatMap((f) => f.controls.filter(picksReading))) {
        for (const option of select.options.filter(Boolean)) {
          const key = `${pattern} ${name} ${select.name}=${option}`
          if (once(key)) sendEach(new URLSearchParams([[select.name, option]]), name, key)
        }
      }
      if (!LIST_PARAMS.includes(name) && once(`${pattern} ${name}`)) sendEach(new URLSearchParams(page.url.search), name, `${pattern} ${name}`)
    }
    // bytes that break the decoding of the query, in every parameter the page shows at once
    if (shown.size > 0 && once(`${pattern} decoding ${[...shown].sort()}`)) {
      for (const client of clients) {
        for (const value of DECODING) {
          const query = [...shown].map((name) => `${encodeURIComponent(name)}=${value.encoded}`).join('&')
          get(`${pattern} decoding ${value.label} ${client.name}`, client, `GET ${path}?(every parameter)=${value.label}`, new URL(`${path}?${query}`, base))
        }
      }
    }
  }
  for (const route of routes.filter((r) => r.dynamic)) {
    for (const value of END_TO_END.filter((v) => v.encoded !== ''))
      get(`${route.pattern} segments ${value.label}`, admin, `GET ${route.pattern} as ${value.label}`, new URL(`${base}${withSegments(route.pattern, value.encoded)}`))
  }

  // 3. POST forms: each field in turn, with each kind of submit button (intent=remove-part:7 is
  //    one kind), once per route the form posts to, and the bytes that break the decoding of a
  //    body in every field at once; a resend after a 409 when the record moved on meanwhile. The
  //    sign-out form (in every page's top bar) ends the session it is posted with: it goes last,
  //    once every other form was posted signed in.
  const posted = new Set<string>()
  const forms = new Map<string, ParsedForm | null>()
  const signOuts: Request[] = []
  const expired = new Set<string>()
  let formFields = 0
  for (const page of pages) {
    for (const form of page.forms.filter((f) => f.method === 'post')) {
      // what each submit button sends (no name: nothing)
      const submitters = new Map<string, Control | null>()
      for (const s of form.controls.filter(isSubmitter)) submitters.set(s.name ? `${s.name}=${s.value.split(':')[0]}` : '', s.name ? s : null)
      if (submitters.size === 0) submitters.set('', null)
      for (const [kind, submitter] of submitters) {
        // conform's control field (its client-side validate/reset steps) is read on every post too
        const fields = [...fieldNames(form), ...(submitter ? [submitter.name] : []), '__intent__']
        const pattern = routeOf(form.action)?.pattern
        const queue = (request: Request) => (form.action.pathname === '/logout' ? signOuts : work).push(request)
        for (const field of fields) {
          const key = `${pattern} ${kind} ${field}`
          if (posted.has(key)) continue
          posted.add(key)
          formFields++
          queue({ key: `post ${key}`, send: () => postEach(page, form, [field], submitter, field === 'csrf' ? END_TO_END : PER_FIELD) })
          reached.add(pattern ?? '')
        }
        const key = `${pattern} ${kind}`
        if (!posted.has(`decoding ${key}`)) {
          posted.add(`decoding ${key}`)
          // every field but the CSRF token, which gets them on its own: a post refused for its token
          // never reaches the action
          queue({
            key: `post decoding ${key}`,
            send: () =>
              postEach(
                page,
                form,
                fields.filter((f) => f !== 'csrf'),
                submitter,
                DECODING,
              ),
          })
        }
      }
    }
  }
  async function postEach(page: Page, form: ParsedForm, fields: string[], submitter: Control | null, values: Hostile[]): Promise<void> {
    const field = fields.length === 1 ? fields[0]! : 'every field'
    // One field at a time goes to the page's data request: the same action, without the refused
    // page drawn again for every value. Every field at once, and the CSRF token, go to the page
    // itself, so each value is still drawn back in every field of the page.
    const oneField = fields.length === 1 && field !== 'csrf'
    const targetOf = (action: URL): URL => {
      if (!oneField || action.pathname === '/' || !routeOf(action)?.hasPage) return action
      const data = new URL(action)
      data.pathname = `${action.pathname.replace(/\/$/, '')}.data`
      return data
    }
    for (const value of values) {
      const key = `${page.url.href} ${form.action.pathname} ${fieldNames(form)}`
      const current = forms.has(key) ? forms.get(key) : form
      if (!current) return
      const send = (f: ParsedForm) => {
        // a new submission id each time, so that a resend is not taken for the same form again; a
        // new filler text too, so that sign-in posts do not share one username's growing delay
        const pairs = baselineOf(f).map(([k, v]): [string, string] => [k, k === 'submission_id' ? randomUUID() : v === FILLER_TEXT ? `${v} ${randomUUID().slice(0, 8)}` : v])
        if (submitter) pairs.push([submitter.name, submitter.value])
        return probe(page.client, `POST ${f.action.pathname} ${field}=${value.label}${submitter ? ` (${submitter.name}=${submitter.value})` : ''}`, targetOf(f.action), {
          method: 'POST',
          ...bodyOf(f, pairs, fields, value),
        })
      }
      const answer = await send(current)
      // a form refused for its CSRF token never reached its action: the crawl proved nothing there
      // (a sign-out ends the session and its token: the next one is refused, as it should be)
      if (!fields.includes('csrf') && form.action.pathname !== '/logout' && answer?.status === 403 && answer.body.includes('Your form has expired'))
        expired.add(`${form.action.pathname} (${page.client.name})`)
      if (answer?.status === 409) {
        const again = await page.client.send(page.url)
        const fresh = formsOf(again.body, page.url).find((f) => f.method === 'post' && `${f.action.pathname} ${fieldNames(f)}` === `${form.action.pathname} ${fieldNames(form)}`)
        forms.set(key, fresh ?? null)
        if (fresh) await send(fresh)
      }
    }
  }

  // 4. Raw hostile bodies to every route with an action: a page's action reads every method alike,
  //    so a page gets them by POST; an API route (no page) by each method an API takes.
  for (const route of routes.filter((r) => r.hasAction)) {
    const url = route.dynamic ? records.get(route.pattern)?.[0] : new URL(route.pattern, base)
    if (!url) continue
    for (const method of route.hasPage ? ['POST'] : ['POST', 'PUT', 'DELETE']) {
      for (const value of RAW_BODIES) {
        work.push({
          key: `raw ${route.pattern} ${method} ${value.label}`,
          send: () => probe(admin, `${method} ${url.pathname} body ${value.label}`, url, { method, body: bytesOf(value.encoded), type: 'application/json', headers: { 'x-csrf-token': admin.csrf } }),
        })
      }
    }
  }

  // 5. The request headers the server reads (the same-origin gate, Remix's own Origin check, the
  //    session and CSRF cookies, the body's type), each with each value a header can carry, on a
  //    list and on a form.
  const headerValues = [
    ...TEXTS.filter(([, v]) => /^[\x20-\x7e]*$/.test(v)).map(([, v]) => v),
    'null',
    'http://evil.example',
    `${base}.evil.example`,
    'same-site',
    'cross-site',
    'none',
    'multipart/form-data; boundary=',
  ]
  const list = pages.find((p) => p.forms.some((f) => f.method === 'get' && f.controls.some((c) => c.name === 'filter_value')))!
  const form = pages.flatMap((p) => p.forms.map((f) => ({ page: p, form: f }))).find(({ form }) => form.method === 'post' && form.controls.some((c) => c.name === 'submission_id'))!
  const withHeader = (headers: (value: string) => Record<string, string>, what: string) => {
    headerValues.forEach((value, i) => {
      const shown = JSON.stringify(value.slice(0, 40))
      work.push({ key: `header ${what} ${i} get`, send: () => probe(admin, `GET ${list.url.pathname} ${what}: ${shown}`, list.url, { headers: headers(value) }) })
      work.push({
        key: `header ${what} ${i} post`,
        send: () => {
          const pairs = baselineOf(form.form).map(([k, v]): [string, string] => [k, k === 'submission_id' ? randomUUID() : v])
          return probe(admin, `POST ${form.form.action.pathname} ${what}: ${shown}`, form.form.action, {
            method: 'POST',
            body: new URLSearchParams(pairs).toString(),
            type: 'application/x-www-form-urlencoded',
            headers: headers(value),
          })
        },
      })
    })
  }
  const withCookie = (name: string) => (value: string) => ({ cookie: admin.cookieHeader().replace(new RegExp(`(^|; )${name}=[^;]*`), `$1${name}=${value.replace(/;/g, '')}`) })
  for (const header of ['origin', 'referer', 'sec-fetch-site', 'x-forwarded-host', 'content-type']) withHeader((value) => ({ [header]: value }), header)
  for (const name of admin.cookieNames()) withHeader(withCookie(name), `cookie ${name}`)

  // This shard's share, then its sign-outs, signed in again after them.
  const mine = (list: Request[]) => list.filter((r) => shardOf(r.key, shards) === shard)
  await inParallel(mine(work), (request) => request.send())
  const postedSignedIn = (await admin.send('/')).body.includes('Welcome,')
  await inParallel(mine(signOuts), (request) => request.send())
  return {
    routes: routes.length,
    pages: pages.length,
    formFields,
    requests,
    discoveryRequests,
    discoverySeconds: (discovered - started) / 1000,
    sendingSeconds: (performance.now() - discovered) / 1000,
    items: work.length + signOuts.length,
    unreached: routes.map((r) => r.pattern).filter((p) => !reached.has(p)),
    failures,
    expired: [...expired],
    postedSignedIn,
    sawSubmissionId: pages.some((p) => p.forms.some((f) => f.method === 'post' && f.controls.some((c) => c.name === 'submission_id'))),
  }
}

/** The test of one shard: its own app (a copy of the demo), its share of the crawl, no 5xx. */
export function crawlShard(shard: number, shards: number): void {
  let app: AppServer
  beforeAll(async () => {
    // no worker runs here: a PDF asked for answers 'not ready' at once instead of waiting for a render
    app = await startAppServer({ PDF_WAIT_SECONDS: '0' }, undefined, { manyRequests: true })
  })
  afterAll(() => app?.stop())

  it(`answers every route, list parameter, query parameter and form field without a 5xx (shard ${shard + 1} of ${shards})`, async () => {
    const report = await crawl(app.url, shard, shards, inject('runDir'))
    console.log(
      `hostile crawl ${shard + 1}/${shards}: ${report.routes} routes, ${report.pages} pages and stages, ${report.formFields} form fields, ` +
        `${report.items} requests in all shards after discovery, ${report.requests} sent by this one (${report.discoveryRequests} to find the pages, ${report.discoverySeconds.toFixed(0)} s; ` +
        `then ${report.sendingSeconds.toFixed(0)} s), ${report.failures.length} failures`,
    )
    expect(report.unreached).toEqual([])
    expect(report.sawSubmissionId).toBe(true)
    expect(report.postedSignedIn, 'the forms were posted signed in').toBe(true)
    expect(report.failures).toEqual([])
    expect(report.expired, 'forms refused for their CSRF token').toEqual([])
  }, 600_000)
}
