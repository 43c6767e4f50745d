// The name of the Remix route a path reaches ('view-service.$id', 'root' for none of the app's),
// for the request log: a route, never the path itself, which may carry a download token or a
// name. Matched by the router Remix itself uses, on the build's route tree built once.
import type { ServerBuild } from '@remix-run/node'
import { matchRoutes, type AgnosticRouteObject } from '@remix-run/router'

type BuildRoutes = ServerBuild['routes']

function treeOf(routes: BuildRoutes, parentId: string | undefined): AgnosticRouteObject[] {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId)
    .map((route) => (route.index ? { id: route.id, index: true, path: route.path } : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: treeOf(routes, route.id) }))
}

// Remix's data requests: /path.data, and /_root.data for the index
const pagePath = (pathname: string) => (pathname === '/_root.data' ? '/' : pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname)

/** A function from a request's path to its route's name. */
export function routeNamer(build: ServerBuild): (pathname: string) => string {
  const tree = treeOf(build.routes, undefined)
  // the router keeps each path's matches on this tree (patches/@remix-run+router+*.patch, decision 0053)
  return (pathname) => (matchRoutes(tree, pagePath(pathname))?.at(-1)?.route.id ?? 'root').replace(/^routes\//, '')
}

/**
 * A function that tells whether a form sent to a path reaches a route with an action: the route
 * Remix would run, the index route with `?index`, else the deepest match that is not an index.
 */
export function actionTaker(build: ServerBuild): (pathname: string, search: URLSearchParams) => boolean {
  const tree = treeOf(build.routes, undefined)
  return (pathname, search) => {
    const matches = matchRoutes(tree, pagePath(pathname)) ?? []
    const target = search.has('index') ? matches.at(-1) : matches.findLast((m) => !m.route.index)
    return target !== undefined && typeof build.routes[target.route.id!]?.module.action === 'function'
  }
}
