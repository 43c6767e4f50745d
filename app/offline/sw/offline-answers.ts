/// <reference lib="webworker" />
// How the worker answers a page, its data and the API (requests.ts says which): from the network
// while there is signal, keeping a copy; with no signal, the owner's copy or the offline page.
import { keepable, reloadDocument } from './answers.ts'
import { servedCopy, servedFresh } from './copies.ts'
import { hearAndKeep, keepPageOf, ownersCopy } from './pages-cache.ts'
import { documentPathOf, isPage, offlineRouteLookup } from './requests.ts'
import { worker } from './scope.ts'
import { offlinePage } from './shell-cache.ts'

/**
 * Every page the user opens (HTML, and the Remix data requests of its routes): network first, the
 * owner's copy when the network fails. A page reached by a link in the page (only its data was
 * asked for) is fetched and kept as a page too: with no signal links load whole pages.
 */
export async function networkFirst(event: FetchEvent, url: URL): Promise<Response> {
  const request = event.request
  const client = event.resultingClientId || event.clientId
  try {
    const response = await fetch(request)
    const copy = keepable(response) ? response.clone() : null
    event.waitUntil(hearAndKeep(url, response, copy).then(() => (copy && url.pathname.endsWith('.data') ? keepPageOf(url) : undefined)))
    event.waitUntil(servedFresh(client))
    return response
  } catch (error) {
    const cached = await ownersCopy(url, { navigation: request.mode === 'navigate' })
    if (cached) {
      if (isPage(request, url)) event.waitUntil(servedCopy(client, cached))
      return cached
    }
    if (request.mode === 'navigate') return (await offlinePage(url)) ?? Promise.reject(error)
    // a page's data with no copy (a link followed in the page): the whole page instead, from the device or the offline page
    if (url.pathname.endsWith('.data')) return reloadDocument(documentPathOf(url))
    throw error
  }
}

/** Any other page, its data and the API: passed on, heard for what they say about the session. */
export async function passOn(event: FetchEvent, url: URL): Promise<Response> {
  try {
    const response = await fetch(event.request)
    event.waitUntil(hearAndKeep(url, response, null))
    return response
  } catch (error) {
    if (event.request.mode === 'navigate') return (await offlinePage(url)) ?? Promise.reject(error)
    throw error
  }
}

/**
 * Remix's route look-up, or with no signal: for the page's own address 'nothing new'; for a
 * STANDS_FOR form, Remix's 'load it as a document' (requests.ts, offlineRouteLookup).
 */
export async function ownRoutesOffline(event: FetchEvent, url: URL): Promise<Response> {
  try {
    return await fetch(event.request)
  } catch (error) {
    const client = event.clientId ? await worker.clients.get(event.clientId) : null
    const answer = offlineRouteLookup(url.searchParams.getAll('p'), client ? new URL(client.url).pathname : null)
    if (answer === 'own') return Response.json({}, { headers: { 'Cache-Control': 'no-store' } })
    if (answer === 'reload') return new Response(null, { status: 204, headers: { 'X-Remix-Reload-Document': 'true', 'Cache-Control': 'no-store' } })
    throw error
  }
}
