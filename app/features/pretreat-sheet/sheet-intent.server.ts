// One posted sheet form (the page's, or the same FormData through the JSON API), run: its intent
// (save, checklist, submit) read with its schema and taken through workflows/pretreat-sheet.server.ts,
// and the outcome told in one shape that the page's action and the API each answer in their own way.
import { parseSubmission } from '#app/forms.server.ts'
import { ConflictError, ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import type { SessionUser } from '#core/permissions.ts'
import { CHECKLIST_INCOMPLETE, FORM_INVALID, IncompleteError, sheetFormValues } from '#core/pretreat-sheet.ts'
import { PretreatChecklistSchema, PretreatSheetSchema } from '#core/schemas/pretreat-sheet.ts'
import { getDb } from '#db/client.server.ts'
import { sheetById } from '#db/queries/pretreat-sheet.ts'
import { saveSheet, saveSheetChecklist, submitSheet } from '#workflows/pretreat-sheet.server.ts'
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

export async function runSheetIntent(form: FormData, id: number, user: SessionUser): Promise<SheetOutcome> {
  const intent = intentOf(form)
  const db = getDb()
  const failMessage = intent === 'checklist' ? CHECKLIST_INCOMPLETE : FORM_INVALID
  try {
    if (intent === 'checklist') {
      const submission = parseSubmission(form, PretreatChecklistSchema)
      if (submission.status !== 'success') return { kind: 'invalid', intent, message: failMessage, errors: fieldMessages(submission.error), missing: [] }
      const saved = await saveSheetChecklist(db, id, user, submission.value)
      return { kind: 'saved', intent, version: saved.version, savedAt: saved.savedAt.toISOString() }
    }
    const submission = parseSubmission(form, PretreatSheetSchema)
    if (submission.status !== 'success') return { kind: 'invalid', intent, message: failMessage, errors: fieldMessages(submission.error), missing: [] }
    if (intent === 'submit') {
      await submitSheet(db, id, user, { ...submission.value, intent })
      return { kind: 'submitted' }
    }
    const saved = await saveSheet(db, id, user, submission.value)
    return { kind: 'saved', intent, version: saved.version, savedAt: saved.savedAt.toISOString() }
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
