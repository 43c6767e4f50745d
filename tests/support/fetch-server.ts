// Serves a fetch-API handler (Request → Response) over real HTTP on a free loopback port, for
// tests of handlers that the app mounts as Remix resource routes.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'

export async function serveFetch(handler: (request: Request) => Promise<Response>): Promise<{ base: string; close(): Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
      ...(hasBody ? { duplex: 'half' } : {}),
    } as RequestInit)
    const response = await handler(request)
    res.writeHead(response.status, Object.fromEntries(response.headers))
    if (response.body) Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).pipe(res)
    else res.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

/** Routes /blobs/d/<token> and /blobs/p/<token> the way the app's resource routes do. */
export function blobRouter(handlers: { download: (r: Request, t: string) => Promise<Response>; part: (r: Request, t: string) => Promise<Response> }) {
  return async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url)
    const match = /^\/blobs\/([dp])\/([^/]+)$/.exec(pathname)
    if (!match) return new Response('Not found', { status: 404 })
    return match[1] === 'd' ? handlers.download(request, decodeURIComponent(match[2]!)) : handlers.part(request, decodeURIComponent(match[2]!))
  }
}
