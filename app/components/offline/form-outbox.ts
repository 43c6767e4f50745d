// The app's outbox for field forms (issue 22; browser only): a form submitted with no signal is
// kept on the device, for its user, with its submission id — its idempotency key on the server
// (decision 0056) — and sent by whatever page is open once the server answers again
// (outbox-pump.ts). It is posted as the browser would post it without JavaScript, to the same
// address: the route's own checks and its command run as for any post, and a send whose answer was
// lost, sent again, acts once. Only forms without files queue (their photos need the upload
// first); a sheet's draft has its own JSON API (outbox.ts).
import { ENHANCED_FIELD } from '../form/form-result.ts'
import { inStore } from './offline-db.ts'

export interface QueuedForm {
  /** `${userId}:${submissionId}` */
  key: string
  userId: number
  submissionId: string
  /** where the form posts (path and query) */
  url: string
  /** the page's title, to say what waits */
  title: string
  /** the form's fields, as posted (text only), the CSRF token left out: the sending page's is used */
  fields: [string, string][]
  /** ISO */
  queuedAt: string
  /** the server refused it as it stands (its answer's status): kept, never dropped, until the user sends or discards it */
  refused?: number
}

export const FORM_QUEUED_TEXT = 'No connection — the form is kept on this device and will be sent when you are back online.'

const CSRF_FIELD = 'csrf'
const SUBMISSION_FIELD = 'submission_id'

let user: number | null = null

/** Who is signed in on this page (the outbox pump says): a queued form is theirs. */
export function setOutboxUser(userId: number | null): void {
  user = userId
}

export const outboxUser = () => user

/**
 * Keeps `form`, posted to `url`, for the signed-in user; false when it cannot wait (no user known,
 * no submission id, a file in it, or no IndexedDB): the caller then says it failed, as before.
 */
export async function queueForm(url: string, form: FormData): Promise<boolean> {
  const submissionId = form.get(SUBMISSION_FIELD)
  if (user === null || typeof submissionId !== 'string' || submissionId === '' || typeof indexedDB === 'undefined') return false
  const fields: [string, string][] = []
  for (const [name, value] of form) {
    if (typeof value !== 'string') return false
    // sent later as a plain post: the route then answers as it does without JavaScript (a redirect)
    if (name !== CSRF_FIELD && name !== ENHANCED_FIELD) fields.push([name, value])
  }
  const entry: QueuedForm = { key: `${user}:${submissionId}`, userId: user, submissionId, url, title: document.title, fields, queuedAt: new Date().toISOString() }
  try {
    await inStore('forms', 'readwrite', (store) => store.put(entry))
    return true
  } catch {
    return false
  }
}

export function queuedForms(userId: number): Promise<QueuedForm[]> {
  return inStore('forms', 'readonly', (store) => store.index('userId').getAll(userId) as IDBRequest<QueuedForm[]>)
}

async function forget(entry: QueuedForm): Promise<void> {
  await inStore('forms', 'readwrite', (store) => store.delete(entry.key))
}

export type FormSent = 'sent' | 'refused' | 'signed-out' | 'failed' | 'unreachable'

/**
 * Posts a queued form as a plain form post (no JavaScript's answer: the route redirects to where the
 * record is shown on success) with this page's CSRF token. Sent: forgotten. Refused (4xx): kept,
 * marked, so the user can open it. A redirect to the sign-in page is a session gone, not a success.
 */
export async function sendQueuedForm(entry: QueuedForm, csrf: string): Promise<FormSent> {
  const body = new FormData()
  body.append(CSRF_FIELD, csrf)
  for (const [name, value] of entry.fields) body.append(name, value)
  let answer: Response
  try {
    answer = await fetch(entry.url, { method: 'POST', body, credentials: 'same-origin' })
  } catch {
    return 'unreachable'
  }
  if (answer.redirected && new URL(answer.url).pathname === '/login') return 'signed-out'
  // the route took it: it sends a saved form on to where the record is shown (whatever that page answers)
  if (answer.redirected) {
    await forget(entry)
    return 'sent'
  }
  const status = answer.status
  if (status === 401) return 'signed-out'
  if (status >= 400 && status < 500) {
    await inStore('forms', 'readwrite', (store) => store.put({ ...entry, refused: status } satisfies QueuedForm))
    return 'refused'
  }
  return 'failed'
}
