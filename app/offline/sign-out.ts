// Sign-out on a shared phone (decisions 0038, 0081): the user's cached pages, synced sheet drafts and
// half-typed forms go; what waits to be sent (a sheet's changes the server has not taken, a form
// kept with no signal, and their photos) stays (nothing is ever lost) and the user is warned first.
// With no signal the user is signed out on the device at once, and the service worker ends the
// session on the server before anything else is asked when the signal returns (sw/sign-out.ts).
import type { FormEvent } from 'react'
import { forgetSyncedDrafts, userDrafts } from './draft-store.ts'
import { isUnsynced } from './draft-record.ts'
import { forgetOrphanPhotos } from './device-photos.ts'
import { userFormDrafts } from './form-draft-store.ts'
import { localPhotosOf, queuedForms } from './form-outbox.ts'
import { inStore } from './offline-db.ts'
import { pingServer } from './outbox-state.ts'
import { PAGES_CACHE, SHELL_CACHE, SIGN_OUT_ENTRY, tellWorker } from './sw/protocol.ts'

export const UNSENT_DRAFTS_WARNING = 'Some changes on this device have not reached the server yet. They stay on this device until you sign in again with a signal. Log out anyway?'
export const HALF_TYPED_WARNING = 'A form you started on this device and did not submit is deleted when you log out. Log out anyway?'

/** The log-out form's onSubmit: clears, then sends the form itself (a plain POST), or with no signal signs out on the device. */
export function clearOfflineDataOnSignOut(userId: number) {
  return (event: FormEvent<HTMLFormElement>) => {
    if (typeof indexedDB === 'undefined') return
    const form = event.currentTarget
    event.preventDefault()
    void (async () => {
      try {
        // a sheet's changes, and the forms kept with no signal (form-outbox.ts), which stay too
        const [drafts, queued, halfTyped] = await Promise.all([userDrafts(userId), queuedForms(userId), userFormDrafts(userId)])
        const unsent = drafts.filter(isUnsynced).length + queued.length
        const warning = unsent > 0 ? UNSENT_DRAFTS_WARNING : halfTyped.length > 0 ? HALF_TYPED_WARNING : null
        if (warning && !window.confirm(warning)) return
        await forgetSyncedDrafts(userId)
        await forgetHalfTyped(userId)
        if ('caches' in window) await caches.delete(PAGES_CACHE)
        const worker = navigator.serviceWorker?.controller
        if (worker && 'caches' in window && !(await pingServer())) {
          // no signal: the post would end on the browser's error page, still signed in
          await (await caches.open(SHELL_CACHE)).put(SIGN_OUT_ENTRY, new Response(String(new FormData(form).get('csrf') ?? '')))
          tellWorker(worker, { type: 'signed-out' })
          window.location.assign('/')
          return
        }
        tellWorker(worker, { type: 'signed-out' })
      } catch (error) {
        console.warn('Could not clear the offline data:', error)
      }
      form.submit()
    })()
  }
}

/** The user's half-typed forms go, with the photos only they named (a queued form's photos stay with it). */
async function forgetHalfTyped(userId: number): Promise<void> {
  for (const draft of await userFormDrafts(userId)) await inStore('formDrafts', 'readwrite', (store) => store.delete(draft.key))
  const named = new Set((await queuedForms(userId)).flatMap((form) => localPhotosOf(form.fields).map(([, localId]) => localId)))
  await forgetOrphanPhotos(userId, named, Number.POSITIVE_INFINITY)
}
