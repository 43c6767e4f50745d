// No link a user is shown leads to a 403, a 404 or anywhere else than a page: every demo user signs
// in and follows, breadth first, every shape of link of every page they reach from home (home cards,
// the side menu, section tabs and cards, breadcrumbs, list rows, pagers, record modals…), two of each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAIN_MENU, visibleItems } from '#app/menu.ts'
import { DEMO_LOGINS, DEMO_PERMISSIONS } from '../../bin/demo/data.ts'
import { startAppServer, type AppServer } from '../support/app-server.ts'
import { httpSession, linksOf } from '../support/http-session.ts'

/** A bound on each user's crawl, above what following every shape of link takes (about 200 pages for admin). */
const MAX_PAGES_PER_USER = 400
/**
 * Links of one shape (the same path with other record numbers, the same query keys with other
 * values: a list's sort, filter and pager links) are followed this many times: the rest would
 * use the cap on a few lists' variations and leave other pages unvisited.
 */
const PER_SHAPE = 2
const shapeOf = (link: string) => {
  const [path = '', query = ''] = link.split('?')
  return `${path.replace(/\/\d+(?=\/|$)/g, '/:n')}?${[...new URLSearchParams(query).keys()].sort().join('&')}`
}

let app: AppServer
// the app seeds the demo data into its empty database, as `npm start` does
beforeAll(async () => {
  app = await startAppServer()
})
afterAll(() => app?.stop())

describe('every link a user is shown', () => {
  it.each(DEMO_LOGINS.map((l) => l.username))('opens for %s', async (username) => {
    const session = await httpSession(app.url, username)
    const seen = new Set<string>(['/'])
    const shapes = new Map<string, number>()
    const queue = ['/']
    const broken: string[] = []
    let pages = 0
    while (queue.length > 0 && pages < MAX_PAGES_PER_USER) {
      const target = queue.shift()!
      const response = await session.fetch(target)
      pages += 1
      if (response.status !== 200) {
        broken.push(`${target} → ${response.status}${response.headers.get('location') ? ` ${response.headers.get('location')}` : ''}`)
        continue
      }
      if (!(response.headers.get('content-type') ?? '').includes('text/html')) continue
      // a link to a PDF (type="application/pdf": the PDF columns) leads to a document, not a page; it
      // answers a redirect to the file, or "PDF not ready" here where no worker runs (its own tests:
      // tests/e2e/pretreat-pdf.test.ts)
      const html = (await response.text()).replace(/<a\s[^>]*?type="application\/pdf"[^>]*>/g, '')
      for (const link of linksOf(html)) {
        if (link === '/logout' || seen.has(link)) continue
        seen.add(link)
        const shape = shapeOf(link)
        if ((shapes.get(shape) ?? 0) >= PER_SHAPE) continue
        shapes.set(shape, (shapes.get(shape) ?? 0) + 1)
        queue.push(link)
      }
    }
    expect(broken).toEqual([])
    expect(queue, 'links left to follow when the bound was reached').toEqual([])
    // the crawl did reach what the home page offers this user
    const viewer = { is_superuser: username === 'admin', is_staff: false, permissions: [...DEMO_PERMISSIONS[username]!] }
    for (const item of visibleItems(viewer, MAIN_MENU)) expect(seen).toContain(item.to)
  })
})
