/// <reference lib="webworker" />
// What the pages ask of the worker (protocol.ts): take them, say whether they are a copy, keep the
// user's sheets ahead, forget the user's pages at sign-out.
import { ownerOf } from './answers.ts'
import { copyOf } from './copies.ts'
import { fetchAndKeep, forgetPages, learnOwner, serially } from './pages-cache.ts'
import type { ToWorker } from './protocol.ts'
import { origin, worker } from './scope.ts'
import { keepSignedOutHome } from './shell-cache.ts'

let precachedFor: number | null = null
let precachedAt = 0

export function onMessage(event: ExtendableMessageEvent): void {
  const message = (event.data ?? {}) as Partial<ToWorker>
  const source = event.source as Client | null
  if (message.type === 'claim') event.waitUntil(worker.clients.claim())
  if (message.type === 'copy?') source?.postMessage({ type: 'copy', at: source ? copyOf(source.id) : null })
  if (message.type === 'precache' && typeof message.userId === 'number') event.waitUntil(precache(message.userId))
  if (message.type === 'signed-out') {
    precachedFor = null
    event.waitUntil(forgetPages())
  }
}

/**
 * Keeps the user's assigned sheets, section menus and field forms (/api/my-sheets names them), so
 * they open offline even if never opened. At most once a minute per user: every page load asks.
 */
async function precache(userId: number): Promise<void> {
  if (precachedFor === userId && Date.now() - precachedAt < 60_000) return
  precachedFor = userId
  precachedAt = Date.now()
  try {
    const answer = await fetch('/api/my-sheets', { cache: 'no-store' })
    await serially(() => learnOwner(ownerOf(answer)))
    if (!answer.ok) return
    const { sheets, pages = [] } = (await answer.json()) as { sheets: string[]; pages?: string[] }
    await keepSignedOutHome()
    for (const path of new Set(['/', ...pages, ...sheets])) await fetchAndKeep(new URL(path, origin()))
  } catch {
    precachedAt = 0 // no signal: try again on the next page load
  }
}
