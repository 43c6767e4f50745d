// The worker's messages with the pages, in a stand-in scope: a cache storage in memory, one open page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { servedCopy, servedFresh } from './copies.ts'
import { onMessage } from './messages.ts'
import { PAGES_CACHE, SHELL_CACHE, type ToPage, type ToWorker } from './protocol.ts'

const told: ToPage[] = []
const page = { id: 'page-1', url: 'https://app.example/pretreats/4', postMessage: (message: ToPage) => told.push(message) }
let cacheNames: Set<string>

beforeEach(() => {
  told.length = 0
  cacheNames = new Set([SHELL_CACHE, PAGES_CACHE])
  vi.stubGlobal('clients', { get: async (id: string) => (id === page.id ? page : undefined) })
  vi.stubGlobal('caches', { delete: async (name: string) => cacheNames.delete(name), keys: async () => [...cacheNames] })
})
afterEach(() => vi.unstubAllGlobals())

/** Hands the worker a page's message; resolves when the work it asked for is done. */
async function send(message: ToWorker): Promise<void> {
  const work: Promise<unknown>[] = []
  onMessage({ data: message, source: page, waitUntil: (p: Promise<unknown>) => work.push(p) } as unknown as ExtendableMessageEvent)
  await Promise.all(work)
}

describe('the service worker and its pages', () => {
  it('tells a page drawn from a copy when the copy was drawn, and again when it reads the server', async () => {
    await servedCopy(page.id, new Response('x', { headers: { date: 'Mon, 07 Dec 2026 08:30:00 GMT' } }))
    await send({ type: 'copy?' })
    await servedFresh(page.id)
    await send({ type: 'copy?' })
    expect(told).toEqual([
      { type: 'copy', at: 'Mon, 07 Dec 2026 08:30:00 GMT' },
      { type: 'copy', at: 'Mon, 07 Dec 2026 08:30:00 GMT' },
      { type: 'copy', at: null },
      { type: 'copy', at: null },
    ])
  })

  it('at sign-out forgets the user’s pages and keeps the app’s code and offline pages', async () => {
    await send({ type: 'signed-out' })
    expect([...cacheNames]).toEqual([SHELL_CACHE])
  })
})
