// The server's route matching is patched to rank a route tree once and compile each path once
// (patches/@remix-run+router+*.patch, docs/decisions/0053-route-matching-once.md). What the patch
// must not change: the same answers, a tree that gains routes later, and paths that differ only in
// case sensitivity or in matching to the end.
import { matchPath, matchRoutes, type AgnosticRouteObject } from '@remix-run/router'
import { describe, expect, it } from 'vitest'

const ids = (routes: AgnosticRouteObject[], path: string) => matchRoutes(routes, path)?.map((m) => m.route.id) ?? null

describe('route matching, ranked once per tree', () => {
  it('answers the same on every call, the most specific route first', () => {
    const routes: AgnosticRouteObject[] = [
      { id: 'root', path: '/', children: [{ id: 'calls', path: 'view-calls/:id' }, { id: 'new-call', path: 'view-calls/new' }, { id: 'splat', path: '*' }] },
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

  it('keeps a case-sensitive path and the same path matched to its end apart from the others', () => {
    expect(ids([{ id: 'a', path: '/Drive', caseSensitive: true }], '/drive')).toBeNull()
    expect(ids([{ id: 'b', path: '/Drive' }], '/drive')).toEqual(['b'])
    expect(matchPath({ path: '/drive', end: false }, '/drive/folder')?.pathnameBase).toBe('/drive')
    expect(matchPath({ path: '/drive', end: true }, '/drive/folder')).toBeNull()
  })
})
