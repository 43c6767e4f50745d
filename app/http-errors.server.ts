// The route layer's side of core/errors.ts: a core error becomes the HTTP answer it stands for.
// Loaders and actions let these propagate through `asHttpError`; submitForm (forms.server.ts)
// answers input errors and conflicts beside the form instead.
import { ConflictError, ForbiddenError, NotFoundError } from '#core/errors.ts'

const text = (status: number, message: string) => new Response(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } })

export const notFound = (message = 'Not Found') => text(404, message)
export const forbidden = (message = 'Forbidden') => text(403, message)

/** The Response a core error stands for, or the error itself when it is not one of them. */
export function asHttpError(error: unknown): unknown {
  if (error instanceof NotFoundError) return notFound(error.message)
  if (error instanceof ForbiddenError) return forbidden(error.message)
  if (error instanceof ConflictError) return text(409, error.message)
  return error
}
