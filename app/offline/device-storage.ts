// Whether the browser keeps this site's storage when the device runs low on space (decision 0095):
// asked when something is first kept on the device (a photo, a form queued with no signal) or when
// the user presses the button of 'On this device', and the answer shown there. Browser only.
import { useSyncExternalStore } from 'react'

/** 'kept': the browser will not clear it to make room; 'not-kept': it may; 'unknown': it cannot say (no Storage API). */
export type Persistence = 'kept' | 'not-kept' | 'unknown'

let known: Persistence | null = null
let asking: Promise<Persistence> | undefined
const listeners = new Set<() => void>()

function settle(answer: Persistence): Persistence {
  known = answer
  for (const listener of listeners) listener()
  return answer
}

/** Asks the browser once per page to keep this site's storage (when something is first kept); the answer is shown by usePersistence. */
export function askToPersist(): Promise<Persistence> {
  asking ??= askAgainToPersist()
  return asking
}

/** Asks the browser now, as the user asked (a browser may show its own question). */
export async function askAgainToPersist(): Promise<Persistence> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage
  if (!storage?.persist) return settle('unknown')
  return settle((await storage.persist().catch(() => false)) ? 'kept' : 'not-kept')
}

/** Reads the browser's answer without asking (no prompt). */
export async function readPersistence(): Promise<Persistence> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage
  if (!storage?.persisted) return settle('unknown')
  return settle((await storage.persisted().catch(() => false)) ? 'kept' : 'not-kept')
}

/** The last answer known to this page, null before any. */
export function usePersistence(): Persistence | null {
  return useSyncExternalStore(
    (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    () => known,
    () => null,
  )
}
