// GET /images/<blob id>: a stored image (or other file) of a record, for a signed-in user who may
// see that record (storage/attachments.server.ts has the one rule). Checked on every request, so a
// link stops working at sign-out; the filesystem store streams the file, S3 gets a redirect to a
// URL that lives a few minutes. Signed out: 401 (a page opened in a tab goes to the login page).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getUser, loginRedirect } from '#app/auth/guard.server.ts'
import { forbidden, notFound } from '#app/http-errors.server.ts'
import { getDb } from '#db/client.server.ts'
import { blobForViewer } from '#storage/attachments.server.ts'
import { serveStoredFile } from '#storage/blob-http.server.ts'
import { getBlobStore } from '#storage/index.server.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getUser(request)
  if (!user) {
    if (request.headers.get('sec-fetch-dest') === 'document') return loginRedirect(request)
    return new Response('Sign in to see this file.', { status: 401, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
  }
  const blob = await blobForViewer(getDb(), user, params.id ?? '')
  if (blob === 'not-found') return notFound()
  if (blob === 'forbidden') return forbidden()
  return serveStoredFile(request, getBlobStore(), blob)
}
