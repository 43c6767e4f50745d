// When the device is full, the pages kept for offline go first (decision 0095): they are copies the
// server can give again, while an item waiting to be sent, its photos and a draft exist nowhere
// else. The browser evicts a site's storage whole, never one kind before another, so the order is
// the app's: a write of the outbox refused for want of room (QuotaExceededError) drops the pages'
// cache and is tried once more. Browser only.
import { PAGES_CACHE } from './sw/protocol.ts'

/** Whether `error` is the browser saying the site's storage is full. */
export const isQuotaExceeded = (error: unknown): boolean => typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'QuotaExceededError'

/**
 * Drops the user's pages kept for offline (the service worker keeps them again as they are
 * opened); true when there were any. Each entry first: Chromium frees a deleted cache's room only
 * once no worker holds it open, an entry's at once.
 */
export async function dropCachedPages(): Promise<boolean> {
  if (typeof caches === 'undefined' || !(await caches.has(PAGES_CACHE))) return false
  const pages = await caches.open(PAGES_CACHE)
  for (const request of await pages.keys()) await pages.delete(request)
  return caches.delete(PAGES_CACHE)
}

/** Runs `write`; when the device is full, drops the cached pages and runs it once more (its second refusal is the caller's). */
export async function withRoomMade<T>(write: () => Promise<T>, dropPages: () => Promise<boolean> = dropCachedPages): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (!isQuotaExceeded(error) || !(await dropPages().catch(() => false))) throw error
    return write()
  }
}
