import { useEffect } from 'react'
import { useCsrfToken } from '../components/csrf.tsx'
import { forgetSyncedDraftsExcept } from './draft-store.ts'
import { useOutboxPump } from './outbox-pump.ts'
import { seemsOnline } from './outbox-state.ts'
import { reloadForSessionUser } from './sent-for.ts'
import { tellWorker, type ToPage } from './sw/protocol.ts'

/**
 * On every page (decisions 0038, 0047, 0048). For a signed-in user: registers the service worker
 * (sw/sw.ts, served as /sw.js) and asks it to pre-cache the user's assigned sheets while there is signal; sends
 * what waits (outbox-pump.ts); with no signal, follows links as plain links, so the worker answers
 * with its copy or the offline page. Signed out, or told by the worker that the session is gone or
 * another user signed in: the drafts the server already holds go for everyone but the user now
 * signed in; a page of another user than the one now signed in reloads (decision 0081). Renders
 * nothing; without JavaScript nothing runs.
 */
export function OfflineSupport({ userId }: { userId: number | null }) {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return
    const worker = navigator.serviceWorker
    const onMessage = (event: MessageEvent<ToPage | undefined>) => {
      const owner = event.data?.type === 'owner' ? event.data.owner : undefined
      if (owner === undefined) return
      const signedIn = /^\d+$/.test(owner) ? Number(owner) : null
      void forgetSyncedDraftsExcept(signedIn).catch(() => undefined)
      // another user signed in on this device: this page is not theirs, and sends nothing as them (sent-for.ts)
      if (userId !== null && signedIn !== null && signedIn !== userId) reloadForSessionUser()
    }
    worker.addEventListener('message', onMessage)
    // a visitor who never signed in here has no drafts: their browser is left alone
    if (userId !== null || worker.controller) void forgetSyncedDraftsExcept(userId).catch(() => undefined)
    if (userId !== null) {
      worker
        .register('/sw.js', { scope: '/' })
        .then(() => worker.ready)
        .then((registration) => {
          // a page loaded while the worker was still starting is not yet in its hands
          if (!worker.controller) tellWorker(registration.active, { type: 'claim' })
          if (navigator.onLine) tellWorker(registration.active, { type: 'precache', userId })
        })
        .catch((error: unknown) => console.warn('Offline support is not available:', error))
    }
    return () => worker.removeEventListener('message', onMessage)
  }, [userId])

  useOutboxPump(userId, useCsrfToken())

  // With no signal a link Remix would follow needs the server: the browser follows it instead.
  useEffect(() => {
    if (userId === null) return
    const onClick = (event: MouseEvent) => {
      if (seemsOnline() || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-discover][href]') : null
      if (!link || link.target || link.hasAttribute('download') || new URL(link.href).origin !== location.origin) return
      event.stopPropagation() // the window's capture phase: React's Link never hears it; the browser navigates
    }
    window.addEventListener('click', onClick, true)
    return () => window.removeEventListener('click', onClick, true)
  }, [userId])
  return null
}
