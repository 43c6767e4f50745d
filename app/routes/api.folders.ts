// POST /api/folders/ with JSON {f, p} (operations.md §7 Drive): creates folder `f` in folder `p`
// ('' or 'a/b/', plain text as the page's ?p=; missing folders of `p` are created too)
// → 201 {key}. A blank name → 400 'Please enter a folder name!'; a name with '/', '..', control
// characters or a leading dot → 400; a name already taken → 409. An Idempotency-Key header (a
// UUID) makes a retry act once (app/command-answer.server.ts).
import type { ActionFunctionArgs } from '@remix-run/node'
import { runJsonCommand } from '#app/command-answer.server.ts'
import { jsonError, methodNotAllowed, requireDriveUser } from '#app/drive-api.server.ts'
import { createFolder } from '#commands/drive.ts'

const MAX_BODY_BYTES = 16 * 1024

export const loader = () => methodNotAllowed('POST')

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  const user = await requireDriveUser(request, 'add')
  let body: unknown
  try {
    const text = await request.text()
    if (text.length > MAX_BODY_BYTES) return jsonError(413, 'The request is too large.')
    body = JSON.parse(text)
  } catch {
    return jsonError(400, 'The request body must be JSON.')
  }
  // a body that is not an object names no folder: the blank name's message
  const { f, p } = (body && typeof body === 'object' ? body : {}) as { f?: unknown; p?: unknown }
  return runJsonCommand(request, createFolder, { actor: user, input: { f, p } }, (result) => Response.json(result, { status: 201 }))
}
