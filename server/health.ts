// The load balancer's checks. /livez: the process answers (nothing else is asked, so a slow
// database never gets a live process killed). /readyz: 503 while the process drains; otherwise
// the app's route (app/routes/readyz.ts) checks the database, the migrations and the file store.
// While draining every answer says Connection: close, so kept-alive connections move to another
// process before this one stops listening.
import type { RequestHandler } from 'express'

export interface Health {
  draining: boolean
}

const NO_STORE = 'no-store'

export function healthChecks(health: Health): RequestHandler {
  return (req, res, next) => {
    if (health.draining) res.setHeader('Connection', 'close')
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    if (req.path === '/livez') {
      res.setHeader('Cache-Control', NO_STORE)
      res.type('text/plain').send('live')
      return
    }
    if (req.path === '/readyz' && health.draining) {
      res.setHeader('Cache-Control', NO_STORE)
      res.status(503).json({ status: 'draining' })
      return
    }
    next()
  }
}

/**
 * SIGTERM's order for an HTTP process: stop being ready (the balancer stops sending), keep serving
 * for `drainSeconds` (the balancer's checks notice), then finish the requests under way and close.
 */
export async function drainThenClose(health: Health, drainSeconds: number, close: () => Promise<void>): Promise<void> {
  health.draining = true
  if (drainSeconds > 0) await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000))
  await close()
}
