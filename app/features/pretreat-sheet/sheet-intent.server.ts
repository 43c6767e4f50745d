// One posted sheet form (the page's, or the same FormData through the JSON API), run: its intent
// (save, checklist, submit) read with its command's schema and run by commands/pretreat-sheet.ts.
// Its outcome, a refusal included, is told in one shape (app/command-answer.server.ts sheetOutcome),
// which the same module answers for the page and for the API.
import { parseSubmission, sheetOutcome, type SheetIntent, type SheetOutcome } from '#app/command-answer.server.ts'
import { runCommand } from '#commands/command.ts'
import { saveSheet, saveSheetChecklist, sheetPressKey, SheetStepSchema, submitSheet } from '#commands/pretreat-sheet.ts'
import type { SessionUser } from '#core/permissions.ts'
import { CHECKLIST_INCOMPLETE, FORM_INVALID, sheetFormValues } from '#core/pretreat-sheet.ts'
import { getDb } from '#db/client.server.ts'
import { sheetById } from '#db/queries/pretreat-sheet.ts'

export function intentOf(form: FormData): SheetIntent {
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
  const invalidText = intent === 'checklist' ? CHECKLIST_INCOMPLETE : FORM_INVALID
  const posted = onPretreat(form, id)
  const serverCopy = async () => {
    const current = await sheetById(db, id)
    return current ? { version: current.version, server: sheetFormValues(current) } : null
  }
  return sheetOutcome(
    async () => {
      if (intent === 'checklist') {
        const submission = parseSubmission(posted, saveSheetChecklist.schema)
        if (submission.status !== 'success') return { kind: 'invalid', message: invalidText, errors: fieldMessages(submission.error), missing: [] }
        // A key of its own for each post: the checklist replaces the one saved before and leaves the
        // version, so nothing in a post tells a later press with the same answers (after others) from
        // this one sent again; and saved again, it is the same checklist.
        const saved = await runCommand(db, saveSheetChecklist, { actor: user, key: crypto.randomUUID(), input: submission.value })
        return { kind: 'saved', version: saved.version, savedAt: saved.savedAt }
      }
      const submission = parseSubmission(posted, SheetStepSchema)
      if (submission.status !== 'success') return { kind: 'invalid', message: invalidText, errors: fieldMessages(submission.error), missing: [] }
      const input = submission.value
      if (intent === 'submit') {
        await runCommand(db, submitSheet, { actor: user, key: sheetPressKey('submit', input), input })
        return { kind: 'submitted' }
      }
      const saved = await runCommand(db, saveSheet, { actor: user, key: sheetPressKey('save', input), input })
      return { kind: 'saved', version: saved.version, savedAt: saved.savedAt }
    },
    { invalidText, serverCopy },
  )
}
