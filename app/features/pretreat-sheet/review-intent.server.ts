// One posted review sheet form (/review-pre-treat/{id}), run: its intent (save, submit) read with
// the review command's schema and run by commands/pretreat-review.ts, the outcome told in the
// application sheet's shape (app/command-answer.server.ts sheetOutcome), which answers it too.
// A completing submit queues the sheet's PDF in its transaction (app/features/pretreat-pdf/pretreat-pdf.server.ts),
// and the grower's report by e-mail (app/documents/grower-report.server.tsx).
import { prepareGrowerReport } from '#app/documents/grower-report.server.tsx'
import { queuePretreatPdf } from '#app/features/pretreat-pdf/pretreat-pdf.server.ts'
import { parseSubmission, sheetOutcome, type SheetOutcome } from '#app/command-answer.server.ts'
import { runCommand } from '#commands/command.ts'
import { ReviewStepSchema, saveReview, submitReview } from '#commands/pretreat-review.ts'
import { sheetPressKey } from '#commands/pretreat-sheet.ts'
import type { SessionUser } from '#core/permissions.ts'
import { FORM_INVALID } from '#core/pretreat-sheet.ts'
import type { PretreatState } from '#core/workflow-states.ts'
import { getDb, type Executor } from '#db/client.server.ts'
import { fieldMessages, onPretreat } from './sheet-intent.server.ts'

export type ReviewIntent = 'save' | 'submit'

/**
 * What the review's submit does besides, in its transaction (runCommand's `then`): once it completed
 * the pre-treat, the sheet's PDF queued, and the grower's report the command asked for prepared.
 */
export function queuePdfWhenCompleted(id: number) {
  return async (trx: Executor, result: { status: PretreatState; report?: number | null }) => {
    if (result.status !== 'completed') return
    await queuePretreatPdf(trx, id)
    if (result.report) await prepareGrowerReport(trx, result.report, id)
  }
}

export async function runReviewIntent(form: FormData, id: number, user: SessionUser): Promise<SheetOutcome> {
  const intent: ReviewIntent = form.get('intent') === 'submit' ? 'submit' : 'save'
  const db = getDb()
  return sheetOutcome(
    async () => {
      const submission = parseSubmission(onPretreat(form, id), ReviewStepSchema)
      if (submission.status !== 'success') return { kind: 'invalid', message: FORM_INVALID, errors: fieldMessages(submission.error), missing: [] }
      const input = submission.value
      if (intent === 'submit') {
        await runCommand(db, submitReview, { actor: user, key: sheetPressKey('submit', input), input, then: queuePdfWhenCompleted(id) })
        return { kind: 'submitted' }
      }
      const saved = await runCommand(db, saveReview, { actor: user, key: sheetPressKey('save', input), input })
      return { kind: 'saved', version: saved.version, savedAt: saved.savedAt }
    },
    { invalidText: FORM_INVALID },
  )
}
