// DELETE /api/delete/?k= (operations.md §7 Drive): deletes the file whose key is k (base64 of the
// URL-encoded key, as /api/download/'s; several k delete several files in one transaction), with
// its blob and the PDFs derived from it → 200 {deleted: [keys]}; none found → 404 {error}.
import type { ActionFunctionArgs } from '@remix-run/node'
import { driveApiError, jsonError, methodNotAllowed, requireDriveUser } from '#app/drive-api.server.ts'
import { getDb } from '#db/client.server.ts'
import { getBlobStore } from '#storage/index.server.ts'
import { decodeParam } from '#storage/drive-keys.ts'
import { deleteFiles } from '#storage/drive.server.ts'

const MAX_KEYS = 100

export const loader = () => methodNotAllowed('DELETE')

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed('DELETE')
  await requireDriveUser(request, 'remove')
  const raw = new URL(request.url).searchParams.getAll('k')
  if (raw.length === 0) return jsonError(400, 'k is required.')
  if (raw.length > MAX_KEYS) return jsonError(400, `At most ${MAX_KEYS} files at once.`)
  const keys = raw.map(decodeParam)
  if (keys.some((k) => k === null)) return jsonError(400, 'k must be the base64 of the URL-encoded key.')
  try {
    const deleted = await deleteFiles(getDb(), getBlobStore(), keys)
    if (deleted.length === 0) return jsonError(404, 'The file does not exist.')
    return Response.json({ deleted })
  } catch (error) {
    return driveApiError(error)
  }
}
