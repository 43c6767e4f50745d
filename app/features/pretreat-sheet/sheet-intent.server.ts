// One posted sheet form (the page's, or the same FormData through the JSON API), run: its intent
// (save, checklist, submit) read with its command's schema and run by commands/pretreat-sheet.ts,
// and the outcome told in one shape that the page's action and the API each answer in their own way.
import { parseSubmission } from '#app/forms.server.ts'
import { runCommand } from '#commands/command.ts'
import { saveSheet, saveSheetChecklist, sheetPressKey, SheetStepSchema, submitSheet } from '#commands/pretreat-sheet.ts'
import { ConflictError, ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import type { SessionUser } from '#core/permissions.ts'
import { CHECKLIST_INCOMPLETE, FORM_INVALID, IncompleteError, sheetFormValues } from '#core/pretreat-sheet.ts'
import { getDb } from '#db/client.server.ts'
import { sheetById } from '#db/queries/pretreat-sheet.ts'
import { CHANGED_MEANWHILE } from '#workflows/transition.server.ts'

export type SheetIntent = 'save' | 'checklist' | 'submit'

export type SheetOutcome =
  | { kind: 'saved'; intent: 'save' | 'checklist'; version: number; savedAt: string }
  | { kind: 'submitted' }
  /** refused input: the toast's message, the fields' messages, and the inputs a submit or the checklist still needs (to mark them) */
  | { kind: 'invalid'; intent: SheetIntent; message: string; errors: Record<string, string>; missing: string[] }
  /** someone saved a newer version: theirs, as the form would hold it */
  | { kind: 'conflict'; intent: SheetIntent; message: string; version: number; server: Record<string, string> }
  /** not possible now (409), not the user's to fill (403), no such sheet (404), or a failure (500) */
  | { kind: 'refused'; intent: SheetIntent; status: 403 | 404 | 409 | 500; message: string }

export const SHEET_SAVE_FAILED = 'Problem occurred while submitting data. Please try again.'

function intentOf(form: FormData): SheetIntent {
  const intent = form.get('intent')
  return intent === 'checklist' || intent === 'submit' ? intent : 'save'
}

/** The messages of a refused parse, one text per field. */
export function fieldMessages(error: Record<string, string[] | null> | null | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(error ?? {}).flatMap(([name, messages]) => (messages?.length && name !== '' ? [[name, messages.join(' ')]] : [])))
}

/** The post with the pre-treat the page's address names (`pretreat_id`), never the one it may carry. */
export function onPretreat(form: FormData, id: number): FormData {
  const posted = new FormData()
  for (const [name, value] of form) if (name !== 'pretreat_id') posted.append(name, value)
  posted.set('pretreat_id', String(id))
  return posted
}

export async function runSheetIntent(form: FormData, id: number, user: SessionUser): Promise<SheetOutcome> {
  const intent = intentOf(form)
  const db = getDb()
  const failMessage = intent === 'checklist' ? CHECKLIST_INCOMPLETE : FORM_INVALID
  const posted = onPretreat(form, id)
  try {
    if (intent === 'checklist') {
      const submission = parseSubmission(posted, saveSheetChecklist.schema)
      if (submission.status !== 'success') return { kind: 'invalid', intent, message: failMessage, errors: fieldMessages(submission.error), missing: [] }
      // A key of its own for each post: the checklist replaces the one saved before and leaves the
      // version, so nothing in a post tells a later press with the same answers (after others) from
      // this one sent again; and saved again, it is the same checklist.
      const saved = await runCommand(db, saveSheetChecklist, { actor: user, key: crypto.randomUUID(), input: submission.value })
      return { kind: 'saved', intent, version: saved.version, savedAt: saved.savedAt }
    }
    const submission = parseSubmission(posted, SheetStepSchema)
    if (submission.status !== 'success') return { kind: 'invalid', intent, message: failMessage, errors: fieldMessages(submission.error), missing: [] }
    const input = submission.value
    if (intent === 'submit') {
      await runCommand(db, submitSheet, { actor: user, key: sheetPressKey('submit', input), input })
      return { kind: 'submitted' }
    }
    const saved = await runCommand(db, saveSheet, { actor: user, key: sheetPressKey('save', input), input })
    return { kind: 'saved', intent, version: saved.version, savedAt: saved.savedAt }
  } catch (error) {
    if (error instanceof InputError) {
      const { '': message, ...errors } = error.fieldErrors
      return { kind: 'invalid', intent, message: message ?? failMessage, errors, missing: error instanceof IncompleteError ? [...error.missing] : [] }
    }
    if (error instanceof ConflictError && error.message === CHANGED_MEANWHILE) {
      const current = await sheetById(db, id)
      if (current) return { kind: 'conflict', intent, message: error.message, version: current.version, server: sheetFormValues(current) }
    }
    if (error instanceof ConflictError) return { kind: 'refused', intent, status: 409, message: error.message }
    if (error instanceof ForbiddenError) return { kind: 'refused', intent, status: 403, message: error.message }
    if (error instanceof NotFoundError) return { kind: 'refused', intent, status: 404, message: error.message }
    console.error('Pre-treat sheet save failed', error)
    return { kind: 'refused', intent, status: 500, message: SHEET_SAVE_FAILED }
  }
}
