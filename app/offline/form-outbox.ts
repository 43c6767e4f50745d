// The app's outbox for field forms (issue 22; browser only): a form submitted with no signal is
// kept on the device, for its user, with its submission id — its idempotency key on the server
// (decision 0056) — and sent by whatever page is open once the server answers again
// (outbox-pump.ts). Its photos are kept on the device too (device-photos.ts) and named in the form
// by `{field}_local`: before the form is posted they are uploaded (resumed where they stopped) and
// named by their blob ids instead. It is posted to the same address, asking for its command's JSON
// answer (send-command.ts, decision 0088): the route's own checks and its command run as for any
// post, and a send whose answer was lost, sent again, acts once. A sheet's draft has its own JSON
// API (outbox.ts), answered in the same shape.
import { ENHANCED_FIELD } from '../components/form/form-result.ts'
import { devicePhoto, forgetPhotos, IDS_SUFFIX, LOCAL_SUFFIX, PhotoRefused, uploadPhoto } from './device-photos.ts'
import { askToPersist } from './device-storage.ts'
import { forgetDraftsOf } from './form-draft-store.ts'
import { UploadHttpError } from '../components/upload/chunked-upload.ts'
import { inStore } from './offline-db.ts'
import { sendCommand } from './send-command.ts'

export interface QueuedForm {
  /** `${userId}:${submissionId}` */
  key: string
  userId: number
  submissionId: string
  /** where the form posts (path and query) */
  url: string
  /** the page's title, to say what waits */
  title: string
  /** which record it is (its storage, date, total…), as its form says (AppForm's `summary`) */
  summary?: string
  /** the form's fields, as posted (text only), the CSRF token left out: the sending page's is used */
  fields: [string, string][]
  /** ISO */
  queuedAt: string
  /** the server refused it as it stands (its answer's status): kept, never dropped, until the user sends or discards it */
  refused?: number
  /** why the last try failed (the server's words when it refused), and when (ISO) */
  lastError?: string
  /** the refused page's messages beside its fields, by field name: shown there again when the form is opened */
  fieldErrors?: Record<string, string[]>
  triedAt?: string
}

/** A form reopened from the outbox says why it was not sent. */
export const notSentText = (why: string) => `Not sent: ${why} Correct the form and submit it again.`

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
    // an empty file input (its files went up at once, or none was chosen) posts an empty file: nothing to keep
    if (typeof value !== 'string' && value.size === 0 && value.name === '') continue
    if (typeof value !== 'string') return false
    // the sending page's token goes instead; the JSON face answers without the enhanced flag
    if (name !== CSRF_FIELD && name !== ENHANCED_FIELD) fields.push([name, value])
  }
  const summary = formOf(submissionId)?.dataset.summary
  const entry: QueuedForm = { key: `${user}:${submissionId}`, userId: user, submissionId, url, title: document.title, ...(summary ? { summary } : {}), fields, queuedAt: new Date().toISOString() }
  try {
    await inStore('forms', 'readwrite', (store) => store.put(entry))
    void askToPersist() // something now exists only on this device
    return true
  } catch {
    return false
  }
}

/** The form on the page that posts submission `submissionId`. */
const formOf = (submissionId: string) => Array.from(document.forms).find((form) => new FormData(form).get(SUBMISSION_FIELD) === submissionId)

/** The device photos a form names (`{field}_local`), as [field, localId]. */
export function localPhotosOf(fields: Iterable<[string, FormDataEntryValue]>): [string, string][] {
  const found: [string, string][] = []
  for (const [name, value] of fields) if (name.endsWith(LOCAL_SUFFIX) && typeof value === 'string') found.push([name.slice(0, -LOCAL_SUFFIX.length), value])
  return found
}

export function queuedForm(userId: number, submissionId: string): Promise<QueuedForm | undefined> {
  return inStore('forms', 'readonly', (store) => store.get(`${userId}:${submissionId}`) as IDBRequest<QueuedForm | undefined>)
}

/** The server took this submission (sent from its page): no copy of it waits any more. */
export async function forgetSubmission(userId: number, submissionId: string): Promise<void> {
  await inStore('forms', 'readwrite', (store) => store.delete(`${userId}:${submissionId}`))
}

