/// <reference lib="webworker" />
// The service worker's global scope, typed (the worker's files are checked with the WebWorker lib
// beside the app's DOM one). globalThis, not self: the unit tests stand a fake scope in for it.
import type { ToPage } from './protocol.ts'

export const worker = globalThis as unknown as ServiceWorkerGlobalScope

export const origin = () => worker.location.origin

/** Tells every open page of the app. */
export async function tellPages(message: ToPage): Promise<void> {
  for (const client of await worker.clients.matchAll({ type: 'window' })) client.postMessage(message)
}
