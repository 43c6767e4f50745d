// What this page knows about the device's outbox (decision 0048): how many drafts and forms wait to
// be sent (the top bar shows it), whether the server answered the last ping, and which sheets are open here
// (an open sheet sends its own draft; outbox-pump.ts leaves it alone). Browser only.
import { useSyncExternalStore } from 'react'
import { isWaiting } from './draft-record.ts'
import { userDrafts } from './draft-store.ts'
import { outboxUser, queuedForms } from './form-outbox.ts'

/** Spec §7/§9: /api/ping every 60 s with a 3 s time-out (the application sheet's own sync). */
export const PING_EVERY_MS = 60_000
/** Spec §9: 'default draft sync elsewhere 30 s': how often every page tries what waits. */
export const OUTBOX_EVERY_MS = 30_000
export const PING_TIMEOUT_MS = 3_000

let waiting = 0
const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** How many of the user's drafts wait to be sent (0 on the server and before the first count). */
export function useWaitingCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => waiting,
    () => 0,
  )
}

/** Counts again what waits (after anything that may queue or send): a sheet's queued steps, and the forms kept with no signal. */
export async function countWaiting(userId: number): Promise<void> {
  const [drafts, forms] = await Promise.all([userDrafts(userId), queuedForms(userId)])
  const count = drafts.filter(isWaiting).length + forms.length
  if (count === waiting) return
  waiting = count
  for (const listener of listeners) listener()
}

/** Counts again for the user the page's outbox pump serves (a form just queued). */
export async function countWaitingNow(): Promise<void> {
  const userId = outboxUser()
  if (userId !== null) await countWaiting(userId).catch(() => undefined)
}

const SEND_NOW = 'outbox:send-now'

/** Asks this page's outbox pump to try at once (a form just queued while the server may answer). */
export function sendWaitingNow(): void {
  window.dispatchEvent(new Event(SEND_NOW))
}

/** The pump hears sendWaitingNow(); returns the release. */
export function onSendNow(listener: () => void): () => void {
  window.addEventListener(SEND_NOW, listener)
  return () => window.removeEventListener(SEND_NOW, listener)
}

let answered = true

/** Asks GET /api/ping (3 s at most): whether the server answers. Remembered for serverAnswered(). */
export async function pingServer(timeoutMs = PING_TIMEOUT_MS): Promise<boolean> {
  const controller = new AbortController()
  const timer = window.setTimeout(() => controller.abort(), timeoutMs)
  try {
    answered = (await fetch('/api/ping', { cache: 'no-store', signal: controller.signal })).ok
  } catch {
    answered = false
  } finally {
    window.clearTimeout(timer)
  }
  return answered
}

/** The browser says it is online and the last ping (if any) was answered. */
export function seemsOnline(): boolean {
  return navigator.onLine && answered
}

const openSheets = new Set<string>()

/** A sheet's page is open here and sends its own draft; returns the release. */
export function openSheet(draftKey: string): () => void {
  openSheets.add(draftKey)
  return () => openSheets.delete(draftKey)
}

export const isOpenHere = (draftKey: string) => openSheets.has(draftKey)
