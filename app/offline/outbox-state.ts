// What this page knows about the device's outbox (decisions 0048, 0058): the drafts and forms that
// wait to be sent (the top bar counts and lists them), whether the server answered the last ping,
// and which sheets are open on this device (an open sheet sends its own draft; outbox-pump.ts
// leaves it alone). Browser only.
import { useSyncExternalStore } from 'react'
import { isWaiting, sheetIdOf, sheetUnsynced } from './draft-record.ts'
import { userDrafts } from './draft-store.ts'
import { localPhotosOf, outboxUser, queuedForms } from './form-outbox.ts'

/** Spec §7/§9: /api/ping every 60 s with a 3 s time-out (the application sheet's own sync). */
export const PING_EVERY_MS = 60_000
/** Spec §9: 'default draft sync elsewhere 30 s': how often every page tries what waits. */
export const OUTBOX_EVERY_MS = 30_000
export const PING_TIMEOUT_MS = 3_000

/** One thing that waits to be sent, as the top bar's list shows it. */
export interface WaitingItem {
  /** the device's key of the form or draft */
  key: string
  kind: 'form' | 'sheet'
  /** what it is: the form's page title, or the sheet */
  title: string
  /** which record: the form's storage, date, total… */
  summary?: string
  /** where the user can open it: the form's address, or the sheet's page */
  href: string
  /** ISO: when it was queued (a sheet: its last change on the device) */
  since: string
  /** the server refused it (a status): it waits for the user, not for a retry */
  refused?: number
  lastError?: string
  photos: number
}

let waiting: readonly WaitingItem[] = []
let countsStarted = 0
let countsApplied = 0
const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** What the user's outbox holds, oldest first (empty on the server and before the first count). */
export function useWaitingItems(): readonly WaitingItem[] {
  return useSyncExternalStore(
    subscribe,
    () => waiting,
    () => NOTHING,
  )
}
const NOTHING: readonly WaitingItem[] = []

/** How many of the user's drafts and forms wait to be sent. */
export const useWaitingCount = (): number => useWaitingItems().length

/** Reads again what waits (after anything that may queue or send): a sheet's queued steps, and the forms kept with no signal. */
export async function countWaiting(userId: number, { announce = true } = {}): Promise<void> {
  // heard before reading: another tab's change made during the read starts a later count
  otherTabs()
  const count = ++countsStarted
  const [drafts, forms, open] = await Promise.all([userDrafts(userId), queuedForms(userId), openSheetsAnywhere()])
  // a count started later read later: an earlier one that ends after it would put back what was sent
  if (count < countsApplied) return
  countsApplied = count
  // an open sheet's edits are its own page's to send (its status line says so); a queued step is listed anyway
  const items: WaitingItem[] = [
    ...drafts
      .filter((d) => isWaiting(d) || (!open.has(d.draftKey) && sheetUnsynced(d)))
      .map((d): WaitingItem => {
        const sheetId = sheetIdOf(d.draftKey)
        return {
          key: d.key,
          kind: 'sheet',
          title: d.number ? `Application sheet ${d.number}` : sheetId === null ? 'Application sheet' : `Application sheet of pre-treat ${sheetId}`,
          href: sheetId === null ? '/' : `/pretreats/${sheetId}`,
          since: d.savedLocallyAt,
          // refused as it stands: the sheet says why when opened; Send now tries again
          ...(d.refusal ? { refused: 400, lastError: d.refusal } : {}),
          photos: 0,
        }
      }),
    ...forms.map((f): WaitingItem => ({
      key: f.key,
      kind: 'form',
      title: f.title,
      ...(f.summary ? { summary: f.summary } : {}),
      href: f.url,
      since: f.queuedAt,
      ...(f.refused ? { refused: f.refused } : {}),
      ...(f.lastError ? { lastError: f.lastError } : {}),
      photos: localPhotosOf(f.fields).length,
    })),
  ].sort((a, b) => (a.since < b.since ? -1 : 1))
  if (JSON.stringify(items) === JSON.stringify(waiting)) return
  waiting = items
  for (const listener of listeners) listener()
  if (announce) announceOutboxChange(userId)
}

/** Tells the app's other tabs that `userId`'s outbox changed here (sent, queued, discarded). */
export function announceOutboxChange(userId: number): void {
  otherTabs()?.postMessage(userId)
}

let channel: BroadcastChannel | null | undefined

/** The app's other tabs on this device: told when the outbox changed here, they read it again (one list on every page). */
function otherTabs(): BroadcastChannel | null {
  if (channel !== undefined) return channel
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('outbox')
  channel?.addEventListener('message', (event: MessageEvent<number>) => {
    if (event.data === outboxUser()) void countWaiting(event.data, { announce: false }).catch(() => undefined)
  })
  return channel
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
const OPEN_LOCK = 'sheet-open:'

/**
 * A sheet's page is open here and sends its own draft; returns the release. Where the browser has
 * Web Locks the page also holds a shared lock named for the sheet, so the app's other tabs see it
 * open too (openSheetsAnywhere) and leave it alone. The release settles once the lock is let go.
 */
export function openSheet(draftKey: string): () => Promise<void> {
  openSheets.add(draftKey)
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  // settles once the lock is let go: other tabs no longer see the sheet open
  const lock = navigator.locks?.request(OPEN_LOCK + draftKey, { mode: 'shared' }, () => held).catch(() => undefined)
  return async () => {
    openSheets.delete(draftKey)
    release()
    await lock
  }
}

/** The sheets open in this tab or in another of the app's tabs on this device. */
export async function openSheetsAnywhere(): Promise<Set<string>> {
  const open = new Set(openSheets)
  const locks = await navigator.locks?.query().catch(() => undefined)
  for (const lock of locks?.held ?? []) if (lock.name?.startsWith(OPEN_LOCK)) open.add(lock.name.slice(OPEN_LOCK.length))
  return open
}
