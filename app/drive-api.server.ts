// The drive's JSON routes share these (app/routes/api.files.ts, api.folders.ts, api.download.ts,
// api.delete.ts, api.delete-folder.ts): the permission rules of operations.md §6. Their changes are
// commands, run and answered through app/command-answer.server.ts.
import { ACCESS } from '#app/access.ts'
import { jsonError } from '#app/command-answer.server.ts'
import { requireApiUser, verifyCsrfHeader } from '#app/auth/guard.server.ts'
import { hasAnyPermission, type Permission, type SessionUser } from '#core/permissions.ts'

/** the drive routes' `{error}` answer, the JSON glue's own */
export { jsonError }

/** Browse (the /auditing screen's rule), add (upload, create folder), delete. */
export const DRIVE_PERMISSIONS = {
  browse: ACCESS['/auditing'].permissions,
  add: ['api.add_s3bucket'],
  remove: ['api.delete_s3bucket'],
} as const satisfies Record<string, readonly Permission[]>

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

export const methodNotAllowed = (allow: string) => jsonError(405, `Use ${allow}.`, { Allow: allow })
