// GET /api/download/?k=&p= (operations.md §7 Drive): k and p are base64 of the URL-encoded file
// key and its folder. Answers the file's signed, short-lived download URL as text. The key must be
// a file directly in folder p: a key from another folder, a folder, or anything outside the drive
// is refused (400/404), so a page can only hand out what it listed.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { jsonError, requireDriveUser } from '#app/drive-api.server.ts'
import { getDb } from '#db/client.server.ts'
import { getBlobStore } from '#storage/index.server.ts'
import { decodeParam, parseFileKey, parsePrefix } from '#storage/drive-keys.ts'
import { findDriveFile } from '#storage/drive.server.ts'

/** Long enough to start a download, short enough that a copied link soon stops working. */
export const DOWNLOAD_URL_SECONDS = 300

export async function loader({ request }: LoaderFunctionArgs) {
  await requireDriveUser(request, 'browse')
  const url = new URL(request.url)
  const key = decodeParam(url.searchParams.get('k'))
  const prefixText = url.searchParams.has('p') ? decodeParam(url.searchParams.get('p')) : null
  if (key === null || prefixText === null) return jsonError(400, 'k and p must be the base64 of the URL-encoded key and folder.')
  const file = parseFileKey(key)
  if (!file.ok) return jsonError(400, file.error)
  const prefix = parsePrefix(prefixText)
  if (!prefix.ok) return jsonError(400, prefix.error)
  if (file.value.parent !== prefix.value) return jsonError(400, 'The file is not in that folder.')
  const found = await findDriveFile(getDb(), file.value.key)
  if (!found) return jsonError(404, 'The file does not exist.')
  const signed = await getBlobStore().signedDownloadUrl(found.blob_key, {
    expiresInSeconds: DOWNLOAD_URL_SECONDS,
    filename: found.name,
    contentType: found.content_type,
    disposition: 'attachment',
  })
  return new Response(signed, { headers: { 'content-type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
}
