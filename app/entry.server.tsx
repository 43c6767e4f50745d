import { Writable } from 'node:stream'
import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'
import { errorFields, log } from '#core/log.server.ts'
import { SESSION_USER_HEADER, sessionOwnerHeader } from './auth/session.server.ts'
import { jsonCommandAnswer } from './command-answer.server.ts'

export const streamTimeout = 5_000

/**
 * A loader's or an action's failure, in the log with its request's id (a request the client gave up
 * is not one). The router's own refusals of a request (a POST to a page without an action: 405)
 * are the client's doing, not the app's: a warning with the path.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return
  if (isRouteErrorResponse(error) && error.status < 500) {
    const refusal = { status: error.status, request_id: context.requestId, method: request.method, path: new URL(request.url).pathname }
    log().warn({ msg: error.status === 405 ? 'method not allowed' : 'request refused', ...refusal })
    return
  }
  log().error({ msg: 'request failed', request_id: context.requestId, ...errorFields(error) })
}

/**
 * Every page is rendered whole and sent as one body with its length. Its loaders have all run
 * before rendering and no page defers data, so streaming would send the same bytes in small
 * pieces: each piece then costs the compressor a flush (on /view-calls, 1.2 ms of zlib per page
 * against 0.17 ms for the whole body at once) and the network a packet.
 */
export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext, loadContext: AppLoadContext) {
  // a command's JSON face (the outbox's sends): the action's answer as JSON, not the page
  const answer = jsonCommandAnswer(request, remixContext.staticHandlerContext)
  if (answer) {
    tagOwner(request, answer.headers)
    return answer
  }
  const nonce = loadContext.cspNonce
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false // an error before it goes to onShellError (and on to Remix), not here
    const chunks: Buffer[] = []
    const body = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk)
        done()
      },
    })
    body.on('finish', () => {
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
      tagOwner(request, responseHeaders)
      resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }))
    })
    const { pipe, abort } = renderToPipeableStream(<RemixServer context={remixContext} url={request.url} nonce={nonce} />, {
      nonce,
      onShellReady() {
        shellRendered = true
      },
      onAllReady() {
        clearTimeout(timer)
        pipe(body)
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
    // A render that never finishes is ended (its error boundary shows) rather than left hanging.
    const timer = setTimeout(abort, streamTimeout + 1000)
  })
}

/** A page's data (single fetch) says whose it is too, as its page does. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  tagOwner(request, response.headers)
  return response
}

/** Whose session the answer belongs to, for the service worker's per-user pages (decision 0047). */
function tagOwner(request: Request, headers: Headers): void {
  const owner = sessionOwnerHeader(request)
  if (owner !== undefined) headers.set(SESSION_USER_HEADER, owner)
}
