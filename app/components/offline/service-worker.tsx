import { useEffect } from 'react'

/**
 * Registers the service worker (public/sw.js) for a signed-in user and asks it to pre-cache the
 * user's assigned sheets while there is signal. Renders nothing; without JavaScript nothing runs.
 */
export function OfflineSupport({ userId }: { userId: number }) {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        // a page loaded while the worker was still starting is not yet in its hands
        if (!navigator.serviceWorker.controller) registration.active?.postMessage({ type: 'claim' })
        if (navigator.onLine) registration.active?.postMessage({ type: 'precache', userId })
      })
      .catch((error: unknown) => console.warn('Offline support is not available:', error))
  }, [userId])
  return null
}
