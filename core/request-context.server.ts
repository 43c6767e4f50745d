// What the server knows about the request being served, wherever the code runs: its id (returned
// in X-Request-Id, printed in its log line and on its error page) and, once the session is read,
// the user (for the log line). One AsyncLocalStorage for the process, kept on globalThis: the
// Express layer (server/) and the Remix build each load their own copy of this module.
import { AsyncLocalStorage } from 'node:async_hooks'

export interface RequestFacts {
  readonly id: string
  userId?: number
}

const KEY = Symbol.for('field-ops.request-context')
const holder = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<RequestFacts> }
const storage = (holder[KEY] ??= new AsyncLocalStorage<RequestFacts>())

/** Runs `serve` with `facts` as the current request's. */
export function withRequest<T>(facts: RequestFacts, serve: () => T): T {
  return storage.run(facts, serve)
}

/** The request being served, if any (none in a job or a script). */
export function currentRequest(): RequestFacts | undefined {
  return storage.getStore()
}

/** Notes who sent the current request (the session read says so). */
export function noteRequestUser(userId: number): void {
  const facts = storage.getStore()
  if (facts) facts.userId = userId
}
