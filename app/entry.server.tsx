import { PassThrough } from 'node:stream'
import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'

export const streamTimeout = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce
  // Bots and no-JS clients get the whole document at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get('user-agent') ?? '') ? 'onAllReady' : 'onShellReady'
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const ready = () => {
      shellRendered = true
      const body = new PassThrough()
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
      pipe(body)
    }
    const { pipe, abort } = renderToPipeableStream(<RemixServer context={remixContext} url={request.url} nonce={nonce} />, {
      nonce,
      onShellReady() {
        if (readyEvent === 'onShellReady') ready()
      },
      onAllReady() {
        clearTimeout(timer)
        if (readyEvent === 'onAllReady') ready()
      },
      onShellError(error: unknown) {
        clearTimeout(timer)
        reject(error)
      },
      onError(error: unknown) {
        responseStatusCode = 500
        if (shellRendered) console.error(error)
      },
    })
    // Ends a render still streaming deferred data; cleared once everything is rendered, so a
    // finished page leaves no timer behind (its abort would only build an error nobody reads).
    const timer = setTimeout(abort, streamTimeout + 1000)
  })
}
