// DELETE /api/delete/?k= (operations.md §7 Drive): deletes the file whose key is k (base64 of the
// URL-encoded key, as /api/download/'s; several k delete several files in one transaction), with
// its blob and the PDFs derived from them → 200 {deleted: [keys]}; none found → 404 {error}. An
// Idempotency-Key header (a UUID) makes a retry act once and answer the same {deleted}.
import type { ActionFunctionArgs } from '@remix-run/node'
import { runJsonCommand } from '#app/command-answer.server.ts'
import { jsonError, methodNotAllowed, requireDriveUser } from '#app/drive-api.server.ts'
import { deleteDriveFiles, deleteFiles } from '#commands/drive.ts'
import { decodeParam } from '#storage/drive-keys.ts'

const MAX_KEYS = 100

export const loader = () => methodNotAllowed('DELETE')

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed('DELETE')
  const user = await requireDriveUser(request, 'remove')
  const raw = new URL(request.url).searchParams.getAll('k')
  if (raw.length === 0) return jsonError(400, 'k is required.')
  if (raw.length > MAX_KEYS) return jsonError(400, `At most ${MAX_KEYS} files at once.`)
  const keys = raw.map(decodeParam)
  if (keys.some((k) => k === null)) return jsonError(400, 'k must be the base64 of the URL-encoded key.')
  return runJsonCommand(request, deleteFiles, { actor: user, input: { k: keys }, run: deleteDriveFiles }, ({ deleted }) =>
    deleted.length === 0 ? jsonError(404, 'The file does not exist.') : Response.json({ deleted }),
  )
}
