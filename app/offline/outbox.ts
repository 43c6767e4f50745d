// Sending a sheet's draft to its JSON API (/api/pretreat-sheet/{id}, decision 0038), from the sheet
// (sheet-offline.tsx) or from any other page (outbox-pump.ts): the posts (send-command.ts), their
// typed answers (SheetAnswer) told in one shape, and what waits sent in order — the final
// checklist first, since a submit needs it saved; then the submit, or the sheet's edits as a save.
// Browser only.
import { afterChecklistSave, afterRefusal, afterSave, differingFields, sheetIdOf, sheetUnsynced, type DraftRecord, type FormValues } from './draft-record.ts'
import { deleteDraft, readDraft, writeDraft } from './draft-store.ts'
import type { SheetAnswer } from '../command-answer.ts'
import { sendCommand } from './send-command.ts'

export type Sent =
  | { kind: 'submitted'; redirect: string }
  | { kind: 'saved'; version: number; savedAt: string }
  /** someone saved a newer version: theirs, as the form holds it */
  | { kind: 'conflict'; version: number; server: FormValues }
  /** refused as it stands (400, 403, 404, a 409 that is not a conflict): the toast's message, the fields' messages, the inputs to mark */
  | { kind: 'refused'; message: string; errors: Record<string, string>; missing: string[] }
  /** the session is gone (401), or is another user's (sent-for.ts): nothing is sent until the user signs in again */
  | { kind: 'signed-out' }
  /** the server answered, but with a failure (5xx, or not the API's answer) */
  | { kind: 'failed' }
  /** no answer at all */
  | { kind: 'unreachable' }

export const REFUSED_TEXT = 'Form is incomplete or invalid.'

/** A field's messages as one text. */
const oneEach = (errors: Record<string, string[]> = {}) => Object.fromEntries(Object.entries(errors).map(([name, messages]) => [name, messages.join(' ')]))

/** One post of user `userId`'s sheet form (intent save, checklist or submit) to its JSON API, its answer read (SheetAnswer). */
export async function postSheet(userId: number, sheetId: number, fields: FormValues, csrf: string): Promise<Sent> {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  body.set('csrf', csrf)
  const sent = await sendCommand<SheetAnswer>(`/api/pretreat-sheet/${sheetId}`, body, fields.submission_id || crypto.randomUUID(), userId)
  if (sent.kind !== 'answered') return sent
  const { answer, status } = sent
  if (answer.ok) return answer.saved ? { kind: 'saved', ...answer.saved } : { kind: 'submitted', redirect: answer.redirectTo }
  if (status === 409 && answer.conflict) return { kind: 'conflict', ...answer.conflict }
  // 409 without a newer copy: the sheet moved on (submitted, voided) and will not take these values
  return { kind: 'refused', message: answer.error || REFUSED_TEXT, errors: oneEach(answer.fieldErrors), missing: answer.missing ?? [] }
}

/** The sheet's fields as they go: the draft's values on the version they were edited on. */
export function sheetFields(draft: DraftRecord, submissionId: string): FormValues {
  return { ...draft.values, intent: draft.pendingSubmit ? 'submit' : 'save', version: String(draft.baseVersion), submission_id: draft.pendingSubmit?.submissionId ?? submissionId }
}

/**
 * The queued checklist, sent and its answer stored: saved, the copy here goes; refused, nothing
 * waits (the queued submit neither) and the message is kept. Anything else leaves it waiting.
 */
export async function sendQueuedChecklist(draft: DraftRecord, csrf: string): Promise<{ draft: DraftRecord; sent: Sent }> {
  const sheetId = sheetIdOf(draft.draftKey)
  const checklist = draft.checklist
  if (sheetId === null || !checklist) return { draft, sent: { kind: 'failed' } }
  const sent = await postSheet(draft.userId, sheetId, { ...checklist.values, intent: 'checklist', version: String(draft.baseVersion) }, csrf)
  let next = draft
  if (sent.kind === 'saved') next = afterChecklistSave(draft, checklist.savedLocallyAt)
  else if (sent.kind === 'refused') next = afterRefusal(draft, 'checklist', sent.message)
  if (next !== draft) await writeDraft(next)
  return { draft: next, sent }
}

/**
 * Sends what a draft holds waiting (decisions 0048, 0060), from a page that is not its sheet: the
 * queued checklist, then the queued submit, else the sheet's edits as a save. Submitted, the draft
 * goes; saved, it is the server's; refused, the message is kept for the sheet; a conflict over
 * different values waits for the sheet (its choice); no answer, it stays for the next try.
 */
export async function sendWaiting(draft: DraftRecord, csrf: string): Promise<Sent | null> {
  let current = draft
  if (current.checklist?.queued) {
    const result = await sendQueuedChecklist(current, csrf)
    if (result.sent.kind !== 'saved') return result.sent
    current = result.draft
  }
  const sheetId = sheetIdOf(current.draftKey)
  if (sheetId === null) return null
  if (current.pendingSubmit) {
    const sent = await postSheet(current.userId, sheetId, sheetFields(current, current.pendingSubmit.submissionId), csrf)
    if (sent.kind === 'submitted') await deleteDraft(current.userId, current.draftKey)
    else if (sent.kind === 'refused') await writeDraft(afterRefusal(current, 'sheet', sent.message))
    return sent
  }
  if (!sheetUnsynced(current) || current.refusal !== undefined) return null
  // a save's key is its own: the version it was edited on makes a replay a conflict over equal values
  const sent = await postSheet(current.userId, sheetId, sheetFields(current, crypto.randomUUID()), csrf)
  const sentAs = { values: current.values, savedLocallyAt: current.savedLocallyAt }
  if (sent.kind === 'saved') await writeDraft(afterSave(current, sentAs, sent))
  else if (sent.kind === 'conflict' && differingFields(current.values, sent.server).length === 0) {
    // the server already holds these values (the same save arrived earlier): they are its
    const saved = { kind: 'saved', version: sent.version, savedAt: new Date().toISOString() } as const
    await writeDraft(afterSave(current, sentAs, saved))
    return saved
  } else if (sent.kind === 'refused') await writeDraft(afterRefusal(current, 'sheet', sent.message))
  return sent
}

/** Send now on a sheet the server refused: its edits go again as they stand. */
export async function retrySheet(userId: number, draftKey: string): Promise<void> {
  const draft = await readDraft(userId, draftKey)
  if (!draft?.refusal) return
  const { refusal: _tried, ...rest } = draft
  await writeDraft(rest)
}
