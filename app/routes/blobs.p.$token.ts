import type { ActionFunctionArgs } from '@remix-run/node'
import { receivePart } from '#storage/blob-http.server.ts'

// PUT of one part of a chunked upload to the filesystem driver: the signed token is the permission
// (the same-origin gate of the HTTP server still applies).
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PUT') return new Response('Method not allowed', { status: 405, headers: { Allow: 'PUT' } })
  return receivePart(request, params.token ?? '')
}
