// The app's log: one JSON line per event on standard output (pino), for a log shipper to read.
// Requests (server/request-log.ts) and jobs (jobs/worker.ts) write one line each; errors write
// theirs with the request's id. What a line may hold is chosen where it is written: ids, routes,
// statuses and durations, never a form value, a password, a token or a cookie.
import { pino, type Logger } from 'pino'
import { config } from './config.server.ts'

let logger: Logger | undefined

export function log(): Logger {
  logger ??= pino({
    level: config().LOG_LEVEL,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  })
  return logger
}

/** An error as a log line holds it: its kind, message and stack (no values it may carry). */
export function errorFields(error: unknown): { err: { type: string; message: string; stack?: string } } {
  if (error instanceof Error) return { err: { type: error.name, message: error.message, stack: error.stack } }
  return { err: { type: typeof error, message: String(error).slice(0, 500) } }
}
