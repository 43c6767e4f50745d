// The outbox's one transport (decision 0088): every queued item — a field form, a sheet's save,
// checklist or submit — is posted to its command's JSON face with its idempotency key, for its own
// user (sent-for.ts), and the typed answer read (app/command-answer.ts), never a page. Browser only.
import { IDEMPOTENCY_HEADER, isCommandAnswer, type CommandAnswer } from '../command-answer.ts'
import { refusedForAnotherUser, sentFor } from './sent-for.ts'

export type CommandSent<A extends CommandAnswer = CommandAnswer> =
  /** the command's answer: done, or refused (4xx) with its reasons */
  | { kind: 'answered'; status: number; answer: A }
  /** the session is gone (401, the sign-in page), or is another user's: nothing is sent until the user signs in again */
  | { kind: 'signed-out' }
  /** the server answered, but with a failure (5xx, or not a command's answer) */
  | { kind: 'failed' }
  /** no answer at all */
  | { kind: 'unreachable' }

/** Posts `body` (its CSRF token among its fields) to `url` as user `userId`'s item with key `key`, and reads the command's answer. */
export async function sendCommand<A extends CommandAnswer = CommandAnswer>(url: string, body: FormData, key: string, userId: number): Promise<CommandSent<A>> {
  const headers = { Accept: 'application/json', [IDEMPOTENCY_HEADER]: key, ...sentFor(userId) }
  let response: Response
  try {
    response = await fetch(url, { method: 'POST', body, credentials: 'same-origin', headers })
  } catch {
    return { kind: 'unreachable' }
  }
  if (refusedForAnotherUser(response)) return { kind: 'signed-out' }
  if (response.status === 401 || (response.redirected && new URL(response.url).pathname === '/login')) return { kind: 'signed-out' }
  if (response.status >= 500 || !(response.headers.get('Content-Type') ?? '').includes('application/json')) return { kind: 'failed' }
  const answer: unknown = await response.json().catch(() => null)
  return isCommandAnswer(answer) ? { kind: 'answered', status: response.status, answer: answer as A } : { kind: 'failed' }
}
