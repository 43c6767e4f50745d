// An outbox item is sent only by its own user's session (issue 38 item 2, decision 0081): every send
// names whose item it is, and the server refuses it when the session is another user's — a tab left
// open by a user whose session ended, after someone else signed in on the device. That tab then
// sends nothing more and is drawn again for the one signed in; the item waits for its own user.
// Browser only.
import { OUTBOX_USER_HEADER, SESSION_USER_HEADER } from '#core/session-user.ts'

/** The header that names whose item a send carries. */
export const sentFor = (userId: number): Record<string, string> => ({ [OUTBOX_USER_HEADER]: String(userId) })

/** The page's user is not the session's: it is drawn again for the session's user (or the sign-in page). */
export function reloadForSessionUser(): void {
  window.location.reload()
}

/**
 * Whether the server refused a send because the session is another user's (a 401 naming the
 * session's user); the page then reloads for that user. The caller treats it as a session gone:
 * nothing is sent, the item stays.
 */
export function refusedForAnotherUser(answer: Response): boolean {
  if (answer.status !== 401 || !answer.headers.has(SESSION_USER_HEADER)) return false
  reloadForSessionUser()
  return true
}
