// DELETE /api/delete-folder/?k= (operations.md §7 Drive): deletes the folder whose key is k
// (base64 of the URL-encoded 'a/b/'), only when it is empty (§4) → 200 {deleted}; otherwise the
// error field says why (409 not empty, 404 no such folder), which the page shows as
// 'Folder delete error: {error}'.
import type { ActionFunctionArgs } from '@remix-run/node'
import { driveApiError, jsonError, methodNotAllowed, requireDriveUser } from '#app/drive-api.server.ts'
import { getDb } from '#db/client.server.ts'
import { decodeParam } from '#storage/drive-keys.ts'
import { deleteFolder } from '#storage/drive.server.ts'

export const loader = () => methodNotAllowed('DELETE')

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed('DELETE')
  await requireDriveUser(request, 'remove')
  const key = decodeParam(new URL(request.url).searchParams.get('k'))
  if (key === null) return jsonError(400, 'k must be the base64 of the URL-encoded folder key.')
  try {
    await deleteFolder(getDb(), key)
    return Response.json({ deleted: key.endsWith('/') ? key : `${key}/` })
  } catch (error) {
    return driveApiError(error)
  }
}
