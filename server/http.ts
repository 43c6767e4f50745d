// The Express app: hardening first, then static files, then Remix. From app/ it takes only the
// stateless cookie and CSRF helpers; everything with state (the pool, the blob store, classes
// checked with instanceof) lives in the Remix build's one module graph.
import type { Server } from 'node:http'
import path from 'node:path'
import { createRequestHandler } from '@remix-run/express'
import type { AppLoadContext, ServerBuild } from '@remix-run/node'
import express, { type ErrorRequestHandler, type RequestHandler } from 'express'
import type { ViteDevServer } from 'vite'
import '#app/load-context.ts'
import { errorFields, log } from '#core/log.server.ts'
import { blobParts } from './blob-parts.ts'
import { compressResponses } from './compression.ts'
import { healthChecks, type Health } from './health.ts'
import { requestLog } from './request-log.ts'
import { actionTaker, routeNamer } from './route-names.ts'
import { csrfCookie, sameOriginOnly, securityHeaders, trustedRequestHeaders, type RequestLocals } from './security.ts'
import { serviceWorkerInDevelopment } from './service-worker.ts'
import { assetFiles, publicFiles } from './static-files.ts'

export interface HttpAppOptions {
  production: boolean
  trustProxy: boolean
  connectOrigins?: string[]
  /** production: the built server; development: a Vite dev server in middleware mode */
  build?: ServerBuild
  vite?: ViteDevServer
  buildDir?: string
  /** whether the process drains (server/health.ts): /readyz answers 503 */
  health?: Health
}

export function createHttpApp(options: HttpAppOptions): express.Express {
  const app = express()
  app.disable('x-powered-by')
  // TRUST_PROXY means one load balancer in front: the client is the last address it appended to
  // X-Forwarded-For (what the client wrote before that is its own word, and never trusted).
  app.set('trust proxy', options.trustProxy ? 1 : false)

  app.use(requestLog({ trustProxy: options.trustProxy, routeOf: options.build ? routeNamer(options.build) : undefined }))
  app.use(healthChecks(options.health ?? { draining: false }))
  app.use(trustedRequestHeaders)
  app.use(securityHeaders({ production: options.production, connectOrigins: options.connectOrigins ?? [] }))
  app.use(sameOriginOnly)
  app.use(blobParts())

  if (options.vite) {
    app.use(serviceWorkerInDevelopment)
    app.use(options.vite.middlewares)
  } else {
    const client = path.join(options.buildDir ?? 'build', 'client')
    app.use('/assets', assetFiles(path.join(client, 'assets')))
    app.use(publicFiles(client))
  }

  // after the static files: they are precompressed or not worth compressing
  app.use(compressResponses())

  app.use(csrfCookie)
  if (options.build) app.use(formsOnlyWhereTaken(actionTaker(options.build)))
  const vite = options.vite
  app.all(
    '*',
    createRequestHandler({
      build: vite ? () => vite.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild> : options.build!,
      mode: options.production ? 'production' : 'development',
      getLoadContext: (_req, res): AppLoadContext => {
        const locals = res.locals as RequestLocals
        return { cspNonce: locals.cspNonce, csrfToken: locals.csrfToken, requestId: String(res.locals.requestId) }
      },
    }),
  )

  const onError: ErrorRequestHandler = (error, _req, res, _next) => {
    // Express marks the request's own faults with a 4xx status (a path with a broken %-escape)
    const status: unknown = error?.status
    if (typeof status === 'number' && status >= 400 && status < 500) {
      if (!res.headersSent) res.status(status).type('text/plain').send('The request could not be read.')
      return
    }
    log().error({ msg: 'request failed', request_id: res.locals.requestId, ...errorFields(error) })
    if (!res.headersSent) res.status(500).type('text/plain').send(`Something went wrong on our side. Please try again. (Reference: ${res.locals.requestId})`)
  }
  app.use(onError)
  return app
}

/**
 * A form sent to a page that takes none (no action) is answered 405 before any loader runs, signed
 * in or not: the client's doing, logged as a warning with its path (issue 38, item 10).
 */
function formsOnlyWhereTaken(takesForm: (pathname: string, search: URLSearchParams) => boolean): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || takesForm(req.path, new URL(req.originalUrl, 'http://x').searchParams)) return next()
    log().warn({ msg: 'method not allowed', request_id: res.locals.requestId, method: req.method, path: req.path })
    res.status(405).set('Allow', 'GET, HEAD').type('text/plain').send('This page takes no form.')
  }
}

/** Closes `http`: idle connections at once, busy ones after their response or `graceMs`. */
export async function closeHttp(http: Server, graceMs = 10_000): Promise<void> {
  const closed = new Promise<void>((resolve) => http.close(() => resolve()))
  http.closeIdleConnections()
  let timer: NodeJS.Timeout | undefined
  await Promise.race([closed, new Promise((r) => (timer = setTimeout(r, graceMs)))])
  clearTimeout(timer)
  http.closeAllConnections()
}
