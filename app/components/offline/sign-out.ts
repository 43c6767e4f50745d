// Sign-out on a shared phone: the user's cached pages and synced drafts go; a draft the server has
// not taken, or a form waiting to be sent, stays (nothing is ever lost) and the user is warned first.
import type { FormEvent } from 'react'
import { forgetSyncedDrafts, userDrafts } from './draft-store.ts'
import { isUnsynced } from './draft-record.ts'
import { queuedForms } from './form-outbox.ts'

/** The service worker's per-user cache (public/sw.js names it too). */
export const PAGES_CACHE = 'pages-v3'

export const UNSENT_DRAFTS_WARNING =
  'Some changes on this device have not reached the server yet. They stay on this device until you sign in again with a signal. Log out anyway?'

/** The log-out form's onSubmit: clears, then sends the form itself (a plain POST). */
export function clearOfflineDataOnSignOut(userId: number) {
  return (event: FormEvent<HTMLFormElement>) => {
    if (typeof indexedDB === 'undefined') return
    const form = event.currentTarget
    event.preventDefault()
    void (async () => {
      try {
        // a sheet's changes, and the forms kept with no signal (form-outbox.ts), which stay too
        const unsent = [...(await userDrafts(userId)).filter(isUnsynced), ...(await queuedForms(userId))]
        if (unsent.length > 0 && !window.confirm(UNSENT_DRAFTS_WARNING)) return
        await forgetSyncedDrafts(userId)
        if ('caches' in window) await caches.delete(PAGES_CACHE)
        navigator.serviceWorker?.controller?.postMessage({ type: 'signed-out' })
      } catch (error) {
        console.warn('Could not clear the offline data:', error)
      }
      form.submit()
    })()
  }
}
