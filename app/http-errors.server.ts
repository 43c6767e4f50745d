// Plain HTTP answers a route throws itself (no such record, no right, the server unavailable). A
// command's refusal becomes its answer in app/command-answer.server.ts, not here.
import { PAGE_LOAD_FAILED, SAVE_FAILED } from './components/form/form-result.ts'

export const textAnswer = (status: number, message: string) => new Response(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } })

export const notFound = (message = 'Not Found') => textAnswer(404, message)

/**
 * What a request gets when the server cannot serve it now (the database is unreachable): 503 with
 * the spec's text for what was asked: a save's ('Problem occurred while submitting data…') or a
 * page's ('Page load error…'). The page's error boundary shows it (a form's Error modal, a list's
 * own message); the root loader lets it pass to them (app/root.tsx).
 */
export function unavailable(request: Request): Response {
  return textAnswer(503, request.method === 'GET' || request.method === 'HEAD' ? PAGE_LOAD_FAILED : SAVE_FAILED)
}

export function isUnavailable(error: unknown): boolean {
  return error instanceof Response && error.status === 503
}
export const forbidden = (message = 'Forbidden') => textAnswer(403, message)
