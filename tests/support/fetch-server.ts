// Serves a fetch-API handler (Request → Response) over real HTTP on a free loopback port, for
// tests of handlers that the app mounts as Remix resource routes.
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>

/** `before` may answer a request itself, the Node way (true when it did). */
export async function serveFetch(handler: (request: Request) => Promise<Response>, before?: NodeHandler): Promise<{ base: string; close(): Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    if (before && (await before(req, res))) return
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

/** Serves /blobs/d/<token> (fetch API, as the Remix route) and PUT /blobs/p/<token> (Node, as server/blob-parts.ts). */
export function serveBlobs(handlers: { download: (r: Request, t: string) => Promise<Response>; part: (req: IncomingMessage, res: ServerResponse, t: string) => Promise<void> }) {
  const tokenOf = (pathname: string, kind: 'd' | 'p') => {
    const match = new RegExp(`^/blobs/${kind}/([^/]+)$`).exec(pathname)
    return match ? decodeURIComponent(match[1]!) : null
  }
  return serveFetch(
    async (request) => {
      const token = tokenOf(new URL(request.url).pathname, 'd')
      return token === null ? new Response('Not found', { status: 404 }) : handlers.download(request, token)
    },
    async (req, res) => {
      const token = tokenOf(new URL(req.url ?? '/', 'http://127.0.0.1').pathname, 'p')
      if (token === null) return false
      await handlers.part(req, res, token)
      return true
    },
  )
}
