// The drive's JSON routes share these (app/routes/api.files.ts, api.folders.ts, api.download.ts,
// api.delete.ts, api.delete-folder.ts): the permission rules of operations.md §6, and one way to
// turn a core error into a JSON `{error}` answer (never a 500 for bad input).
import { ACCESS } from '#app/access.ts'
import { requireApiUser, verifyCsrfHeader } from '#app/auth/guard.server.ts'
import { ConflictError, ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import { hasAnyPermission, type Permission, type SessionUser } from '#core/permissions.ts'

/** Browse (the /auditing screen's rule), add (upload, create folder), delete. */
export const DRIVE_PERMISSIONS = {
  browse: ACCESS['/auditing'].permissions,
  add: ['api.add_s3bucket'],
  remove: ['api.delete_s3bucket'],
} as const satisfies Record<string, readonly Permission[]>

export const jsonError = (status: number, error: string, headers?: HeadersInit) => Response.json({ error }, { status, headers: { 'Cache-Control': 'no-store', ...headers } })

const FORBIDDEN = 'You do not have permission to do that.'

/**
 * Signed in, let in by the drive page's rule (browse) and holding one of the rule's permissions:
 * the same rights as the page (a delete is view and delete), checked before anything is looked up,
 * so a user who may not see the drive is told nothing of its names (docs/decisions/0046). A change
 * (not GET) also needs the X-CSRF-Token header.
 */
export async function requireDriveUser(request: Request, rule: keyof typeof DRIVE_PERMISSIONS): Promise<SessionUser> {
  const user = await requireApiUser(request, DRIVE_PERMISSIONS.browse)
  if (!hasAnyPermission(user, DRIVE_PERMISSIONS[rule])) throw jsonError(403, FORBIDDEN)
  if (request.method !== 'GET' && request.method !== 'HEAD') await verifyCsrfHeader(request)
  return user
}

/** The JSON answer a core error stands for; anything else is rethrown. */
export function driveApiError(error: unknown): Response {
  if (error instanceof Response) return error
  if (error instanceof InputError) return jsonError(400, error.message)
  if (error instanceof NotFoundError) return jsonError(404, error.message)
  if (error instanceof ForbiddenError) return jsonError(403, error.message)
  if (error instanceof ConflictError) return jsonError(409, error.message)
  throw error
}

export const methodNotAllowed = (allow: string) => jsonError(405, `Use ${allow}.`, { Allow: allow })
