// The route layer's side of core/errors.ts: a core error becomes the HTTP answer it stands for.
// Loaders and actions let these propagate through `asHttpError`; submitForm (forms.server.ts)
// answers input errors and conflicts beside the form instead.
import { ConflictError, ForbiddenError, NotFoundError } from '#core/errors.ts'
import { PAGE_LOAD_FAILED, SAVE_FAILED } from './components/form/form-result.ts'

const text = (status: number, message: string) => new Response(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } })

export const notFound = (message = 'Not Found') => text(404, message)

/**
 * What a request gets when the server cannot serve it now (the database is unreachable): 503 with
 * the spec's text for what was asked: a save's ('Problem occurred while submitting data…') or a
 * page's ('Page load error…'). The page's error boundary shows it (a form's Error modal, a list's
 * own message); the root loader lets it pass to them (app/root.tsx).
 */
export function unavailable(request: Request): Response {
  return text(503, request.method === 'GET' || request.method === 'HEAD' ? PAGE_LOAD_FAILED : SAVE_FAILED)
}

export function isUnavailable(error: unknown): boolean {
  return error instanceof Response && error.status === 503
}
export const forbidden = (message = 'Forbidden') => text(403, message)

/** The Response a core error stands for, or the error itself when it is not one of them. */
export function asHttpError(error: unknown): unknown {
  if (error instanceof NotFoundError) return notFound(error.message)
  if (error instanceof ForbiddenError) return forbidden(error.message)
  if (error instanceof ConflictError) return text(409, error.message)
  return error
}
