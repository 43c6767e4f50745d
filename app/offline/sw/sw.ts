/// <reference lib="webworker" />
// The service worker: the app with no signal (decisions 0038, 0047, 0059, 0081, 0089). bin/build.ts
// bundles this file to /sw.js. Each part has its module:
// - requests.ts: which requests it answers, and how; answers.ts: what an answer tells it.
// - shell-cache.ts: the app's code (/assets/, cache first, kept across users), the offline pages
//   and home as a visitor sees it.
// - pages-cache.ts: one user's copies of the pages they opened (network first, the copy when the
//   network fails), emptied when another user's answer or the word that the session is gone comes.
// - offline-answers.ts: a page, its data and the route look-up answered with no signal.
// - copies.ts: which open pages show a copy ('as of').
// - sign-out.ts: a Log out made with no signal, finished on the server first when signal returns.
// - messages.ts: what the pages ask (protocol.ts names the messages and the caches).
import { networkFirst, ownRoutesOffline, passOn } from './offline-answers.ts'
import { fetchAndKeep } from './pages-cache.ts'
import { PAGES_CACHE, SHELL_CACHE } from './protocol.ts'
import { handlingOf } from './requests.ts'
import { origin, worker } from './scope.ts'
import { cacheFirst, keepShell } from './shell-cache.ts'
import { onMessage } from './messages.ts'
import { signOutFirst } from './sign-out.ts'

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      // so a phone that loses its signal a second after signing in still opens home
      await keepShell()
      // home, for whoever is signed in on the page that registered this worker (no signal: later)
      await fetchAndKeep(new URL('/', origin())).catch(() => undefined)
      await worker.skipWaiting()
    })(),
  )
})

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== SHELL_CACHE && name !== PAGES_CACHE) await caches.delete(name)
      await worker.clients.claim()
    })(),
  )
})

const ANSWER = { 'network-first': networkFirst, 'own-routes': ownRoutesOffline, 'pass-on': passOn } as const

worker.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url)
  const handling = handlingOf(event.request, url, origin())
  if (handling === null) return
  if (handling === 'cache-first') return event.respondWith(cacheFirst(event.request))
  const answer = ANSWER[handling]
  event.respondWith(signOutFirst(event.request, () => answer(event, url)))
})

worker.addEventListener('message', onMessage)
