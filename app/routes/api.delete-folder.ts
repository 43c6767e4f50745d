// DELETE /api/delete-folder/?k= (operations.md §7 Drive): deletes the folder whose key is k
// (base64 of the URL-encoded 'a/b/'), only when it is empty (§4) → 200 {deleted}; otherwise the
// error field says why (409 not empty, 404 no such folder), which the page shows as
// 'Folder delete error: {error}'. An Idempotency-Key header (a UUID) makes a retry act once and
// answer the same {deleted}.
import type { ActionFunctionArgs } from '@remix-run/node'
import { runJsonCommand } from '#app/command-answer.server.ts'
import { jsonError, methodNotAllowed, requireDriveUser } from '#app/drive-api.server.ts'
import { deleteFolder } from '#commands/drive.ts'
import { decodeParam } from '#storage/drive-keys.ts'

export const loader = () => methodNotAllowed('DELETE')

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed('DELETE')
  const user = await requireDriveUser(request, 'remove')
  const key = decodeParam(new URL(request.url).searchParams.get('k'))
  if (key === null) return jsonError(400, 'k must be the base64 of the URL-encoded folder key.')
  return runJsonCommand(request, deleteFolder, { actor: user, input: { k: key } }, (result) => Response.json(result))
}