export function queuedForms(userId: number): Promise<QueuedForm[]> {
  return inStore('forms', 'readonly', (store) => store.index('userId').getAll(userId) as IDBRequest<QueuedForm[]>)
}

/** It and its photos leave the device, and any draft of it (saved after it was queued). */
async function forget(entry: QueuedForm): Promise<void> {
  await inStore('forms', 'readwrite', (store) => store.delete(entry.key))
  await forgetDraftsOf(entry.userId, entry.submissionId)
  await forgetPhotos(
    entry.userId,
    localPhotosOf(entry.fields).map(([, localId]) => localId),
  )
}

async function markFailed(entry: QueuedForm, lastError: string, refused?: number, fieldErrors?: QueuedForm['fieldErrors']): Promise<void> {
  await inStore('forms', 'readwrite', (store) =>
    store.put({ ...entry, lastError, triedAt: new Date().toISOString(), ...(refused ? { refused } : {}), ...(fieldErrors ? { fieldErrors } : {}) } satisfies QueuedForm),
  )
}

/** Takes a refused form back to waiting (the user asked to send it again). */
export async function retryForm(entry: QueuedForm): Promise<void> {
  const { refused: _refused, ...waiting } = entry
  await inStore('forms', 'readwrite', (store) => store.put(waiting))
}

/** The user discarded it: the form and its photos leave the device. */
export const discardForm = forget

export type FormSent = 'sent' | 'refused' | 'signed-out' | 'failed' | 'unreachable'

export const NO_ANSWER_TEXT = 'The server could not be reached.'
const FAILED_TEXT = 'The server could not save it now; it will be sent again.'

/**
 * The form's fields as they are posted: each device photo uploaded (resumed) and named by its blob
 * id in `{field}_ids`, in place of any earlier blob id of the same photo.
 */
async function withUploadedPhotos(entry: QueuedForm, csrf: string): Promise<[string, string][]> {
  const fields = entry.fields.filter(([name]) => !name.endsWith(LOCAL_SUFFIX))
  for (const [field, localId] of localPhotosOf(entry.fields)) {
    const photo = await devicePhoto(entry.userId, localId)
    if (!photo) continue // not on this device any more: the server says whether the form needs it
    const earlier = photo.blobId
    const blobId = await uploadPhoto(photo, csrf)
    const idsField = `${field}${IDS_SUFFIX}`
    const at = fields.findIndex(([name, value]) => name === idsField && value === earlier)
    if (at >= 0) fields.splice(at, 1, [idsField, blobId])
    else fields.push([idsField, blobId])
  }
  return fields
}

/**
 * Posts a queued form to its command's JSON face (send-command.ts: its submission id as the key)
 * with this page's CSRF token, its photos uploaded first. Sent: it and its photos are forgotten.
 * Refused (4xx, or a photo the server will not take): kept, marked with the server's words and its
 * fields' messages, so the user can open it and read them beside the fields.
 */
export async function sendQueuedForm(entry: QueuedForm, csrf: string): Promise<FormSent> {
  let fields: [string, string][]
  try {
    fields = await withUploadedPhotos(entry, csrf)
  } catch (error) {
    if (error instanceof PhotoRefused) {
      await markFailed(entry, error.message, 400)
      return 'refused'
    }
    // the session is gone, or another user's (sent-for.ts): the photos wait with their form
    if (error instanceof UploadHttpError && error.status === 401) return 'signed-out'
    await markFailed(entry, NO_ANSWER_TEXT)
    return 'unreachable'
  }
  const body = new FormData()
  body.append(CSRF_FIELD, csrf)
  for (const [name, value] of fields) body.append(name, value)
  const sent = await sendCommand(entry.url, body, entry.submissionId, entry.userId)
  if (sent.kind === 'signed-out') return 'signed-out'
  if (sent.kind === 'unreachable' || sent.kind === 'failed') {
    await markFailed(entry, sent.kind === 'unreachable' ? NO_ANSWER_TEXT : FAILED_TEXT)
    return sent.kind
  }
  if (sent.answer.ok) {
    await forget(entry)
    return 'sent'
  }
  await markFailed(entry, sent.answer.error, sent.status, sent.answer.fieldErrors)
  return 'refused'
}
