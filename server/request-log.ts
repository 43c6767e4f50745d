// Every request gets an id (X-Request-Id on its answer, its log line, its error page) and, once
// answered, one JSON log line (id, method, route, status, duration, user) and its place in the
// requests metric (the load balancer's probes: neither). The path is not
// logged (a download token, a name in a query): its route's name is. Behind a trusted load
// balancer (TRUST_PROXY) the id it sent is kept, so its log and ours name the same request.
import { randomUUID } from 'node:crypto'
import type { RequestHandler } from 'express'
import { log } from '#core/log.server.ts'
import { httpRequests } from '#core/metrics.server.ts'
import { withRequest, type RequestFacts } from '#core/request-context.server.ts'

export const REQUEST_ID_HEADER = 'X-Request-Id'
const GIVEN_ID = /^[A-Za-z0-9._-]{1,64}$/
/** Probes of the load balancer: logged at 'debug', or a check every few seconds would fill the log. */
const QUIET_PATHS = new Set(['/livez', '/readyz'])

export interface RequestLogOptions {
  trustProxy: boolean
  /** the name of the route a path reaches (server/route-names.ts); none in development */
  routeOf?: (pathname: string) => string
}

export function requestLog(options: RequestLogOptions): RequestHandler {
  return (req, res, next) => {
    const started = performance.now()
    // read now: a mounted handler (/assets) takes its mount point off req.url while it answers
    const pathname = req.path
    const given = req.get(REQUEST_ID_HEADER)
    const facts: RequestFacts = { id: options.trustProxy && given && GIVEN_ID.test(given) ? given : randomUUID() }
    res.locals.requestId = facts.id
    res.setHeader(REQUEST_ID_HEADER, facts.id)
    let logged = false
    const done = (aborted: boolean) => {
      if (logged) return
      logged = true
      const line = {
        msg: 'request',
        request_id: facts.id,
        method: req.method,
        route: pathname.startsWith('/assets/') ? 'assets' : (options.routeOf?.(pathname) ?? null),
        status: res.statusCode,
        duration_ms: Math.round((performance.now() - started) * 10) / 10,
        user_id: facts.userId ?? null,
        ...(aborted ? { aborted: true } : {}),
      }
      if (QUIET_PATHS.has(pathname)) {
        log().debug(line)
        return
      }
      log().info(line)
      httpRequests().observe({ route: line.route ?? 'unknown', method: req.method, status: String(res.statusCode) }, line.duration_ms / 1000)
    }
    res.once('finish', () => done(false))
    res.once('close', () => done(!res.writableFinished))
    withRequest(facts, next)
  }
}
