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

/** A function from a request's path to its route's name. */
export function routeNamer(build: ServerBuild): (pathname: string) => string {
  const tree = treeOf(build.routes, undefined)
  // the router keeps each path's matches on this tree (patches/@remix-run+router+*.patch, decision 0053)
  return (pathname) => {
    // Remix's data requests: /path.data, and /_root.data for the index
    const path = pathname === '/_root.data' ? '/' : pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname
    const matches = matchRoutes(tree, path)
    return (matches?.at(-1)?.route.id ?? 'root').replace(/^routes\//, '')
  }
}
