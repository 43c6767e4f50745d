// The server's route matching is patched to rank a route tree once, compile each path once and
// keep each pathname's matches (patches/@remix-run+router+*.patch,
// docs/decisions/0053-route-matching-once.md). What the patch must not change: the same answers, a
// tree that gains routes later, each caller's own answer, and paths that differ only in case
// sensitivity or in matching to the end.
import { createRequire } from 'node:module'
import type { EntryContext, ServerBuild } from '@remix-run/node'
import type { AgnosticRouteObject, StaticHandlerContext } from '@remix-run/router'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

// the CommonJS builds, as Node loads them for the app (the patched files); vitest alone would pick
// the packages' ES modules
const require = createRequire(import.meta.url)
const { matchPath, matchRoutes } = require('@remix-run/router') as typeof import('@remix-run/router')
const { createRequestHandler } = require('@remix-run/node') as typeof import('@remix-run/node')
const { Outlet, RemixServer } = require('@remix-run/react') as typeof import('@remix-run/react')
const { createStaticRouter } = require('react-router-dom/server') as typeof import('react-router-dom/server')

const ids = (routes: AgnosticRouteObject[], path: string) => matchRoutes(routes, path)?.map((m) => m.route.id) ?? null

describe('route matching, ranked once per tree', () => {
  it('answers the same on every call, the most specific route first', () => {
    const routes: AgnosticRouteObject[] = [
      {
        id: 'root',
        path: '/',
        children: [
          { id: 'calls', path: 'view-calls/:id' },
          { id: 'new-call', path: 'view-calls/new' },
          { id: 'splat', path: '*' },
        ],
      },
    ]
    for (let i = 0; i < 3; i++) {
      expect(ids(routes, '/view-calls/new')).toEqual(['root', 'new-call'])
      expect(ids(routes, '/view-calls/7')).toEqual(['root', 'calls'])
      expect(ids(routes, '/elsewhere')).toEqual(['root', 'splat'])
    }
  })

  it('finds a route added to a tree after the tree was first matched', () => {
    const children: AgnosticRouteObject[] = [{ id: 'home', index: true }]
    const routes: AgnosticRouteObject[] = [{ id: 'root', path: '/', children }]
    expect(ids(routes, '/receipts')).toBeNull()
    children.push({ id: 'receipts', path: 'receipts' })
    expect(ids(routes, '/receipts')).toEqual(['root', 'receipts'])
  })

  it('gives each caller its own matches of a pathname it has matched before: a change to one does not reach the next', () => {
    const routes: AgnosticRouteObject[] = [{ id: 'root', path: '/', children: [{ id: 'call', path: 'view-calls/:id' }] }]
    const first = matchRoutes(routes, '/view-calls/7')!
    expect(first.map((m) => m.params)).toEqual([{ id: '7' }, { id: '7' }])
    expect(first[0]!.params).toBe(first[1]!.params) // one params object per answer, as before
    ;(first[1]!.params as Record<string, string>).id = 'changed' // a loader that changes its params
    first.pop()
    const again = matchRoutes(routes, '/view-calls/7')!
    expect(again.map((m) => [m.route.id, m.params.id, m.pathname])).toEqual([
      ['root', '7', '/'],
      ['call', '7', '/view-calls/7'],
    ])
    expect(matchRoutes(routes, '/view-calls/8')![1]!.params).toEqual({ id: '8' })
  })

  it('keeps a case-sensitive path and the same path matched to its end apart from the others', () => {
    expect(ids([{ id: 'a', path: '/Drive', caseSensitive: true }], '/drive')).toBeNull()
    expect(ids([{ id: 'b', path: '/Drive' }], '/drive')).toEqual(['b'])
    expect(matchPath({ path: '/drive', end: false }, '/drive/folder')?.pathnameBase).toBe('/drive')
    expect(matchPath({ path: '/drive', end: true }, '/drive/folder')).toBeNull()
  })
})

// Remix renders every page with a route tree of its own making, and React Router's static router
// converts it again: both are patched to be made once per build (patches/@remix-run+react+*.patch,
// patches/react-router-dom+*.patch), so that the tree each render matches against is ranked once.
describe('the route tree a page is rendered with, made once per build', () => {
  const page = (text: string) => () => createElement('p', null, text)
  function buildOf(modules: Record<'root' | 'home' | 'calls', { default: () => ReturnType<typeof createElement> }>): ServerBuild {
    const route = (id: string, parentId: string | undefined, path: string | undefined, index?: boolean) => ({ id, parentId, path, index, caseSensitive: undefined })
    const routes = { root: route('root', undefined, ''), home: route('home', 'root', undefined, true), calls: route('calls', 'root', 'view-calls/:id') }
    return {
      mode: 'production',
      future: {} as ServerBuild['future'],
      isSpaMode: false,
      basename: undefined,
      publicPath: '/',
      assetsBuildDirectory: '',
      entry: {
        module: {
          default: (request: Request, status: number, headers: Headers, context: EntryContext) =>
            new Response(renderToString(createElement(RemixServer, { context, url: request.url })), { status, headers }),
        },
      },
      routes: Object.fromEntries(Object.entries(routes).map(([id, r]) => [id, { ...r, module: modules[id as keyof typeof modules] }])) as ServerBuild['routes'],
      assets: {
        entry: { module: '/entry.js', imports: [] },
        url: '/manifest.js',
        version: '1',
        routes: Object.fromEntries(
          Object.entries(routes).map(([id, r]) => [id, { ...r, module: `/${id}.js`, hasAction: false, hasLoader: false, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false }]),
        ),
      },
    } as unknown as ServerBuild
  }
  const root = { default: () => createElement(Outlet) }
  const render = async (build: ServerBuild, path: string) => (await createRequestHandler(build)(new Request(`http://app.test${path}`))).text()

  it('renders each address with its own route, every time', async () => {
    const build = buildOf({ root, home: { default: page('home page') }, calls: { default: page('a call') } })
    for (let i = 0; i < 3; i++) {
      expect(await render(build, '/')).toContain('home page')
      expect(await render(build, '/view-calls/7')).toContain('a call')
    }
  })

  it('renders a new build with its own modules, not the tree kept for the first', async () => {
    const assets = buildOf({ root, home: { default: page('old home') }, calls: { default: page('a call') } })
    expect(await render(assets, '/')).toContain('old home')
    // the same manifest object with a route module replaced (a development rebuild keeps the manifest)
    const next = { ...assets, routes: { ...assets.routes, home: { ...assets.routes.home!, module: { default: page('new home') } } } } as ServerBuild
    expect(await render(next, '/')).toContain('new home')
  })

  it('gives each render its own matches from one converted tree', () => {
    const routes = [{ id: 'root', path: '/', children: [{ id: 'calls', path: 'view-calls/:id' }] }]
    const context = (id: string) =>
      ({
        basename: '/',
        location: { pathname: `/view-calls/${id}`, search: '', hash: '', state: null, key: 'default' },
        matches: matchRoutes(routes, `/view-calls/${id}`)!,
        loaderData: {},
        actionData: null,
        errors: null,
        statusCode: 200,
        loaderHeaders: {},
        actionHeaders: {},
        activeDeferreds: null,
      }) as unknown as StaticHandlerContext
    const a = createStaticRouter(routes, context('1'))
    const b = createStaticRouter(routes, context('2'))
    expect(a.routes).toBe(b.routes)
    expect(a.state.matches.at(-1)!.params).toEqual({ id: '1' })
    expect(b.state.matches.at(-1)!.params).toEqual({ id: '2' })
  })
})
